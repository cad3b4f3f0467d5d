"""The game's migrations are complete and depend only on what Evennia ships."""

import ast
from pathlib import Path

import evennia
import pytest
from django.apps import apps
from django.db.migrations.autodetector import MigrationAutodetector
from django.db.migrations.loader import MigrationLoader
from django.db.migrations.questioner import NonInteractiveMigrationQuestioner
from django.db.migrations.state import ProjectState

REPO = Path(__file__).resolve().parents[1]
EVENNIA_DIR = Path(evennia.__file__).resolve().parent
GAME_APPS = [config.label for config in apps.get_app_configs() if config.name.startswith("world.")]


def test_the_game_has_its_apps():
    assert {"digger", "requests_desk", "kroll"} <= set(GAME_APPS)


@pytest.mark.django_db
def test_models_and_migrations_agree():
    loader = MigrationLoader(None, ignore_no_migrations=True)
    autodetector = MigrationAutodetector(
        loader.project_state(),
        ProjectState.from_apps(apps),
        NonInteractiveMigrationQuestioner(specified_apps=set(GAME_APPS), dry_run=True),
    )
    changes = autodetector.changes(graph=loader.graph)
    missing = {label: [m.name for m in found] for label, found in changes.items() if label in GAME_APPS}
    assert not missing, f"models changed without a migration (make migrations APP=...): {missing}"


def _dependencies(path):
    tree = ast.parse(path.read_text())
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and any(
            getattr(target, "id", None) == "dependencies" for target in node.targets
        ):
            return [tuple(elt.value for elt in item.elts) for item in node.value.elts
                    if isinstance(item, ast.Tuple)]
    return []


@pytest.mark.parametrize("path", sorted(REPO.glob("world/*/migrations/0*.py")), ids=lambda p: str(p.relative_to(REPO)))
def test_migration_depends_only_on_shipped_evennia_migrations(path):
    game_labels = set(GAME_APPS)
    for app, name in _dependencies(path):
        if app in game_labels or app == "__setting__":
            continue
        shipped = EVENNIA_DIR / app / "migrations" / f"{name}.py"
        django_app = any(
            (Path(config.path) / "migrations" / f"{name}.py").exists()
            for config in apps.get_app_configs() if config.label == app
        )
        assert shipped.exists() or django_app, f"{path.name} depends on ({app}, {name}), which is not shipped"
