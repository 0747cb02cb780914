#!/usr/bin/env python3
"""The symlinked dotfiles scenario end to end (issue 60), as a user keeps the actions file:
GNU stow has linked `~/.config/gestured` to `~/dotfiles/gestured/.config/gestured`, and the
three programs that read the file run on its usual path with their defaults, as the user units
do — `gesturectl actions`, `gesturectl overlay` (on a real Xvfb with a compositing manager) and
`gesturectl view` (in a real headless browser):

- the view's Save goes through the link into the dotfiles copy; the folder link stays a link;
- the runner and the overlay both read the saved file again by themselves, and the view says
  the runner has read it;
- an editor's atomic save in the dotfiles folder (a new file renamed over it) is read again by
  the runner and the overlay, and the page lists it afresh.

No daemon runs: each program says it waits for one, and works on the file meanwhile. Exit
status 0 when every check passed.
"""
import os
import subprocess
import sys
import tempfile
import threading

from selenium.webdriver.common.by import By

from browsing import GESTURECTL, View, browser, check, finish, wait

ORIGINAL = "version: 1\nactions:\n  - gesture: swipe-left-3\n    keys: super+Right\n"


class Logged:
    """A process whose standard error is kept line by line; `until` waits for a line."""

    def __init__(self, arguments, environment):
        self.process = subprocess.Popen(arguments, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, env=environment)
        self.lines = []
        self.changed = threading.Condition()
        threading.Thread(target=self.read, daemon=True).start()

    def read(self):
        for line in self.process.stderr:
            with self.changed:
                self.lines.append(line.rstrip("\n"))
                self.changed.notify_all()
        with self.changed:
            self.lines.append(None)  # the end
            self.changed.notify_all()

    def until(self, part, seconds=30):
        """The first line holding `part`, waiting for it (None if the process ended first or the time ran out)."""
        with self.changed:
            found = lambda: next((l for l in self.lines if l is not None and part in l), None) or (None in self.lines and "ended")
            self.changed.wait_for(found, timeout=seconds)
            line = next((l for l in self.lines if l is not None and part in l), None)
            return line

    def stop(self):
        if self.process.poll() is None:
            self.process.terminate()
        self.process.wait(timeout=30)


def x_server(environment):
    """Xvfb on a display it picks (-displayfd), and xcompmgr on it; the display's name."""
    read, write = os.pipe()
    server = subprocess.Popen(["Xvfb", "-displayfd", str(write), "-screen", "0", "1024x768x24", "-nolisten", "tcp"], pass_fds=(write,),
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(write)
    number = b""
    while not number.endswith(b"\n"):
        chunk = os.read(read, 16)
        if not chunk:
            break
        number += chunk
    os.close(read)
    display = ":" + number.decode().strip()
    compositor = subprocess.Popen(["xcompmgr"], env=dict(environment, DISPLAY=display), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return display, [compositor, server]


def overlay(environment, display, attempts=20):
    """`gesturectl overlay` on `display` once it is up; started again while the compositing
    manager has not taken its place yet (the overlay refuses without one, saying so)."""
    for _ in range(attempts):
        started = Logged([GESTURECTL, "overlay", "--display", display], environment)
        line = started.until("waiting for it")
        if line:
            return started
        started.stop()
        if not any(l and "compositing manager" in l for l in started.lines):
            return started
    return started


def scenario(driver):
    with tempfile.TemporaryDirectory() as home:
        dotfiles = os.path.join(home, "dotfiles", "gestured", ".config", "gestured")
        os.makedirs(dotfiles)
        os.makedirs(os.path.join(home, ".config"))
        os.makedirs(os.path.join(home, "run"))
        target = os.path.join(dotfiles, "actions.yml")
        with open(target, "w", encoding="utf-8") as file:
            file.write(ORIGINAL)
        os.symlink("../dotfiles/gestured/.config/gestured", os.path.join(home, ".config", "gestured"))
        environment = dict(os.environ, HOME=home, XDG_RUNTIME_DIR=os.path.join(home, "run"), GESTURED_SOCKET=os.path.join(home, "none.sock"))
        environment.pop("XDG_CONFIG_HOME", None)
        environment.pop("WAYLAND_DISPLAY", None)
        display, x = x_server(environment)
        runner = Logged([GESTURECTL, "actions"], environment)
        shown = overlay(environment, display)
        view = View(environment={k: environment[k] for k in ("HOME", "XDG_RUNTIME_DIR", "GESTURED_SOCKET")})
        try:
            check(runner.until("1 action from " + home + "/.config/gestured/actions.yml") is not None, "the runner runs the linked file: %s" % runner.lines)
            check(shown.until("waiting for it") is not None, "the overlay runs, waiting for the daemon: %s" % shown.lines)
            driver.get(view.address)
            wait(driver, lambda d: "swipe-left-3" in d.find_element(By.ID, "actions-list").text, "the view lists the linked file")
            answer = driver.execute_async_script(
                "const done = arguments[arguments.length - 1];"
                "post('save', { version: panel.version, action: { gesture: 'swipe-right-3', keys: 'super+Left' } }).then((l) => done({ ok: l }), (e) => done({ error: e.message }));")
            check("ok" in answer, "the view saves: %r" % answer)
            check(os.path.islink(os.path.join(home, ".config", "gestured")), "the folder link is still a link")
            with open(target, encoding="utf-8") as file:
                check(file.read() == ORIGINAL + "  - gesture: swipe-right-3\n    keys: super+Left\n", "the dotfiles copy has the saved action")
            check(runner.until("changed on disk: 2 actions") is not None, "the runner read the view's save: %s" % runner.lines[-3:])
            check(shown.until("changed on disk: 2 actions") is not None, "the overlay read the view's save: %s" % shown.lines[-3:])
            # The view says the running runner has read it (its status, in XDG_RUNTIME_DIR).
            current = driver.execute_async_script(
                "const done = arguments[arguments.length - 1];"
                "fetch('/actions?token=' + encodeURIComponent(token)).then((r) => r.json()).then((l) => done(l.runners), (e) => done(String(e)));")
            check(isinstance(current, list) and len(current) == 1 and current[0]["pid"] == runner.process.pid and current[0]["current"],
                  "the view sees the runner has read the saved file: %r" % current)
            # An editor's atomic save in the dotfiles folder.
            with open(target + ".swp", "w", encoding="utf-8") as file:
                file.write(ORIGINAL + "  - gesture: swipe-right-3\n    keys: super+Left\n  - gesture: swipe-up-3\n    keys: super+Up\n")
            os.rename(target + ".swp", target)
            check(runner.until("changed on disk: 3 actions") is not None, "the runner read the editor's save at the target")
            check(shown.until("changed on disk: 3 actions") is not None, "the overlay read the editor's save at the target")
            driver.refresh()
            wait(driver, lambda d: "swipe-up-3" in d.find_element(By.ID, "actions-list").text, "the page lists the editor's save")
            check(runner.process.poll() is None and shown.process.poll() is None and view.process.poll() is None, "all three still run")
        finally:
            view.stop()
            for process in (runner, shown):
                process.stop()
            for process in x:
                process.kill()  # (a signal the test runner blocks may be blocked in them too)
                process.wait(timeout=30)


def main():
    return finish(browser(), (scenario,))


if __name__ == "__main__":
    sys.exit(main())
