#!/usr/bin/env python3
"""Writes the daemon benchmark's input: a long libinput-record session at 240 frames/s with ten
fingers on the constructed touchscreen of Fixtures/constructed (make-fixtures.py's Script).

Each cycle: ten fingers land together, circle and drift for 2 s (every finger moves in every
frame), lift; 0.25 s later the next cycle. Usage: make-long-recording.py OUT.yml [SECONDS]
"""
import importlib.util
import math
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location(
    "make_fixtures", os.path.join(HERE, "..", "..", "Fixtures", "constructed", "make-fixtures.py"))
fixtures = importlib.util.module_from_spec(spec)
spec.loader.exec_module(fixtures)

FRAME_US = 1_000_000 // 240  # 4166 µs: 240 frames/s
CYCLE_FRAMES = 480           # 2 s of motion


def main():
    out = sys.argv[1]
    seconds = float(sys.argv[2]) if len(sys.argv) > 2 else 60
    s = fixtures.Script(frame_us=FRAME_US)
    # Ten fingers in two rows of five, 25 mm apart, around the centre.
    home = {slot: (fixtures.CX - 50 + 25 * (slot % 5), fixtures.CY - 15 + 30 * (slot // 5)) for slot in range(10)}

    def circle(p, phase):
        a = 2 * math.pi * 3 * p + phase
        return (8 * math.cos(a) - 8 * math.cos(phase) + 30 * p, 8 * math.sin(a) - 8 * math.sin(phase))

    cycles = max(1, int(seconds / (CYCLE_FRAMES * FRAME_US / 1e6 + 0.25)))
    for _ in range(cycles):
        s.down(home)
        s.move({slot: (lambda p, phase=slot * 0.6: circle(p, phase)) for slot in range(10)}, CYCLE_FRAMES)
        s.up(list(range(10)))
        s.wait(0.25)
    s.write(out, f"ten fingers circling at 240 frames/s, {cycles} cycles of 2 s (daemon benchmark input)")
    print(f"{out}: {len(s.frames)} frames, {cycles} cycles")


if __name__ == "__main__":
    main()
