"""
The Mudlet package (clients/mudlet): its Lua parses (`luac -p`, Debian's
lua5.4), the installable Delver.xml is built from the sources, and, run with a
stand-in for Mudlet's API (mudlet_harness.lua) under the plain Lua
interpreter, its gauges show what Digger.Party and Digger.Run say.
"""

import importlib.util
import shutil
import subprocess
import xml.etree.ElementTree as ElementTree
from pathlib import Path

from tests.conftest import needs
from world.digger import rules

from .test_digger_messages import (
    BARROW,
    FRIGHT,
    HALL,
    TIRE,
    crowbar,
    in_party,
    in_run,
    no_run,
    party,
    run,
)

HERE = Path(__file__).resolve().parent
_BUILD = importlib.util.spec_from_file_location(
    "build", HERE.parents[1] / "clients/mudlet/build.py"
)
build = importlib.util.module_from_spec(_BUILD)
_BUILD.loader.exec_module(build)
LUAC = shutil.which("luac") or shutil.which("luac5.4")
LUA = shutil.which("lua") or shutil.which("lua5.4")
INSTALL = "install it with `apt-get install -y lua5.4`"


def package_scripts():
    tree = ElementTree.fromstring(build.PACKAGE.read_text(encoding="utf-8"))
    return [script.text for script in tree.iter("script") if script.text]


def lua(value):
    """A Python value as a Lua literal; None as the sentinel Mudlet's decoder gives for null."""
    if value is None:
        return "NULL"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, str):
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'
    if isinstance(value, (list, tuple)):
        return "{" + ", ".join(lua(item) for item in value) + "}"
    return "{" + ", ".join(f"[{lua(key)}] = {lua(item)}" for key, item in value.items()) + "}"


def play(tmp_path, *steps):
    """Run the package under the harness; steps are (name, lua code). Returns
    {step: {widget: (shown, value, max, text)}}."""
    needs(LUA, "lua", INSTALL)
    script = tmp_path / "delver.lua"
    script.write_text(package_scripts()[0], encoding="utf-8")
    scenario = tmp_path / "scenario.lua"
    scenario.write_text(
        "NULL = function() end\n" + "".join(f"{code}\ndump({lua(name)})\n" for name, code in steps),
        encoding="utf-8",
    )
    out = subprocess.run(
        [LUA, str(HERE / "mudlet_harness.lua"), str(script), str(scenario)],
        capture_output=True,
        text=True,
        timeout=30,
    )
    assert out.returncode == 0, out.stderr
    states = {}
    for line in out.stdout.splitlines():
        step, name, shown, value, top, text = line.split("|", 5)
        states.setdefault(step, {})[name] = (shown, value, top, text)
    return states


def digger(party_value, run_value):
    return (
        f"gmcp = {{Digger = {{Party = {lua(party_value)}, Run = {lua(run_value)}}}}}\n"
        'raiseEvent("gmcp.Digger.Run")'
    )


def test_the_lua_parses(tmp_path):
    needs(LUAC, "luac", INSTALL)
    sources = build.sources()
    assert sources
    for path in sources:
        checked = subprocess.run([LUAC, "-p", str(path)], capture_output=True, text=True)
        assert checked.returncode == 0, checked.stderr
    for i, text in enumerate(package_scripts()):
        path = tmp_path / f"packaged{i}.lua"
        path.write_text(text, encoding="utf-8")
        assert subprocess.run([LUAC, "-p", str(path)]).returncode == 0


def test_the_package_is_built_from_its_sources():
    assert (
        build.PACKAGE.read_text(encoding="utf-8") == build.package_text()
    ), "clients/mudlet/Delver.xml is out of date: run .venv/bin/python clients/mudlet/build.py"


def test_the_gauges_show_the_party_and_its_run(tmp_path):
    members = [in_run("Char", 7, leader=True), in_run("Char2", 7, "Crowbar", [crowbar(2)])]
    members += [in_run("Cid", rules.EXHAUSTION_LIMIT, online=True)]
    conditions = [{**TIRE, "challenges_left": 1}, {**FRIGHT, "challenges_left": 2}]
    everyone = [in_party("Char", leader=True), in_party("Char2", acted=True), in_party("Cid")]
    in_dungeon = party(everyone, True, "Char2", "Cid", ("Char",))
    ended = party(everyone)
    states = play(
        tmp_path,
        ("loaded", ""),
        ("drawn", digger(in_dungeon, run(2, HALL, 20, members, conditions))),
        ("gmcp on", 'raiseEvent("sysProtocolEnabled", "GMCP")'),
        ("retreated", digger(ended, no_run(outcome=rules.RETREAT))),
    )
    loaded = states["loaded"]
    assert (
        loaded["DelverHeading"][3]
        == "Not in a party.<br>+party/create &lt;#&gt; or +party/join &lt;player&gt;"
    )
    assert loaded["DelverExploration"][0] == "false"
    assert loaded["sent"][3] == 'Core.Supports.Add ["Digger 1"]'
    assert loaded["border"][3] == "300"  # a quarter of the 1200-pixel window

    drawn = states["drawn"]
    assert drawn["DelverHeading"][3] == "<br>".join(
        [
            "Test Barrow (#1)",
            "Challenge 2: The Hall",
            "Exploration, Agility (Rush) Level 1, roll 9+",
            "Fright: Combat -1 (this), Agility +1 (next)",
        ]
    )
    assert drawn["DelverExploration"] == ("true", "20", "70", "Exploration 20/70")
    assert drawn["DelverMember1"] == ("true", "7", "100", "Char *: 7/100 - to act")
    assert drawn["DelverMember2"] == ("true", "7", "100", "Char2: 7/100 - Crowbar")
    assert drawn["DelverBelt2"][3] == "Crowbar 2/3"
    assert drawn["DelverMember3"] == ("true", "100", "100", "Cid: exhausted")
    assert drawn["DelverMember4"][0] == "false"
    assert drawn["DelverMove"][3] == "Still to act: Char. Char2 completes."

    assert states["gmcp on"]["sent"][3].count("Core.Supports.Add") == 2

    retreated = states["retreated"]
    assert retreated["DelverHeading"][3].startswith("Test Barrow (#1)<br>The party came back out.")
    assert retreated["DelverExploration"][0] == "false"
    assert retreated["DelverMember1"][0] == "false"
