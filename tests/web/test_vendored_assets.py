"""
Without a server: no template the site serves loads anything from outside the
game, every asset our templates name exists, and the vendored files are the
ones web/static/vendor/README.md lists.
"""

import hashlib
import re
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.staticfiles import finders
from django.template.loader import get_template

from tests.web.asset_refs import asset_loads, remote_asset_loads, without_comments

REPO = Path(__file__).resolve().parents[2]
OUR_TEMPLATES = REPO / "web" / "templates"
VENDOR = REPO / "web" / "static" / "vendor"
EVENNIA_TEMPLATES = Path(settings.EVENNIA_DIR) / "web" / "templates"

STATIC_TAG = re.compile(r"""{%\s*static\s+["']([^"']+)["']\s*%}""")


def template_names():
    """Every name a template can be looked up by in the site's template folders."""
    names = set()
    for folder in map(Path, settings.TEMPLATES[0]["DIRS"]):
        names.update(p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file())
    return names


def served_templates():
    """The files those names resolve to: our overrides, and Evennia's where we have none."""
    return sorted({Path(get_template(name).origin.name) for name in template_names()})


def our_templates():
    return sorted(p for p in OUR_TEMPLATES.rglob("*") if p.is_file())


def test_the_checker_finds_evennias_cdn_loads():
    loads = remote_asset_loads((EVENNIA_TEMPLATES / "webclient" / "base.html").read_text())
    assert ("script", "https://code.jquery.com/jquery-3.2.1.min.js") in loads
    assert any("golden-layout.com" in url for tag, url in loads if tag == "link")


def test_the_checker_skips_comments_and_links_to_other_sites():
    html = (
        '<a href="https://evennia.com">Evennia</a>'
        '<!-- <script src="https://x.org/a.js"></script> -->'
        '{% comment %}<img src="https://x.org/i.png">{% endcomment %}'
        '<style>@import url("//fonts.example.com/f.css");</style>'
    )
    assert remote_asset_loads(html) == [("style", "//fonts.example.com/f.css")]


def test_the_served_templates_include_our_overrides():
    served = served_templates()
    for name in ("webclient/base.html", "website/base.html", "website/homepage/main-content.html"):
        assert OUR_TEMPLATES / name in served
    assert EVENNIA_TEMPLATES / "webclient" / "base.html" not in served


@pytest.mark.parametrize("path", served_templates(), ids=lambda p: str(p).split("/templates/")[-1])
def test_no_served_template_loads_from_outside(path):
    remote = remote_asset_loads(path.read_text())
    assert not remote, f"{path} loads from outside the game: {remote}"


@pytest.mark.parametrize(
    "path", our_templates(), ids=lambda p: p.relative_to(OUR_TEMPLATES).as_posix()
)
def test_every_static_file_our_templates_name_exists(path):
    source = without_comments(path.read_text())
    named = STATIC_TAG.findall(source) + [
        url.removeprefix(settings.STATIC_URL)
        for _tag, url in asset_loads(source)
        if url.startswith(settings.STATIC_URL)
    ]
    missing = [name for name in named if not finders.find(name)]
    assert not missing, f"{path} names static files that do not exist: {missing}"


def vendor_manifest():
    """{relative path: sha256} from the checksum block of the vendor README."""
    lines = (VENDOR / "README.md").read_text().split("## Checksums (SHA-256)")[1].splitlines()
    return {path: digest for digest, path in (line.split() for line in lines if line.strip())}


def test_vendored_files_match_the_readme():
    on_disk = {
        p.relative_to(VENDOR).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in VENDOR.rglob("*")
        if p.is_file() and p.name != "README.md"
    }
    assert on_disk == vendor_manifest()


def test_every_vendored_package_carries_a_licence():
    for package in (p for p in VENDOR.iterdir() if p.is_dir()):
        assert list(package.glob("*LICENSE*")), f"{package.name} has no licence file"
