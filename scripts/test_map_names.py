"""scripts/map-names.py: the map's names are checked against the code, and a wrong one is named."""
import importlib.util, os

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("map_names", os.path.join(HERE, "map-names.py"))
map_names = importlib.util.module_from_spec(spec)
spec.loader.exec_module(map_names)
NAMES = map_names.code_names()


def problems(tmp_path, text):
    doc = tmp_path / "MAP.md"
    doc.write_text(text)
    return map_names.check(str(doc), *NAMES)


def test_names_the_code_has_pass(tmp_path):
    assert problems(tmp_path, "`TouchForwarder`, `SubscriptionRouter.route`, `GestureEngine+Claims.swift`, "
                              "`verdict(forContact:on:)`, `Sources/GestureForwarding`, `HubRig`, `NIOCore`\n") == []


def test_a_type_a_member_a_file_and_a_path_the_code_lacks_are_each_named(tmp_path):
    found = problems(tmp_path, "`TouchForwarderz`\n`SubscriptionRouter.routes`\n`Nowhere+Else.swift`\n`Sources/Nowhere/`\n")
    assert [p.split(": ", 1)[0].rsplit(":", 1)[1] for p in found] == ["1", "2", "3", "4"]
    assert "no type or module `TouchForwarderz`" in found[0]
    assert "declares `routes`" in found[1]


def test_a_member_of_another_type_is_not_the_named_types(tmp_path):
    found = problems(tmp_path, "`TouchForwarder.route`\n")
    assert len(found) == 1 and "declares `route` in `TouchForwarder`" in found[0]


def test_words_that_are_not_code_and_fenced_blocks_are_left_alone(tmp_path):
    assert problems(tmp_path, "`SIGHUP` `consume: true` `ABS_MT_TOOL_TYPE` `$XDG_RUNTIME_DIR/x` `/usr/libexec/x`\n"
                              "```\n`NotAType`\n```\n") == []


def test_help_and_a_missing_file_are_said(capsys):
    assert map_names.main(["--help"]) == 0 and "scripts/map-names.py [DOC...]" in capsys.readouterr().out
    assert map_names.main(["no/such.md"]) == 2 and "no such file: no/such.md" in capsys.readouterr().err
