"""
Scenes: a room's logged play, and its pose order.

`+scene/start` opens a Scene for a room and marks the room (an Attribute,
cached by Evennia, so a room without a scene pays one dictionary look-up per
message). While it is open, the room's `msg_contents` hands each say, pose,
emit and dice result to `heard`, which logs it as a bystander saw it and
moves the speaker in the pose order. Whoever is in the room when a line is
logged becomes a participant; private scenes are readable only by them.
"""

import re
from functools import cache

from django.db import connection, transaction
from django.db.models import Q
from django.utils import timezone
from evennia.objects import objects as evennia_objects
from evennia.utils import logger
from evennia.utils.utils import crop, is_iter

from world.access import is_staff
from world.prepared import Prepared
from world.social import rules
from world.social.errors import SocialError
from world.social.models import Entry, Participant, Scene

ROOM_ATTRIBUTE = "scene_id"
CATEGORY = "social"
# message "type" -> log kind; untyped lines from a character are dice results
_KINDS = {"say": "say", "pose": "pose", "emit": "emit", "ooc": "ooc"}
_SKIP_TYPES = {"look", "whisper", "move", "teleport", "traverse", "give", "get", "drop"}


def open_scene_id(room):
    if room is None:
        return None
    return room.attributes.get(ROOM_ATTRIBUTE, category=CATEGORY)


# Asked for every logged line: Django writes its SQL once.
_open_scene_by_id = Prepared(lambda scene: Scene.objects.filter(id=scene, stopped_at__isnull=True))


def open_scene(room):
    scene_id = open_scene_id(room)
    return _open_scene_by_id.first(scene_id) if scene_id else None


def _account(obj):
    return getattr(obj, "account", None) if obj is not None else None


def start(room, starter_character, title=""):
    if room is None:
        raise SocialError("You need to be in a room to start a scene.")
    title = " ".join((title or "").split())
    if len(title) > rules.SCENE_TITLE_MAX:
        raise SocialError(f"A scene's title can be at most {rules.SCENE_TITLE_MAX} characters.")
    existing = open_scene(room)
    if existing:
        raise SocialError(
            f"A scene is already running here (#{existing.id}). Pose away, or stop it with "
            "|w+scene/stop|n."
        )
    with transaction.atomic():
        scene = Scene.objects.create(
            title=title, room=room, room_name=room.key, starter=_account(starter_character)
        )
        _join_present(scene, room)
    room.attributes.add(ROOM_ATTRIBUTE, scene.id, category=CATEGORY)
    room.ndb.scene_people = None
    return scene


def stop(room, stopper_character):
    scene = open_scene(room)
    if scene is None:
        raise SocialError("No scene is running here. Start one with |w+scene/start [<title>]|n.")
    account = _account(stopper_character)
    if not (is_participant(scene, account) or is_staff(stopper_character)):
        raise SocialError("Only someone in the scene (or staff) can stop it.")
    scene.stopped_at = timezone.now()
    scene.save(update_fields=["stopped_at"])
    room.attributes.remove(ROOM_ATTRIBUTE, category=CATEGORY)
    room.ndb.scene_people = None
    room.ndb.open_scene = None
    return scene


def _join_present(scene, room):
    """Add everyone with an account in the room; returns their account ids."""
    present = {}
    for obj in room.contents:
        account = _account(obj)
        if account is not None:
            present[account.id] = obj.key
    known = set(scene.participants.values_list("account_id", flat=True))
    Participant.objects.bulk_create(
        [Participant(scene=scene, account_id=aid, name=name) for aid, name in present.items()
         if aid not in known]
    )
    return known | set(present)


_MAPPING_KEY = re.compile(r"\{(\w+)\}")


def observer_text(room, text, from_obj, mapping):
    """The line as a bystander in the room read it."""
    mapping = dict(mapping or {})
    mapping.setdefault("you", from_obj or room)
    # Looked up now: the patch layer puts a bounded parser there at start-up
    # (server/patches/player_text.py), and player text is no format template.
    parser = evennia_objects._MSG_CONTENTS_PARSER
    out = parser.parse(
        text, return_string=True, caller=from_obj or room, receiver=room, mapping=mapping
    )
    names = {key: getattr(obj, "key", str(obj)) for key, obj in mapping.items()}
    return _MAPPING_KEY.sub(lambda match: names.get(match.group(1), match.group(0)), out)


def kind_of(text, from_obj):
    if is_iter(text) and len(text) > 1 and isinstance(text[1], dict) and text[1].get("type"):
        msg_type = text[1]["type"]
        if msg_type in _KINDS:
            return _KINDS[msg_type]
        return None
    if from_obj is not None and _account(from_obj) is not None:
        return "dice"
    return None


def heard(room, text, from_obj=None, mapping=None):
    """Log one room message in the room's open scene (never raises into the game)."""
    try:
        kind = kind_of(text, from_obj)
        if kind is None:
            return
        scene_id = open_scene_id(room)
        raw = text[0] if is_iter(text) else text
        line = observer_text(room, raw, from_obj, mapping)
        speaker = getattr(from_obj, "key", "") if from_obj is not None else ""
        record(room, scene_id, kind, speaker, _account(from_obj), line)
    except Exception:
        logger.log_trace("social: could not log a scene line")


