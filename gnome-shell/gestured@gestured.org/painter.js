// The overlay's painter on GNOME Shell: paints a frame of gestured-overlay's shapes (its
// OverlayScene's picture, ShellOverlayFrame.swift's JSON) with cairo and pango exactly as
// gestured-overlay's own painter (Sources/OverlayScreen/OverlayPainter.swift) does on other
// desktops: one scene, two painters. It needs nothing of GNOME Shell, so that plain gjs runs it
// too (Tests/OverlayScreenTests/ShellPainterTests.swift compares the two painters' pixels).

import Cairo from 'cairo';
import Pango from 'gi://Pango';
import PangoCairo from 'gi://PangoCairo';

// As OverlayPainter: margins, a card's size, the trail's opacity steps (logical pixels).
const MARGIN = 24;
const CARD_WIDTH = 320;
const CARD_HEIGHT = 64;
const TRAIL_STEPS = 8;

/** Paints `frame` on `cr` over `width` × `height` logical pixels, as OverlayPainter.paint. */
export function paint(cr, width, height, frame) {
    cr.save();
    cr.setOperator(Cairo.Operator.CLEAR);
    cr.paint();
    cr.setOperator(Cairo.Operator.OVER);
    let cards = 0;
    for (const shape of frame.shapes) {
        switch (shape.kind) {
        case 'trail':
            trail(cr, shape.points, width / Math.max(shape.width, 1), height / Math.max(shape.height, 1), shape.colour);
            break;
        case 'edge':
            edge(cr, shape.edge, width, height, shape.opacity, shape.colour);
            break;
        case 'pad':
            pad(cr, shape, frame.pad, width, height);
            break;
        case 'card':
            card(cr, shape, (width - CARD_WIDTH) / 2, MARGIN + cards * (CARD_HEIGHT + 8));
            cards += 1;
            break;
        }
    }
    cr.restore();
}

function source(cr, [red, green, blue], alpha) {
    cr.setSourceRGBA(red, green, blue, alpha);
}

/** A trail: its segments in runs of one opacity step, then a dot and a ring where the finger is. */
function trail(cr, points, sx, sy, colour) {
    cr.setLineCap(Cairo.LineCap.ROUND);
    cr.setLineJoin(Cairo.LineJoin.ROUND);
    cr.setLineWidth(8);
    // Fast antialiasing for the trails, as OverlayPainter: a fading line shows no difference.
    cr.setAntialias(Cairo.Antialias.FAST);
    const step = opacity => Math.ceil(opacity * TRAIL_STEPS);
    let index = 1;
    while (index < points.length) {
        const run = step(points[index][2]);
        cr.moveTo(points[index - 1][0] * sx, points[index - 1][1] * sy);
        while (index < points.length && step(points[index][2]) === run) {
            cr.lineTo(points[index][0] * sx, points[index][1] * sy);
            index += 1;
        }
        source(cr, colour, run / TRAIL_STEPS * 0.85);
        cr.stroke();
    }
    cr.setAntialias(Cairo.Antialias.DEFAULT);
    const head = points[points.length - 1];
    if (!head)
        return;
    source(cr, colour, head[2]);
    cr.newPath();
    cr.arc(head[0] * sx, head[1] * sy, 7, 0, 2 * Math.PI);
    cr.fill();
    cr.setLineWidth(3);
    cr.arc(head[0] * sx, head[1] * sy, 18, 0, 2 * Math.PI);
    cr.stroke();
}

/** An edge lit while an edge swipe from it is under way. */
function edge(cr, which, width, height, opacity, colour) {
    const thickness = 12;
    switch (which) {
    case 'right': cr.rectangle(width - thickness, 0, thickness, height); break;
    case 'top': cr.rectangle(0, 0, width, thickness); break;
    case 'bottom': cr.rectangle(0, height - thickness, width, thickness); break;
    default: cr.rectangle(0, 0, thickness, height);
    }
    source(cr, colour, 0.7 * opacity);
    cr.fill();
}

/** The touchpad's miniature in its corner, with the fingers on it. */
function pad(cr, shape, settings, width, height) {
    const w = settings.width;
    const h = Math.min(w * 1.5, w * shape.height / Math.max(shape.width, 1));
    const x = settings.corner.endsWith('left') ? MARGIN : width - MARGIN - w;
    const y = settings.corner.startsWith('top') ? MARGIN : height - MARGIN - h;
    rounded(cr, x, y, w, h, 10);
    cr.setSourceRGBA(0.1, 0.1, 0.12, 0.6);
    cr.fillPreserve();
    source(cr, shape.colour, 0.9);
    cr.setLineWidth(2);
    cr.stroke();
    for (const [fx, fy, opacity] of shape.fingers) {
        cr.newPath();
        cr.arc(x + fx / Math.max(shape.width, 1) * w, y + fy / Math.max(shape.height, 1) * h, 7, 0, 2 * Math.PI);
        source(cr, shape.colour, opacity);
        cr.fill();
    }
}

/** A gesture's card: its name, the line under it, its progress. */
function card(cr, shape, x, y) {
    const opacity = shape.opacity;
    rounded(cr, x, y, CARD_WIDTH, CARD_HEIGHT, 10);
    cr.setSourceRGBA(0.08, 0.08, 0.1, 0.82 * opacity);
    cr.fill();
    cr.rectangle(x, y + 10, 5, CARD_HEIGHT - 20);
    source(cr, shape.colour, opacity);
    cr.fill();
    text(cr, shape.title, 'Sans Bold 15', x + 18, y + 8, 1, opacity);
    text(cr, shape.detail, 'Sans 11', x + 18, y + 33, 0.82, opacity);
    if (shape.progress !== null && shape.progress !== undefined) {
        cr.rectangle(x + 18, y + CARD_HEIGHT - 8, CARD_WIDTH - 36, 3);
        cr.setSourceRGBA(1, 1, 1, 0.18 * opacity);
        cr.fill();
        cr.rectangle(x + 18, y + CARD_HEIGHT - 8, (CARD_WIDTH - 36) * shape.progress, 3);
        source(cr, shape.colour, opacity);
        cr.fill();
    }
}

/** A line of text, outlined dark first so that it stays legible as the card fades. */
function text(cr, words, font, x, y, grey, opacity) {
    if (!words)
        return;
    const layout = PangoCairo.create_layout(cr);
    layout.set_font_description(Pango.FontDescription.from_string(font));
    layout.set_width((CARD_WIDTH - 30) * Pango.SCALE);
    layout.set_ellipsize(Pango.EllipsizeMode.END);
    layout.set_text(words, -1);
    cr.moveTo(x, y);
    PangoCairo.layout_path(cr, layout);
    cr.setSourceRGBA(0.05, 0.05, 0.07, opacity);
    cr.setLineWidth(3);
    cr.setLineJoin(Cairo.LineJoin.ROUND);
    cr.stroke();
    cr.moveTo(x, y);
    cr.setSourceRGBA(grey, grey, grey, opacity);
    PangoCairo.show_layout(cr, layout);
}

function rounded(cr, x, y, w, h, r) {
    cr.newSubPath();
    cr.arc(x + w - r, y + r, r, -Math.PI / 2, 0);
    cr.arc(x + w - r, y + h - r, r, 0, Math.PI / 2);
    cr.arc(x + r, y + h - r, r, Math.PI / 2, Math.PI);
    cr.arc(x + r, y + r, r, Math.PI, 3 * Math.PI / 2);
    cr.closePath();
}
