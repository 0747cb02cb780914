// The overlay on GNOME Shell (docs/OVERLAY.md): gestured-overlay decides what to draw (its
// OverlayScene) and hands each frame's shapes over the session bus; painter.js paints them on one
// St.DrawingArea above every window of one monitor. The area is not reactive: clicks, touches and
// the pointer reach the windows under it. It is there only while gestured-overlay shows it.

import St from 'gi://St';
import * as Main from 'resource:///org/gnome/shell/ui/main.js';

import {paint} from './painter.js';

/** A failed overlay call: said to the caller as org.gestured.Shell.Error.Failed. */
export class OverlayRefusal extends Error {}

/** The drawing area over one monitor, and the last frame it was given. */
export class Overlay {
    /** Shows it over the monitor whose connector is `output` ("": GNOME's primary monitor; one
     * GNOME does not have: refused); `size` is its size in logical pixels. */
    constructor(output) {
        const monitor = Overlay.monitor(output);
        this._frame = {pad: {corner: 'bottom-right', width: 160}, shapes: []};
        this._area = new St.DrawingArea({
            reactive: false, can_focus: false, track_hover: false,
            x: monitor.x, y: monitor.y, width: monitor.width, height: monitor.height,
        });
        this._area.connect('repaint', area => this._repaint(area));
        // Above the windows, fullscreen ones too; not in the input region (X11 sessions).
        Main.layoutManager.addTopChrome(this._area, {affectsInputRegion: false, trackFullscreen: false});
        this.size = [monitor.width, monitor.height];
    }

    /** The monitor named by its connector (`eDP-1`, `Virtual-1`), or GNOME's primary one. */
    static monitor(output) {
        const layout = Main.layoutManager;
        if (!output)
            return layout.primaryMonitor;
        const index = global.backend.get_monitor_manager().get_monitor_for_connector(output);
        if (index < 0 || !layout.monitors[index]) {
            const manager = global.backend.get_monitor_manager();
            const names = layout.monitors.map((_, i) => manager.get_connector_for_monitor?.(i)).filter(Boolean);
            throw new OverlayRefusal(`GNOME has no output “${output}”${names.length ? ` (it has ${names.join(', ')})` : ''}`);
        }
        return layout.monitors[index];
    }

    /** Takes a frame (ShellOverlayFrame.swift's JSON) and paints it at GNOME's next frame. */
    draw(text) {
        let frame;
        try {
            frame = JSON.parse(text);
        } catch (error) {
            throw new OverlayRefusal(`the frame is not JSON: ${error.message}`);
        }
        if (!Array.isArray(frame?.shapes))
            throw new OverlayRefusal('the frame has no shapes');
        this._frame = frame;
        this._area.queue_repaint();
    }

    /** Takes it off the screen for good. */
    destroy() {
        Main.layoutManager.removeChrome(this._area);
        this._area.destroy();
        this._area = null;
    }

    _repaint(area) {
        const cr = area.get_context();
        const [width, height] = area.get_surface_size();
        try {
            paint(cr, width, height, this._frame);
        } finally {
            cr.$dispose();
        }
    }
}
