"""
`make migrations APP=<label>`: Django's makemigrations for one of the game's
apps, without ever writing into the installed Evennia package.

Evennia's typeclasses are proxy models with no shipped migrations, so Django
also wants to write migrations for Evennia's own apps (e.g. `objects`) when
a game model points at them. Those files would live in site-packages and the
game's migration would depend on them. This runs makemigrations, removes any
file it put into Evennia's package, and points the game's new migrations at
Evennia's newest shipped migration instead.
"""

import os
import re
import subprocess
import sys
from pathlib import Path

import evennia

EVENNIA_DIR = Path(evennia.__file__).resolve().parent


def evennia_migration_files():
    return set(EVENNIA_DIR.glob("*/migrations/0*.py"))


def newest_shipped(app_label):
    files = sorted(EVENNIA_DIR.glob(f"{app_label}/migrations/0*.py"))
    return files[-1].stem if files else None


def main(labels):
    if not labels:
        print("Name the app: make migrations APP=digger")
        return 2
    game_dir = Path(__file__).resolve().parent.parent
    before_evennia = evennia_migration_files()
    before_game = set(game_dir.glob("world/*/migrations/0*.py"))
    env = {**os.environ, "PYTHONPATH": str(game_dir),
           "DJANGO_SETTINGS_MODULE": "server.conf.test_settings"}
    admin = str(Path(sys.executable).with_name("django-admin"))
    code = subprocess.call([admin, "makemigrations", *labels], cwd=game_dir, env=env)
    stray = evennia_migration_files() - before_evennia
    for path in stray:
        path.unlink()
        print(f"Removed {path.name}: Evennia's package is not ours to change.")
    replacements = {(p.parent.parent.name, p.stem): newest_shipped(p.parent.parent.name) for p in stray}
    for path in set(game_dir.glob("world/*/migrations/0*.py")) - before_game:
        text = path.read_text()
        for (app, name), shipped in replacements.items():
            quoted = rf"""(["']){app}\1,\s*(["']){re.escape(name)}\2"""
            text = re.sub(quoted, f'"{app}", "{shipped}"', text)
        path.write_text(text)
        print(f"Wrote {path.relative_to(game_dir)}: review it before committing.")
    return code


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
