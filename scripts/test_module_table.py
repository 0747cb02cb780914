"""scripts/module-table.py's checks (run by `make test-python`): an import Package.swift does
not declare, and a declared dependency no file imports, are both problems."""
import importlib.util
import os

spec = importlib.util.spec_from_file_location("module_table", os.path.join(os.path.dirname(os.path.abspath(__file__)), "module-table.py"))
module_table = importlib.util.module_from_spec(spec)
spec.loader.exec_module(module_table)


def target(tmp_path, name, depends, *lines, kind="regular"):
    folder = tmp_path / name
    folder.mkdir()
    (folder / "A.swift").write_text("\n".join(lines) + "\n")
    return {"name": name, "type": kind, "path": str(folder), "dependencies": [{"byName": [d, None]} for d in depends]}


def test_a_declared_dependency_no_file_imports_is_said(tmp_path):
    targets = [target(tmp_path, "Room", ["Used", "Unused", "tool"], "import Used", 'let s = """', "import Unused", '"""'),
               {"name": "Used", "type": "regular", "path": str(tmp_path / "none"), "dependencies": []},
               {"name": "Unused", "type": "regular", "path": str(tmp_path / "none"), "dependencies": []},
               {"name": "tool", "type": "executable", "path": str(tmp_path / "none"), "dependencies": []}]
    # An import inside a string literal is no import; an executable is built, not imported.
    assert module_table.unused(targets) == ["Package.swift: Room declares Unused, which none of its files imports"]


def test_an_import_that_is_not_declared_is_said(tmp_path):
    targets = [target(tmp_path, "Room", [], "import Foundation", "import Hidden")]
    problems = module_table.undeclared(targets)
    assert len(problems) == 1 and problems[0].endswith("Room imports Hidden, which Package.swift does not declare for it")
