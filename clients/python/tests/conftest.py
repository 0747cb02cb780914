"""The client's own tests (the package installed, its pytest plugin with it) run against the
gestured and gesturectl this repository builds
($GESTURED and $GESTURECTL, or .build/debug), on the repository's fixtures."""
import os
import pathlib

ROOT = pathlib.Path(__file__).resolve().parents[3]
for variable, name in (("GESTURED", "gestured"), ("GESTURECTL", "gesturectl")):
    os.environ.setdefault(variable, str(ROOT / ".build" / "debug" / name))



def fixture(name: str) -> str:
    """A recording or configuration of the repository's Fixtures."""
    return str(ROOT / "Fixtures" / name)


CONFIG = fixture("gestures.yml")
