// gestured's GNOME Shell extension (docs/ACTIONS.md, "GNOME").
//
// Mutter tells no other program which window has the focus, and lets none act on windows;
// gestured's actions runner (gestured-actions) needs both for `when:` and `window:`. While
// enabled, this serves org.gestured.Shell on the user's own session bus (no other user can reach
// that bus: docs/SECURITY.md):
//
//   Focused() -> (app, otherNames, title)   the focused window ("" when none)
//   Workspace() -> (index, count)           the active workspace (from 0) and how many there are
//   Act(action)                             close, minimize, maximize, fullscreen, show-desktop,
//                                           workspace next|previous|N, move-to-workspace …;
//                                           an error org.gestured.Shell.Error.Failed says why not
//   signal FocusChanged(app, otherNames, title), signal WorkspaceChanged(index, count)
//   OverlayShow(output) -> (width, height)  gestured-overlay's drawing area over a monitor ("": the primary)
//   OverlayDraw(frame)                      a frame of its shapes (JSON), painted by overlay.js
//   OverlayHide()                           the area taken away (also when its caller leaves the bus)
//
// It reads no input, runs no program, draws only what gestured-overlay hands it (on an area that
// takes no input) and keeps nothing once disabled.

import Gio from 'gi://Gio';
import GLib from 'gi://GLib';
import Meta from 'gi://Meta';
import Shell from 'gi://Shell';
import {Extension} from 'resource:///org/gnome/shell/extensions/extension.js';

import {Overlay, OverlayRefusal} from './overlay.js';

const BUS_NAME = 'org.gestured.Shell';
const OBJECT_PATH = '/org/gestured/Shell';
const FAILED = 'org.gestured.Shell.Error.Failed';
const INTERFACE = `
<node>
  <interface name="org.gestured.Shell1">
    <method name="Focused">
      <arg type="s" name="app" direction="out"/>
      <arg type="as" name="otherNames" direction="out"/>
      <arg type="s" name="title" direction="out"/>
    </method>
    <method name="Workspace">
      <arg type="i" name="index" direction="out"/>
      <arg type="i" name="count" direction="out"/>
    </method>
    <method name="Act">
      <arg type="s" name="action" direction="in"/>
    </method>
    <method name="OverlayShow">
      <arg type="s" name="output" direction="in"/>
      <arg type="i" name="width" direction="out"/>
      <arg type="i" name="height" direction="out"/>
    </method>
    <method name="OverlayDraw">
      <arg type="s" name="frame" direction="in"/>
    </method>
    <method name="OverlayHide"/>
    <signal name="FocusChanged">
      <arg type="s" name="app"/>
      <arg type="as" name="otherNames"/>
      <arg type="s" name="title"/>
    </signal>
    <signal name="WorkspaceChanged">
      <arg type="i" name="index"/>
      <arg type="i" name="count"/>
    </signal>
  </interface>
</node>`;

/** What the runner matches `when: { app: … }` against: the Wayland app_id (X11: WM_CLASS), the
 * desktop file's name and the WM_CLASS instance as other names, and the title. */
function describe(window) {
    if (!window)
        return ['', [], ''];
    const app = window.get_wm_class() ?? '';
    const others = [];
    const id = Shell.WindowTracker.get_default().get_window_app(window)?.get_id() ?? '';
    // An app GNOME does not know is "window:N": not a name.
    if (id.endsWith('.desktop'))
        others.push(id.slice(0, -'.desktop'.length));
    const instance = window.get_wm_class_instance() ?? '';
    if (instance)
        others.push(instance);
    return [app, [...new Set(others)].filter(name => name !== app), window.get_title() ?? ''];
}

/** A failed action: said to the caller as org.gestured.Shell.Error.Failed. */
class Refusal extends Error {}

/** The object served on the bus: what the runner may ask and tell. */
class Service {
    constructor() {
        this._hidden = [];
        this._overlay = null;
        this._overlayCaller = null;
        this._overlayWatch = 0;
    }

    /** Shows gestured-overlay's drawing area for its caller; a newer caller takes it over. */
    OverlayShowAsync([output], invocation) {
        this._answer(invocation, () => {
            this.hideOverlay();
            this._overlay = new Overlay(output);
            this._overlayCaller = invocation.get_sender();
            // Gone from the bus (stopped, crashed): its drawing goes too.
            this._overlayWatch = Gio.bus_watch_name_on_connection(Gio.DBus.session, this._overlayCaller,
                Gio.BusNameWatcherFlags.NONE, null, () => this.hideOverlay());
            return new GLib.Variant('(ii)', this._overlay.size);
        });
    }

    OverlayDrawAsync([frame], invocation) {
        this._answer(invocation, () => {
            if (!this._overlay || invocation.get_sender() !== this._overlayCaller)
                throw new Refusal('the overlay is not shown for this caller: call OverlayShow first');
            this._overlay.draw(frame);
            return null;
        });
    }

    OverlayHideAsync(_arguments, invocation) {
        this._answer(invocation, () => {
            if (invocation.get_sender() === this._overlayCaller)
                this.hideOverlay();
            return null;
        });
    }

    /** Takes the overlay's area away, and stops watching its caller. */
    hideOverlay() {
        if (this._overlayWatch)
            Gio.bus_unwatch_name(this._overlayWatch);
        this._overlayWatch = 0;
        this._overlayCaller = null;
        this._overlay?.destroy();
        this._overlay = null;
    }

    /** Replies with what `work` returns, or with the error it throws. */
    _answer(invocation, work) {
        try {
            invocation.return_value(work());
        } catch (error) {
            if (!(error instanceof Refusal) && !(error instanceof OverlayRefusal))
                logError(error, `gestured: ${invocation.get_method_name()}`);
            invocation.return_dbus_error(FAILED, error.message);
        }
    }

