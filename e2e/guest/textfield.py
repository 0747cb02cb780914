#!/usr/bin/env python3
"""A GTK 4 window with one text field, a Wayland-native application for the desktop guests
(e2e/guest/gnome.py): its app id is org.gestured.TextField, and whatever is typed into the field
is written to FILE as it changes, so the guest reads what the compositor delivered; FILE.state
gets a line `active` or `inactive` each time the window gains or loses the focus.

    textfield.py FILE
"""
import sys

import gi

gi.require_version("Gtk", "4.0")
from gi.repository import Gtk  # noqa: E402


def main():
    path = sys.argv[1]

    def activate(app):
        window = Gtk.ApplicationWindow(application=app, title="gestured text field")
        window.set_default_size(480, 160)
        entry = Gtk.Entry()

        def changed(field):
            with open(path, "w") as f:
                f.write(field.get_text())

        def active(window, _):
            with open(path + ".state", "a") as f:
                f.write(("active" if window.is_active() else "inactive") + "\n")

        entry.connect("changed", changed)
        window.connect("notify::is-active", active)
        window.set_child(entry)
        window.present()
        entry.grab_focus()

    app = Gtk.Application(application_id="org.gestured.TextField")
    app.connect("activate", activate)
    app.run([])


if __name__ == "__main__":
    main()