def record(room, scene_id, kind, speaker, account, line):
    """Log the line in the room's scene; a room whose scene has stopped is unmarked."""
    scene = _open_scene_kept(room, scene_id)
    if scene is None:
        room.attributes.remove(ROOM_ATTRIBUTE, category=CATEGORY)
        return
    people = room.ndb.scene_people
    present = {_account(obj).id for obj in room.contents if _account(obj) is not None}
    if people is None or not present <= people:
        room.ndb.scene_people = _join_present(scene, room)
    posed = account.id if account is not None and kind in rules.POSE_KINDS else None
    _write_line(scene.id, kind, speaker[:80], line, posed)


def _open_scene_kept(room, scene_id):
    """The room's open scene `scene_id`, kept on the room once found: every logged
    line asks, and only `stop` closes a scene (it forgets the kept one)."""
    kept = room.ndb.open_scene
    if kept is not None and kept.id == scene_id:
        return kept
    scene = _open_scene_by_id.first(scene_id) if scene_id else None
    room.ndb.open_scene = scene
    return scene


def _write_line(scene_id, kind, speaker, line, posed_account_id):
    """
    Log one line and, for a pose, move its poser in the pose order: one
    transaction of two statements written here, not composed by Django anew
    for every line (that took most of a logged pose's time). Nothing listens
    for these rows being saved.
    """
    insert, pose = _line_statements(connection.vendor)
    stamp = connection.ops.adapt_datetimefield_value(timezone.now())
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute(insert, [scene_id, stamp, kind, speaker, line])
        if posed_account_id is not None:
            cursor.execute(pose, [stamp, scene_id, posed_account_id])


@cache
def _line_statements(vendor):
    """(INSERT of an Entry, UPDATE of a Participant's pose) for the database in use."""
    name = connection.ops.quote_name

    def columns(model, *fields):
        return [name(model._meta.get_field(field).column) for field in fields]

    scene, at, kind, speaker, text = columns(Entry, "scene", "at", "kind", "speaker", "text")
    insert = (
        f"INSERT INTO {name(Entry._meta.db_table)} ({scene}, {at}, {kind}, {speaker}, {text}) "
        "VALUES (%s, %s, %s, %s, %s)"
    )
    posed_at, poses, of_scene, account = columns(
        Participant, "last_posed_at", "poses", "scene", "account"
    )
    pose = (
        f"UPDATE {name(Participant._meta.db_table)} SET {posed_at} = %s, {poses} = {poses} + 1 "
        f"WHERE {of_scene} = %s AND {account} = %s"
    )
    return insert, pose


def pose_order(scene, room=None):
    """
    [(participant, present)], whose turn first: those who posed, the one
    who posed longest ago first; then those who have not posed yet.
    """
    present = set()
    if room is not None:
        present = {_account(obj).id for obj in room.contents if _account(obj) is not None}
    people = list(scene.participants.all())
    posed = sorted((p for p in people if p.last_posed_at), key=lambda p: (p.last_posed_at, p.id))
    waiting = sorted((p for p in people if not p.last_posed_at), key=lambda p: p.joined_at)
    return [(p, p.account_id in present) for p in posed + waiting]


def runs_scene(account, rooms):
    """Whether `account` started a scene still running in one of `rooms` (a
    player who runs a scene may be its GM: Goldengrave lets them dig)."""
    return bool(account) and Scene.objects.filter(
        starter=account, stopped_at__isnull=True, room__in=[room for room in rooms if room]
    ).exists()


def is_participant(scene, account):
    return bool(account) and scene.participants.filter(account=account).exists()


def can_read(scene, account):
    """Shared scenes are public; private ones are for participants and staff."""
    return scene.shared or (
        account is not None and (is_participant(scene, account) or is_staff(account))
    )


def get_readable(scene_id, account):
    """The scene, or a refusal that does not say whether it exists."""
    scene = Scene.objects.filter(id=scene_id).first()
    if scene is None or not can_read(scene, account):
        raise SocialError(f"There is no scene #{crop(str(scene_id), 12)} you can read.")
    return scene


def share(scene_id, account, shared=True):
    scene = get_readable(scene_id, account)
    if not (is_participant(scene, account) or is_staff(account)):
        raise SocialError("Only the scene's participants can share it.")
    scene.shared = shared
    scene.save(update_fields=["shared"])
    return scene


def search(account, text="", participant=""):
    """Scenes the account may read, newest first, by title and/or participant name."""
    scenes = Scene.objects.all()
    if not is_staff(account):
        mine = Participant.objects.filter(account=account).values("scene_id") if account else []
        scenes = scenes.filter(Q(shared=True) | Q(id__in=mine))
    if text:
        scenes = scenes.filter(title__icontains=text)
    if participant:
        scenes = scenes.filter(participants__name__icontains=participant)
    return list(scenes.distinct()[: rules.SCENE_SEARCH_LIMIT])


class SceneRoomMixin:
    """For Room typeclasses: hand the room's messages to an open scene's log."""

    def msg_contents(self, text=None, exclude=None, from_obj=None, mapping=None, **kwargs):
        super().msg_contents(text=text, exclude=exclude, from_obj=from_obj, mapping=mapping,
                             **kwargs)
        if text and self.attributes.get(ROOM_ATTRIBUTE, category=CATEGORY):
            heard(self, text, from_obj, mapping)