    Focused() {
        return describe(global.display.focus_window);
    }

    Workspace() {
        const workspaces = global.workspace_manager;
        return [workspaces.get_active_workspace_index(), workspaces.get_n_workspaces()];
    }

    ActAsync([action], invocation) {
        this._answer(invocation, () => {
            this._act(action.split(' ').filter(word => word !== ''));
            return null;
        });
    }

    _act(words) {
        const time = global.get_current_time();
        switch (words[0]) {
        case 'close': {
            const window = this._focused();
            if (!window.can_close())
                throw new Refusal(`${window.get_title()} cannot be closed`);
            window.delete(time);
            return;
        }
        case 'minimize': {
            const window = this._focused();
            if (!window.can_minimize())
                throw new Refusal(`${window.get_title()} cannot be minimized`);
            window.minimize();
            return;
        }
        case 'maximize': {
            const window = this._focused();
            if (window.get_maximized() === Meta.MaximizeFlags.BOTH)
                window.unmaximize(Meta.MaximizeFlags.BOTH);
            else if (window.can_maximize())
                window.maximize(Meta.MaximizeFlags.BOTH);
            else
                throw new Refusal(`${window.get_title()} cannot be maximized`);
            return;
        }
        case 'fullscreen': {
            const window = this._focused();
            if (window.is_fullscreen())
                window.unmake_fullscreen();
            else
                window.make_fullscreen();
            return;
        }
        case 'show-desktop':
            this._showDesktop();
            return;
        case 'workspace':
            global.workspace_manager.get_workspace_by_index(this._workspace(words[1])).activate(time);
            return;
        case 'move-to-workspace': {
            const window = this._focused();
            const index = this._workspace(words[1]);
            window.change_workspace_by_index(index, false);
            global.workspace_manager.get_workspace_by_index(index).activate_with_focus(window, time);
            return;
        }
        default:
            throw new Refusal(`no window action “${words.join(' ')}”`);
        }
    }

    _focused() {
        const window = global.display.focus_window;
        if (!window)
            throw new Refusal('no window has the focus');
        return window;
    }

    /** The index of workspace `which` (next, previous, or a number from 1). */
    _workspace(which) {
        const workspaces = global.workspace_manager;
        const count = workspaces.get_n_workspaces();
        const index = workspaces.get_active_workspace_index();
        if (which === 'next') {
            if (index + 1 >= count)
                throw new Refusal(`already on the last workspace (${count})`);
            return index + 1;
        }
        if (which === 'previous' || which === 'prev') {
            if (index === 0)
                throw new Refusal('already on the first workspace');
            return index - 1;
        }
        const number = Number.parseInt(which ?? '', 10);
        if (!(number >= 1))
            throw new Refusal(`no workspace “${which ?? ''}”: next, previous or a number from 1`);
        if (number > count)
            throw new Refusal(`GNOME has ${count} workspaces, no workspace ${number}`);
        return number - 1;
    }

    /** Minimizes the active workspace's windows, or brings back those it minimized. */
    _showDesktop() {
        const shown = this._hidden.filter(window => window.get_compositor_private() !== null && window.minimized);
        this._hidden = [];
        if (shown.length > 0) {
            shown.forEach(window => window.unminimize());
            return;
        }
        const workspace = global.workspace_manager.get_active_workspace();
        this._hidden = workspace.list_windows().filter(window =>
            window.get_window_type() === Meta.WindowType.NORMAL && !window.minimized && window.can_minimize());
        this._hidden.forEach(window => window.minimize());
    }
}

export default class GesturedExtension extends Extension {
    enable() {
        this._service = new Service();
        this._object = Gio.DBusExportedObject.wrapJSObject(INTERFACE, this._service);
        this._object.export(Gio.DBus.session, OBJECT_PATH);
        this._name = Gio.bus_own_name_on_connection(Gio.DBus.session, BUS_NAME,
            Gio.BusNameOwnerFlags.NONE, null, null);
        this._window = null;
        this._windowSignals = [];
        this._displaySignal = global.display.connect('notify::focus-window', () => this._follow());
        const workspaces = global.workspace_manager;
        this._workspaceSignals = [
            workspaces.connect('active-workspace-changed', () => this._workspaceChanged()),
            workspaces.connect('notify::n-workspaces', () => this._workspaceChanged()),
        ];
        this._follow();
    }

    disable() {
        this._service.hideOverlay();
        global.display.disconnect(this._displaySignal);
        this._workspaceSignals.forEach(id => global.workspace_manager.disconnect(id));
        this._unfollowWindow();
        Gio.bus_unown_name(this._name);
        this._object.unexport();
        this._object = null;
        this._service = null;
        this._workspaceSignals = null;
    }

    /** Follows the focused window: its title and app may change while it has the focus. */
    _follow() {
        this._unfollowWindow();
        const window = global.display.focus_window;
        if (window) {
            this._window = window;
            this._windowSignals = ['notify::title', 'notify::wm-class'].map(name =>
                window.connect(name, () => this._focusChanged()));
        }
        this._focusChanged();
    }

    _unfollowWindow() {
        this._windowSignals.forEach(id => this._window.disconnect(id));
        this._windowSignals = [];
        this._window = null;
    }

    _focusChanged() {
        this._object.emit_signal('FocusChanged', new GLib.Variant('(sass)', describe(this._window)));
    }

    _workspaceChanged() {
        this._object.emit_signal('WorkspaceChanged', new GLib.Variant('(ii)', this._service.Workspace()));
    }
}
