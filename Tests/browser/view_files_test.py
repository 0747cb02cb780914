#!/usr/bin/env python3
"""`gesturectl view`'s Actions panel on files as people keep them (issue 60), in a real headless
browser against the built `gesturectl view` (no daemon: the panel works on the file alone):

- a file saved on Windows (CR LF line ends, a byte-order mark) is listed, not a crash of the
  whole view ("Failed to fetch"), and a save keeps its line ends and mark;
- the last action's block scalar (`shell: |`) ending in a line that starts with `#` keeps that
  line: the new action goes after the block, not inside it;
- the file is a symbolic link into a stow-like dotfiles folder: the save goes through the link
  to the dotfiles copy, and the link stays a link;
- the page opened before the daemon says it is connected once the daemon starts.

Each save is the page's own request (its `post`, as its Save button sends it). Exit status 0
when every check passed.
"""
import os
import sys
import tempfile

from selenium.webdriver.common.by import By

from browsing import View, browser, check, daemon, finish, wait

ORIGINAL = ("\ufeff# Saved on Windows.\r\nversion: 1\r\nactions:\r\n"
            "  - gesture: swipe-left-3\r\n    keys: super+Right\r\n"
            "  - gesture: swipe-right-3\r\n    shell: |\r\n      notify-send right\r\n      # notify-send --urgency=low right\r\n"
            "# the end\r\n")
SAVED = ("\ufeff# Saved on Windows.\r\nversion: 1\r\nactions:\r\n"
         "  - gesture: swipe-left-3\r\n    keys: super+Right\r\n"
         "  - gesture: swipe-right-3\r\n    shell: |\r\n      notify-send right\r\n      # notify-send --urgency=low right\r\n"
         "  - gesture: swipe-up-3\r\n    keys: super+Up\r\n"
         "# the end\r\n")


def save(driver, action):
    """The page's own Save request for `action`, against the version it listed."""
    return driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "post('save', { version: panel.version, action: arguments[0] }).then((list) => done({ ok: list }), (error) => done({ error: error.message }));",
        action)


def files(driver):
    with tempfile.TemporaryDirectory() as home:
        dotfiles = os.path.join(home, "dotfiles", "gestured", ".config", "gestured")
        os.makedirs(dotfiles)
        os.makedirs(os.path.join(home, ".config"))
        target = os.path.join(dotfiles, "actions.yml")
        with open(target, "w", encoding="utf-8", newline="") as file:
            file.write(ORIGINAL)
        # stow's relative link, of the folder.
        os.symlink("../dotfiles/gestured/.config/gestured", os.path.join(home, ".config", "gestured"))
        link = os.path.join(home, ".config", "gestured", "actions.yml")
        view = View("--socket", os.path.join(home, "none.sock"), "--actions", link, environment={"HOME": home, "XDG_RUNTIME_DIR": home})
        try:
            driver.get(view.address)
            listed = wait(driver, lambda d: "swipe-right-3" in d.find_element(By.ID, "actions-list").text and d.find_element(By.ID, "actions-list").text,
                          "a CR LF file with a byte-order mark is listed")
            check(listed is not None and "swipe-left-3" in listed and "notify-send right" in listed, "both actions are listed: " + repr(listed))
            check(driver.find_element(By.ID, "actions-path").text == "~/.config/gestured/actions.yml", "the path is shown as the user names it")
            answer = save(driver, {"gesture": "swipe-up-3", "keys": "super+Up"})
            check("ok" in answer, "the save is made: " + repr(answer))
            with open(target, encoding="utf-8", newline="") as file:
                written = file.read()
            check(written == SAVED, "the dotfiles copy has the action after the block, CR LF and the mark kept: " + repr(written))
            check(os.path.islink(os.path.join(home, ".config", "gestured")) and not os.path.islink(target), "the links stay links, the target a file")
            check(sorted(os.listdir(dotfiles)) == ["actions.yml"], "nothing is left beside it: " + repr(os.listdir(dotfiles)))
            check(view.process.poll() is None, "gesturectl view still runs")
            # The page opened before the daemon: its status follows the connection once the
            # daemon starts (it stayed at "waiting for gestured at …").
            check(driver.find_element(By.ID, "status").text.startswith("waiting for gestured at " + os.path.join(home, "none.sock")), "the page says it waits for the daemon")
            started = daemon("--replay", "Fixtures/constructed/swipe-3-left.yml", "--socket", os.path.join(home, "none.sock"))
            try:
                wait(driver, lambda d: d.find_element(By.ID, "status").text.startswith("connected to gestured"), "the page says it is connected once the daemon starts")
            finally:
                started.terminate()
                started.wait(timeout=60)
        finally:
            view.stop()
    # A file link (yadm, home-manager) rather than a folder link.
    with tempfile.TemporaryDirectory() as home:
        os.makedirs(os.path.join(home, "dotfiles"))
        os.makedirs(os.path.join(home, ".config", "gestured"))
        target = os.path.join(home, "dotfiles", "actions.yml")
        with open(target, "w", encoding="utf-8") as file:
            file.write("version: 1\nactions:\n  - gesture: swipe-left-3\n    keys: super+Right\n")
        link = os.path.join(home, ".config", "gestured", "actions.yml")
        os.symlink(target, link)
        view = View("--socket", os.path.join(home, "none.sock"), "--actions", link, environment={"HOME": home, "XDG_RUNTIME_DIR": home})
        try:
            driver.get(view.address)
            wait(driver, lambda d: "swipe-left-3" in d.find_element(By.ID, "actions-list").text, "the linked file is listed")
            answer = save(driver, {"gesture": "swipe-up-3", "keys": "super+Up"})
            check("ok" in answer, "the save through a file link is made: " + repr(answer))
            check(os.path.islink(link) and os.readlink(link) == target, "the file link stays a link to the same target")
            with open(target, encoding="utf-8") as file:
                check(file.read().endswith("  - gesture: swipe-up-3\n    keys: super+Up\n"), "the dotfiles copy has the action")
        finally:
            view.stop()

    # A mistake in the panel names its line, not the file's whole path (the panel names the file
    # at its top), and the nearest configured names, not all of them.
    with tempfile.TemporaryDirectory() as home:
        path = os.path.join(home, "actions.yml")
        with open(path, "w", encoding="utf-8") as file:
            file.write("version: 1\nactions:\n  - gesture: swipe-lef-3\n    run: [true]\n")
        view = View("--socket", os.path.join(home, "none.sock"), "--actions", path, environment={"HOME": home, "XDG_RUNTIME_DIR": home})
        try:
            driver.get(view.address)
            said = wait(driver, lambda d: [e.text for e in d.find_elements(By.CSS_SELECTOR, "#actions-list .mistake")], "the mistake is shown under its action")
            check(said is not None and len(said) == 1 and said[0].startswith("line 3: gesture `swipe-lef-3` is neither configured")
                  and "did you mean `swipe-left-3`" in said[0] and home not in said[0], "the mistake names its line and the nearest name: " + repr(said))
        finally:
            view.stop()


def main():
    return finish(browser(), (files,))


if __name__ == "__main__":
    sys.exit(main())
