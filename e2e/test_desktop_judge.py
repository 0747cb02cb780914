"""e2e/desktop_judge.py: it finds the overlay's drawing in the screenshots where the finger rests
(and only there), and a report with one check missing is a FAIL line and exit 1."""
import json
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import desktop_judge  # noqa: E402
import screendump  # noqa: E402

WIDTH, HEIGHT = 200, 100
GREY = bytes((200, 200, 200))
BLUE = bytes((61, 174, 233))


def picture(folder, name, blue_row=None):
    rows = []
    for y in range(HEIGHT):
        rows.append(b"".join(BLUE if blue_row is not None and abs(y - blue_row) <= 1 and 20 <= x <= 180 else GREY for x in range(WIDTH)))
    with open(os.path.join(folder, name), "wb") as f:
        f.write(screendump.png(WIDTH, HEIGHT, b"".join(rows)))


def test_the_finger_is_found_where_it_rests_and_nowhere_else():
    with tempfile.TemporaryDirectory() as folder:
        picture(folder, "plasma-overlay-before.png")
        picture(folder, "plasma-overlay-trail.png", blue_row=50)
        assert desktop_judge.png(os.path.join(folder, "plasma-overlay-trail.png"))[:2] == (WIDTH, HEIGHT)
        # A 3-pixel band 161 wide: within 30 pixels of (100, 50), 61 columns of it.
        assert desktop_judge.finger_drawn(folder, "plasma", [0.5, 0.5]) == 3 * 61
        assert desktop_judge.finger_drawn(folder, "plasma", [0.5, 0.1]) == 0
        # Blue before too (a blue wallpaper): not counted.
        picture(folder, "plasma-overlay-before.png", blue_row=50)
        assert desktop_judge.finger_drawn(folder, "plasma", [0.5, 0.5]) == 0
        # No screenshots: nothing drawn.
        assert desktop_judge.finger_drawn(os.path.join(folder, "missing"), "plasma", [0.5, 0.5]) == 0


def test_a_report_without_its_evidence_fails_with_a_line_per_check():
    for desktop, name in (("plasma", "Plasma"), ("gnome", "GNOME")):
        with tempfile.TemporaryDirectory() as folder:
            path = os.path.join(folder, f"desktop-{desktop}.json")
            with open(path, "w") as f:
                json.dump({"desktop": desktop, "shell_user": "tester"}, f)
            done = subprocess.run([sys.executable, os.path.join(os.path.dirname(os.path.abspath(__file__)), "desktop_judge.py"), path],
                                  capture_output=True, text=True)
            assert done.returncode == 1
            lines = [line for line in done.stdout.splitlines() if line.startswith(("PASS", "FAIL"))]
            assert lines and all(line.startswith(f"FAIL  {name}: ") for line in lines)
