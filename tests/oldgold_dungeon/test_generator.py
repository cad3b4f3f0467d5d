"""Every table of the dungeon generator, rolled with scripted dice; the
generator is plain Python (no Django, no Evennia)."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.dice.scripted import ScriptedRng
from world.oldgold_dungeon import generator, rules


def rolled(function, *faces, **kwargs):
    rng = ScriptedRng(*faces)
    result = function(rng, **kwargs)
    assert rng.used_up, f"dice left over: {rng.values}"
    return result, rng


@pytest.mark.parametrize("face", range(1, 7))
def test_every_dungeon_size(face):
    size, rng = rolled(generator.roll_size, face)
    words, rooms, levels = rules.SIZES[face]
    assert (size.face, size.words, size.rooms, size.levels) == (face, words, rooms, levels)
    assert rng.calls == [(1, 6)]
    assert size.per_level * levels >= rooms > (size.per_level - 1) * levels


def test_sizes_grow_with_the_die():
    rooms = [rules.SIZES[face][1] for face in range(1, 7)]
    assert rooms == sorted(rooms) and set(rules.SIZE_WORDS.values()) == set(rules.SIZES)


@pytest.mark.parametrize("face", range(1, 7))
def test_every_corridor_course(face):
    corridor, rng = rolled(generator.roll_corridor, 6, 2, face)
    course, ways_on = rules.COURSES[face]
    assert corridor.kind == "corridor" and corridor.ways_on == ways_on
    assert corridor.description == f"A corridor 16m long {course}."
    assert corridor.dice == (6, 2, face) and rng.calls == [(1, 6)] * 3
    assert "Length 2d6 [6, 2] x 2m = 16m" in corridor.rolls


@pytest.mark.parametrize("total", range(2, 13))
def test_every_room_shape_and_its_size(total):
    first = max(1, total - 6)
    second = total - first
    shape, doorways = rules.SHAPES[total]
    if shape in rules.TWO_SIDED:  # length and width rolled apart, 2d6 x 2m each
        room, _ = rolled(generator.roll_room, first, second, 1, 2, 6, 6, 1,
                         contents="structure")
        assert "room, 6m by 24m." in room.description
        room, _ = rolled(generator.roll_room, first, second, 1, 2, 6, 6, 1, 1)
    else:  # as wide as long: rolled once
        room, _ = rolled(generator.roll_room, first, second, 1, 2, 1, contents="structure")
        assert "room, 6m across." in room.description
    assert room.kind == "room" and room.title == f"{shape} room"
    assert room.ways_on == doorways - 1  # the door you came through counts


@pytest.mark.parametrize("face", range(1, 7))
def test_every_kind_of_contents(face):
    kind = rules.CONTENTS[face]
    # 2d6 [3, 4] = 7 rectangular, 2d6 [1, 1] by 2d6 [1, 1], holds [face], then its table:
    faces = [3, 4, 1, 1, 1, 1, face, 2]
    if kind in ("lair", "creature"):
        faces += [3, 2, 3]  # goblin, NA 2d6 [2, 3] = 5, three spawn at most
    room, _ = rolled(generator.roll_room, *faces)
    assert room.contents == kind and f"Holds 1d6 [{face}]: {kind}." in room.rolls
    if kind == "trap":
        trap, sign, hazard = rules.TRAPS[2]
        assert room.hazard == hazard and trap in room.description
        assert sign.capitalize() in room.description
    else:
        assert rules.DETAILS[kind][1] in room.description
    if kind in ("lair", "creature"):
        assert (room.creature, room.count) == ("goblin", rules.MAX_CREATURES)
        assert "NA 2d6 [2, 3], 3 here" in room.rolls
    else:
        assert room.creature == "" and room.count == 0


@pytest.mark.parametrize("detail", range(1, 7))
@pytest.mark.parametrize("kind", sorted(rules.DETAILS))
def test_every_detail(kind, detail):
    extra = (1,) if kind in ("lair", "creature") else ()  # a rat swarm, NA 1d3 [1]
    creature = (1,) if extra else ()
    room, _ = rolled(generator.roll_room, 3, 4, 1, 1, 1, 1, detail, *creature, *extra,
                     contents=kind)
    assert rules.DETAILS[kind][detail - 1] in room.description


@pytest.mark.parametrize("face", range(1, 7))
def test_every_trap(face):
    room, _ = rolled(generator.roll_room, 3, 4, 1, 1, 1, 1, face, contents="trap")
    trap, _sign, hazard = rules.TRAPS[face]
    assert room.hazard == hazard and trap in room.description


@pytest.mark.parametrize("face", range(1, 7))
def test_every_creature_and_its_number(face):
    slug = rules.CREATURES[face]
    na = rules.NUMBER_APPEARING[slug]
    dice_count = 0 if "d" not in na else int(na.split("d")[0] or 1)
    sides = int(na.split("d")[1]) if dice_count else 0
    (found, count, faces), rng = rolled(generator.roll_creature, face, *[sides] * dice_count)
    expected = int(na) if not dice_count else dice_count * sides
    assert found == slug and count == min(expected, rules.MAX_CREATURES)
    assert faces == (face,) + (sides,) * dice_count


def test_a_lone_creature_and_a_crowd_read_well():
    lone, _ = rolled(generator.roll_room, 3, 4, 1, 1, 1, 1, 2, 6, contents="creature")
    assert "A mimic is here, out of its lair, lost" in lone.description
    crowd, _ = rolled(generator.roll_room, 3, 4, 1, 1, 1, 1, 1, 3, 1, 1,
                      contents="creature")
    assert "2 goblins are here, out of their lair, hunting" in crowd.description
    lair, _ = rolled(generator.roll_room, 3, 4, 1, 1, 1, 1, 1, 3, 1, 1, contents="lair")
    assert lair.description.endswith("This is the lair of the goblins.")


@pytest.mark.parametrize("face", range(1, 7))
def test_every_space(face):
    kind = rules.SPACES[face]
    faces = [face] + ([3, 4, 1, 1, 1, 1, 1, 1] if kind == "room" else [1, 1, 1])
    space, _ = rolled(generator.roll_space, *faces)
    assert space.kind == kind and space.dice[0] == face
    assert space.rolls.startswith(f"Space 1d6 [{face}]: {kind}.")


@pytest.mark.parametrize("face", range(1, 7))
def test_every_door(face):
    door, _ = rolled(generator.roll_door, face)
    state, words = rules.DOORS[face]
    assert (door.face, door.state, door.words) == (face, state, words)
    assert state == "open" or state in rules.DOOR_CHECKS


@pytest.mark.parametrize("face", range(1, 7))
def test_every_full_level_door(face):
    (found_face, where), _ = rolled(generator.roll_full_level, face)
    assert found_face == face and where == rules.FULL_LEVEL[face]
    assert where in ("dead end", "been")


def test_a_dead_end_has_no_way_on():
    end, _ = rolled(generator.dead_end, 1, 2)
    assert end.kind == "dead end" and end.ways_on == 0
    assert end.description == "A passage 6m long that ends in bare stone."


def test_number_appearing():
    assert generator.roll_number("1", ScriptedRng()) == (1, ())
    assert generator.roll_number("2d6", ScriptedRng(4, 5)) == (9, (4, 5))


def test_the_creature_table_is_the_bestiarys():
    from world.oldgold_dungeon.bestiary import MONSTERS

    for slug in rules.CREATURES.values():
        assert MONSTERS[slug]["na"] == rules.NUMBER_APPEARING[slug]


def test_every_trap_names_a_hazard():
    from world.oldgold_dungeon.hazards import HAZARDS

    assert {hazard for _, _, hazard in rules.TRAPS.values()} <= set(HAZARDS)


ROOT = Path(__file__).resolve().parents[2]


def test_the_generator_loads_no_framework():
    probe = ("import json, sys\nimport world.oldgold_dungeon.generator\n"
             "print(json.dumps(sorted(m for m in sys.modules "
             "if m.split('.')[0] in ('django', 'evennia', 'twisted'))))")
    env = {k: v for k, v in os.environ.items() if k != "DJANGO_SETTINGS_MODULE"}
    env["PYTHONPATH"] = str(ROOT)
    done = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == []
