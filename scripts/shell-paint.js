// gjs -m scripts/shell-paint.js FRAME.json WIDTH HEIGHT OUT.png
//
// Paints one overlay frame (ShellOverlayFrame.swift's JSON, as gestured-overlay hands it to the
// GNOME Shell extension) with the extension's own painter (gnome-shell/gestured@gestured.org/
// painter.js) onto a transparent WIDTH × HEIGHT image, outside GNOME Shell: how
// Tests/OverlayScreenTests/ShellPainterTests.swift holds the two painters to the same pixels.

import Cairo from 'cairo';
import GLib from 'gi://GLib';
import System from 'system';

import {paint} from '../gnome-shell/gestured@gestured.org/painter.js';

const [framePath, width, height, out] = System.programArgs;
if (!out) {
    printerr('usage: gjs -m scripts/shell-paint.js FRAME.json WIDTH HEIGHT OUT.png');
    System.exit(2);
}
const [, bytes] = GLib.file_get_contents(framePath);
const frame = JSON.parse(new TextDecoder().decode(bytes));
const surface = new Cairo.ImageSurface(Cairo.Format.ARGB32, Number(width), Number(height));
const cr = new Cairo.Context(surface);
paint(cr, Number(width), Number(height), frame);
cr.$dispose();
surface.writeToPNG(out);
