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


def test_a_runner_that_links_the_daemons_rooms_or_dispatch_is_said(tmp_path):
    targets = [target(tmp_path, "gestured-actions", ["GestureRunner"], "import GestureRunner"),
               target(tmp_path, "GestureRunner", ["GestureDesktop"], "import GestureDesktop"),
               target(tmp_path, "GestureDesktop", ["GestureRouting"], "import GestureRouting", "import Dispatch"),
               target(tmp_path, "GestureRouting", [], "import GestureCore")]
    problems = module_table.boundaries(targets)
    assert "Package.swift: gestured-actions links GestureRouting, which only the daemon may link" in problems
    assert "Package.swift: GestureDesktop links GestureRouting, which only the daemon may link" in problems
    assert any(p.endswith("GestureDesktop imports Dispatch, and gestured-actions, which links it, runs on one loop") for p in problems)


def test_the_package_as_it_is_keeps_its_boundaries():
    assert module_table.boundaries(module_table.package()["targets"]) == []


def test_an_import_a_file_names_nothing_of_is_said(tmp_path):
    targets = [target(tmp_path, "Room", ["Wire", "Core"], "import Wire", "import Core", "// JSONValue in a comment is no use",
                      "let x = Point(x: 1)"),
               target(tmp_path, "Wire", [], "public enum JSONValue {", "    case string(String)", "}"),
               target(tmp_path, "Core", [], "public struct Point { public var x: Double }")]
    problems = module_table.unused_imports(targets)
    assert len(problems) == 1 and problems[0].endswith("Room imports Wire and uses nothing it declares")
