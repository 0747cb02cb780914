#!/usr/bin/env python3
"""A GTK 4 window with one text field, a Wayland-native application for the desktop guests
(e2e/guest/gnome.py, e2e/guest/plasma.py): its app id is org.gestured.TextField, and whatever is
typed into the field is written to FILE as it changes, so the guest reads what the compositor
delivered; FILE.state gets a line each time the compositor changes the window's state, as the
window sees it: `active=1 maximized=0 fullscreen=0 suspended=0` (suspended: minimized, or
otherwise out of sight, as xdg-shell tells it); FILE.clicks gets a line `button=3` for each
right-button press on it.

    textfield.py FILE [--maximized]

--maximized: a window of its own (not handed to a running instance), maximized from the start.
"""
import sys

import gi

gi.require_version("Gtk", "4.0")
from gi.repository import Gio, Gtk  # noqa: E402


def main():
    path = sys.argv[1]
    maximized = "--maximized" in sys.argv[2:]

    def activate(app):
        window = Gtk.ApplicationWindow(application=app, title="gestured text field")
        window.set_default_size(480, 160)
        entry = Gtk.Entry()

        def changed(field):
            with open(path, "w") as f:
                f.write(field.get_text())

        def state(window, _):
            with open(path + ".state", "a") as f:
                f.write(f"active={int(window.is_active())} maximized={int(window.is_maximized())} "
                        f"fullscreen={int(window.is_fullscreen())} suspended={int(window.is_suspended())}\n")

        def clicked(gesture, _presses, _x, _y):
            with open(path + ".clicks", "a") as f:
                f.write(f"button={gesture.get_current_button()}\n")

        click = Gtk.GestureClick(button=3)
        click.connect("pressed", clicked)
        window.add_controller(click)
        entry.connect("changed", changed)
        for name in ("is-active", "maximized", "fullscreened", "suspended"):
            window.connect(f"notify::{name}", state)
        window.set_child(entry)
        if maximized:
            window.maximize()
        window.present()
        entry.grab_focus()

    app = Gtk.Application(application_id="org.gestured.TextField",
                          flags=Gio.ApplicationFlags.NON_UNIQUE if maximized else Gio.ApplicationFlags.DEFAULT_FLAGS)
    app.connect("activate", activate)
    app.run([])


if __name__ == "__main__":
    main()
