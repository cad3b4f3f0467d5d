"""
Dungeons to and from YAML files (one file a dungeon, `deckfile`'s layout).

In the game, builders read and write only inside the dungeon directory:
`settings.DIGGER_DUNGEON_DIR` if a game sets it, else `server/dungeons/` in
the game directory (ignored by git). A name that is absolute or climbs out
with `..` (or a link that leads out) is refused.

    export_text(number) -> (deck.Dungeon, YAML text)
    export_file(number, path=None) -> (path, text) written (default: the directory)
    import_file(path, replace=False) -> ImportResult
    dungeon_path(name) -> a path inside the directory, or DiggerError

Staff on the server's shell use the launcher (settings.EXTRA_LAUNCHER_COMMANDS),
where any path is theirs to name:

    evennia dungeons list
    evennia dungeons export <number> [<file> | -]
    evennia dungeons import <file> [--replace]

An import never overwrites a dungeon by accident: a number that is taken
needs `replace`, which keeps the dungeon's published flag (a new dungeon
comes in as a draft). Nor does it reuse by accident the number of a deleted
dungeon that past runs still remember (`building.create_dungeon` never gives
those out again): that too needs `replace`. A file with problems is refused with deckfile's
message, which names the file, the card and the field.
"""

import argparse
import sys
from dataclasses import dataclass
from pathlib import Path

from django.conf import settings
from django.utils.text import slugify

from world.digger.deck import DungeonReport
from world.digger.deck import Dungeon as DeckDungeon
from world.digger.deckfile import DeckFileError, dump_dungeon, load_dungeon_file
from world.digger.errors import DiggerError
from world.digger.models import Dungeon, Run
from world.digger.store import dungeon_from_db, save_dungeon

SUFFIXES = (".yaml", ".yml")


@dataclass(frozen=True)
class ImportResult:
    model: Dungeon
    deck: DeckDungeon
    report: DungeonReport  # its warnings (a file with errors is refused)
    replaced: bool
    path: Path


def dungeon_dir():
    """Where builders' dungeon files live."""
    configured = getattr(settings, "DIGGER_DUNGEON_DIR", None)
    return Path(configured or Path(settings.GAME_DIR) / "server" / "dungeons")


def dungeon_path(name):
    """The file `name` inside the dungeon directory ('.yaml' added if it has no suffix)."""
    base = dungeon_dir().resolve()
    text = (name or "").strip()
    if not text:
        raise DiggerError("Name a dungeon file.")
    wanted = Path(text)
    if ".." in wanted.parts:
        raise DiggerError(f"'{text}': dungeon files are read only from {base.name}/, no '..'.")
    if wanted.suffix.lower() not in SUFFIXES:
        wanted = wanted.with_name(wanted.name + SUFFIXES[0])
    path = (base / wanted).resolve()
    if not path.is_relative_to(base):
        raise DiggerError(f"'{text}' is outside the dungeon directory {base.name}/.")
    return path


def dungeon_files():
    """The dungeon files in the directory, by name."""
    base = dungeon_dir()
    if not base.is_dir():
        return []
    return sorted(path.name for path in base.iterdir() if path.suffix.lower() in SUFFIXES)


def file_name(dungeon):
    """'07-the-sunken-vault.yaml', as the sample dungeons are named."""
    return f"{dungeon.number:02d}-{slugify(dungeon.name) or 'dungeon'}{SUFFIXES[0]}"


def export_text(number):
    """Dungeon `number` (drafts too) and its file text."""
    model = Dungeon.objects.filter(number=number).first()
    if model is None:
        raise DiggerError(f"There is no dungeon #{number}.")
    dungeon = dungeon_from_db(model)
    return dungeon, dump_dungeon(dungeon)


def export_file(number, path=None):
    """Write dungeon `number` to `path` (default: its file in the directory).

    Returns (the path written, the text written)."""
    dungeon, text = export_text(number)
    path = Path(path) if path else dungeon_dir() / file_name(dungeon)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    except OSError as error:
        raise DiggerError(f"{path.name} cannot be written: {error.strerror or error}.") from None
    return path, text


def shown_path(path):
    """`path` as staff know it: from the game directory when it is inside it."""
    path = Path(path).resolve()
    game = Path(settings.GAME_DIR).resolve()
    return str(path.relative_to(game)) if path.is_relative_to(game) else str(path)


def import_file(path, replace=False):
    """Store the dungeon in the file at `path` (see the module docstring)."""
    path = Path(path)
    if not path.is_file():
        raise DiggerError(f"There is no dungeon file {path.name}.")
    dungeon, report = load_dungeon_file(path, with_report=True)
    existing = Dungeon.objects.filter(number=dungeon.number).first()
    if existing is not None and not replace:
        raise DiggerError(
            f"There is already a dungeon #{dungeon.number} ({existing.name}); "
            "import it with replace to overwrite it."
        )
    if (
        existing is None
        and not replace
        and Run.objects.filter(dungeon_number=dungeon.number).exists()
    ):
        raise DiggerError(
            f"Dungeon #{dungeon.number} was deleted, but past runs still remember it by that "
            f"number: give the file another number, or import it with replace to take "
            f"#{dungeon.number} all the same."
        )
    model = save_dungeon(dungeon, replace=replace)
    return ImportResult(model, dungeon, report, existing is not None, path)


# ---------------------------------------------------------------- the launcher


def launcher(*args):
    """`evennia dungeons ...` (settings.EXTRA_LAUNCHER_COMMANDS); exits 1 on a refusal."""
    parser = argparse.ArgumentParser(
        prog="evennia dungeons", description="Import and export Digger dungeons as YAML files."
    )
    actions = parser.add_subparsers(dest="action", required=True)
    actions.add_parser("list", help="list the dungeons in the database")
    export = actions.add_parser("export", help="write a dungeon to a YAML file")
    export.add_argument("number", type=int)
    export.add_argument("file", nargs="?", help=f"default: {dungeon_dir()}/NN-name.yaml; - prints")
    imported = actions.add_parser("import", help="read a dungeon from a YAML file")
    imported.add_argument("file")
    imported.add_argument("--replace", action="store_true", help="overwrite its number")
    options = parser.parse_args(args)
    try:
        if options.action == "list":
            _print_list()
        elif options.action == "export":
            _export(options.number, options.file)
        else:
            _import(options.file, options.replace)
    except (DiggerError, DeckFileError) as error:
        print(error, file=sys.stderr)
        sys.exit(1)


def _print_list():
    for model in Dungeon.objects.all():
        state = "published" if model.published else "draft"
        print(f"{model.number:>4}  {model.name} ({model.type}, {state})")


def _export(number, file):
    if file == "-":
        print(export_text(number)[1], end="")
        return
    print(f"Dungeon #{number} written to {export_file(number, file)[0]}.")


def _import(file, replace):
    result = import_file(file, replace)
    how = "replaced" if result.replaced else "imported as a draft"
    print(f"Dungeon #{result.model.number} {result.model.name} {how} from {result.path}.")
    for warning in result.report.warnings:
        print(f"warning: {warning}")
