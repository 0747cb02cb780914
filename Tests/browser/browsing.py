"""What the browser tests share: the built binaries run as processes (`gesturectl view`, a
daemon), Debian's headless chromium driven by selenium, and checks said one per line on
standard error (failures kept in `failures`).

Environment: GESTURED and GESTURECTL, the binaries.
"""
import os
import subprocess
import sys
import threading

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.common.exceptions import NoSuchElementException, StaleElementReferenceException, TimeoutException
from selenium.webdriver.support.ui import WebDriverWait

GESTURED = os.environ["GESTURED"]
GESTURECTL = os.environ["GESTURECTL"]
failures = []


def check(condition, what):
    print(("ok    " if condition else "FAIL  ") + what, file=sys.stderr)
    if not condition:
        failures.append(what)
    return condition


def run(*arguments):
    return subprocess.run(arguments, capture_output=True, text=True, timeout=120)


class View:
    """A `gesturectl view` process and the address it printed; `environment` is added to ours."""

    def __init__(self, *arguments, environment=None):
        self.process = subprocess.Popen([GESTURECTL, "view", "--no-open", *arguments], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                        env=dict(os.environ, **(environment or {})))
        self.address = self.process.stdout.readline().strip()
        assert self.address.startswith("http://127.0.0.1:"), "gesturectl view printed " + repr(self.address) + self.process.stderr.read()
        self.port = int(self.address.split(":")[2].split("/")[0])
        self.token = self.address.split("token=")[1]

    def stop(self):
        self.process.terminate()
        self.process.wait(timeout=30)


def daemon(*arguments):
    """gestured with `arguments`, once it serves (its log then drained in the background)."""
    process = subprocess.Popen([GESTURED, *arguments], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    for line in process.stderr:
        if "serving on" in line:
            break
    threading.Thread(target=process.stderr.read, daemon=True).start()
    return process


def browser():
    options = webdriver.ChromeOptions()
    for argument in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1280,1000", "--force-device-scale-factor=1"]:
        options.add_argument(argument)
    options.binary_location = "/usr/bin/chromium"
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)


def wait(driver, condition, what, seconds=30, shown=None):
    """`condition`'s first true value within `seconds`. The page redraws while it is read: an
    element replaced between finding and reading it (stale) or not there yet means "not yet",
    and is asked again; any other error fails the check at once, named. `shown(driver)`, when
    given, says what the page showed instead, in the failure."""
    try:
        return WebDriverWait(driver, seconds, poll_frequency=0.05, ignored_exceptions=(StaleElementReferenceException, NoSuchElementException)).until(
            lambda d: condition(d))
    except TimeoutException:
        try:
            instead = "; the page showed " + repr(shown(driver)) if shown else ""
        except Exception as error:
            instead = "; the page could not be read: " + type(error).__name__
        check(False, what + " (waited " + str(seconds) + " s" + instead + ")")
    except Exception as error:
        said = (str(error).strip().splitlines() or [""])[0]
        check(False, what + " (" + type(error).__name__ + (": " + said if said else "") + ")")
    return None


def finish(driver, tests):
    """Runs each test with the browser, quits it, and says the outcome; the exit status."""
    try:
        for test in tests:
            print("== " + test.__name__, file=sys.stderr)
            test(driver)
    finally:
        driver.quit()
    if failures:
        print("%d checks failed" % len(failures), file=sys.stderr)
        return 1
    print("OK", file=sys.stderr)
    return 0
