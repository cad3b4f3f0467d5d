"""
Who is in which party, and which party is in a dungeon: the look-ups the party,
belt, sheet and run services share.
"""

from evennia.objects.models import ObjectDB

from world.digger.errors import DiggerError
from world.digger.models import PartyMember, Run
from world.prepared import Prepared

LOCKED_IN_RUN = "Your party is in a dungeon: {what} locked until the run ends."


_MEMBERSHIPS_OF = Prepared(
    lambda character_id: PartyMember.objects.select_related("party__dungeon").filter(
        character=character_id
    )
)


def membership_of(character):
    """The character's PartyMember row (with party and dungeon), or None."""
    return _MEMBERSHIPS_OF.first(character.id)  # a character is in one party at most


NOT_IN_A_PARTY = (
    "You are not in a party. Make one with +party/create <dungeon #> or join one with "
    "+party/join <player>."
)


def require_membership(character):
    membership = membership_of(character)
    if membership is None:
        raise DiggerError(NOT_IN_A_PARTY)
    return membership


# Every party command starts with these two look-ups; their SQL is made once.
_PARTY_ROWS = Prepared(
    lambda character_id: PartyMember.objects.filter(
        party__members__character=character_id
    ).select_related("party__dungeon")
)


def party_of(character):
    """
    (the character's PartyMember row, every member of its party in joining
    order, with their characters) in one query; (None, []) outside a party.
    """
    members = _with_characters(_PARTY_ROWS(character.id))
    own = next((member for member in members if member.character_id == character.id), None)
    return own, members


def require_party(character):
    """`party_of` for a character who must be in a party."""
    membership, members = party_of(character)
    if membership is None:
        raise DiggerError(NOT_IN_A_PARTY)
    return membership, members


_MEMBERS_OF = Prepared(lambda party_id: PartyMember.objects.filter(party_id=party_id))


def members_of(party_id):
    """The party's members in joining order, with their characters."""
    return _with_characters(_MEMBERS_OF(party_id))


def _with_characters(rows):
    """
    The PartyMember rows, as a list, each with its character: from Evennia's
    cache of loaded objects (players online always are), one query for any
    that are not. Joining the characters' table instead cost more than the
    rest of the look-up.
    """
    rows = list(rows)
    field = PartyMember._meta.get_field("character")
    missing = []
    for row in rows:
        character = ObjectDB.get_cached_instance(row.character_id)
        if character is None:
            missing.append(row)
        else:
            field.set_cached_value(row, character)
    if missing:
        found = ObjectDB.objects.in_bulk([row.character_id for row in missing])
        for row in missing:
            field.set_cached_value(row, found[row.character_id])
    return rows


def _open_runs(lock):
    def make_queryset(party_id):
        runs = Run.objects.filter(party_id=party_id, ended_at__isnull=True)
        return (runs.select_for_update() if lock else runs)[:1]  # the newest (Run's order)

    return Prepared(make_queryset)


_OPEN_RUN = {False: _open_runs(lock=False), True: _open_runs(lock=True)}


def open_run(party_id, lock=False):
    """The party's run in progress, or None; `lock` holds its row to the end of the transaction."""
    return _OPEN_RUN[lock].first(party_id)


def refuse_in_run(character, what):
    """Refuse a change of `what` while the character's party is in a dungeon."""
    if Run.objects.filter(party__members__character=character, ended_at__isnull=True).exists():
        raise DiggerError(LOCKED_IN_RUN.format(what=what))
