"""
Writes clients/mudlet/Delver.xml, the Mudlet package players install, from
the Lua in clients/mudlet/src/ (one Mudlet script per file, in name order).

    .venv/bin/python clients/mudlet/build.py

tests/gmcp/test_mudlet.py fails when the package and its sources disagree.
"""

from pathlib import Path
from xml.sax.saxutils import escape

HERE = Path(__file__).resolve().parent
PACKAGE = HERE / "Delver.xml"
NAME = "Delver"

_HEAD = """<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE MudletPackage>
<MudletPackage version="1.001">
    <ScriptPackage>
        <ScriptGroup isActive="yes" isFolder="yes">
            <name>{name}</name>
            <packageName>{name}</packageName>
            <script></script>
            <eventHandlerList />
"""
_SCRIPT = """            <Script isActive="yes" isFolder="no">
                <name>{name}</name>
                <packageName></packageName>
                <script>{script}</script>
                <eventHandlerList />
            </Script>
"""
_TAIL = """        </ScriptGroup>
    </ScriptPackage>
</MudletPackage>
"""


def sources():
    return sorted((HERE / "src").glob("*.lua"))


def package_text():
    scripts = "".join(
        _SCRIPT.format(name=escape(path.stem), script=escape(path.read_text(encoding="utf-8")))
        for path in sources()
    )
    return _HEAD.format(name=NAME) + scripts + _TAIL


if __name__ == "__main__":
    PACKAGE.write_text(package_text(), encoding="utf-8")
    print(f"wrote {PACKAGE.relative_to(HERE.parents[1])}")
