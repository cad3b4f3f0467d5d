"""
Parties: making one for a dungeon, joining, leaving, handing over the lead.

A party has at most `rules.PARTY_MAX` members and one leader. Nobody joins
while it is in a dungeon; members may still leave (their Exhaustion stays in
the run's record). A leader leaves only after promoting someone, unless alone,
which disbands the party; `+party/reset` clears a character's party
information whatever it is, handing the lead to the next member if needed.
"""

from dataclasses import dataclass

from django.db import transaction

from world.client_state.hooks import change_audience, tells_party
from world.digger import engine, rules, services
from world.digger.errors import DiggerError
from world.digger.membership import members_of, membership_of, open_run, require_membership
from world.digger.models import Party, PartyMember
from world.digger.store import open_dungeon_model

JOINED, LEFT, DISBANDED, PROMOTED, CREATED = "joined", "left", "disbanded", "promoted", "created"


@dataclass(frozen=True)
class PartyChange:
    """What happened to a party, and who should hear of it."""

    kind: str
    character: object  # who joined, left, was promoted or made the party
    dungeon: object  # models.Dungeon
    members: tuple  # characters in the party now
    leader: object  # character leading it now, or None once disbanded
    ending: object = None  # services.Ending if leaving ended the run


def _change(kind, character, party, ending=None):
    members = members_of(party.pk) if kind != DISBANDED else []
    leader = next((member.character for member in members if member.is_leader), None)
    return PartyChange(
        kind, character, party.dungeon, tuple(m.character for m in members), leader, ending
    )


def _refuse_if_in_party(character):
    membership = membership_of(character)
    if membership is not None:
        raise DiggerError(
            f"You are in a party for dungeon #{membership.party.dungeon.number} already; "
            "+party/leave it first."
        )


@tells_party(change_audience)
def create_party(character, number):
    """A new party for dungeon `number`, led by `character`."""
    with transaction.atomic():
        _refuse_if_in_party(character)
        party = Party.objects.create(dungeon=open_dungeon_model(number))
        PartyMember.objects.create(party=party, character=character, is_leader=True)
        return _change(CREATED, character, party)


@tells_party(change_audience)
def join_party(character, other):
    """Join the party `other` is in."""
    if other == character:
        raise DiggerError("Name someone else: you join the party another player is in.")
    with transaction.atomic():
        _refuse_if_in_party(character)
        theirs = membership_of(other)
        if theirs is None:
            raise DiggerError(f"{other.key} is not in a party.")
        party = _locked_party(theirs.party_id)
        if open_run(party.pk) is not None:
            raise DiggerError(
                f"{other.key}'s party is in the dungeon: nobody can join until the run ends."
            )
        if party.members.count() >= rules.PARTY_MAX:
            raise DiggerError(f"{other.key}'s party is full ({rules.PARTY_MAX} members).")
        PartyMember.objects.create(party=party, character=character)
        return _change(JOINED, character, party)


@tells_party(change_audience)
def leave_party(character):
    """Leave your party; a leader with others in it must promote one of them first."""
    with transaction.atomic():
        membership, party, members = _own_party(character)
        if membership.is_leader and len(members) > 1:
            raise DiggerError(
                "You lead this party: +party/promote <player> someone first, so it is not left "
                "without a leader."
            )
        return _remove(membership, party, members)


@tells_party(change_audience)
def reset_party(character):
    """Clear the character's party information, whatever it is."""
    with transaction.atomic():
        membership, party, members = _own_party(character)
        if membership.is_leader and len(members) > 1:
            heir = next(member for member in members if member.pk != membership.pk)
            membership.is_leader = False
            membership.save(update_fields=["is_leader"])
            heir.is_leader = True
            heir.save(update_fields=["is_leader"])
        return _remove(membership, party, members)


@tells_party(change_audience)
def promote(character, other):
    """The leader hands the lead to another member (not while actions are pending)."""
    with transaction.atomic():
        membership, party, members = _own_party(character)
        if not membership.is_leader:
            raise DiggerError("Only the party's leader can promote someone.")
        target = next((member for member in members if member.character_id == other.id), None)
        if target is None:
            raise DiggerError(f"{other.key} is not in your party.")
        if target.pk == membership.pk:
            raise DiggerError("You lead the party already.")
        run = open_run(party.pk, lock=True)
        if run is not None and any(engine.RunState.from_dict(run.state).actions):
            raise DiggerError(
                "Actions are pending in this round: promote after +act/complete clears them."
            )
        membership.is_leader = False
        membership.save(update_fields=["is_leader"])
        target.is_leader = True
        target.save(update_fields=["is_leader"])
        return _change(PROMOTED, other, party)


def _locked_party(party_id):
    return Party.objects.select_for_update().select_related("dungeon").get(pk=party_id)


def _own_party(character):
    membership = require_membership(character)
    party = _locked_party(membership.party_id)
    return membership, party, members_of(party.pk)


def _remove(membership, party, members):
    """Take the member out (and out of the run), disbanding the party if they were the last."""
    character = membership.character
    run = open_run(party.pk, lock=True)
    ending = services.leave_run(run, character) if run is not None else None
    membership.delete()
    if len(members) == 1:
        party.delete()
        return _change(DISBANDED, character, party, ending)
    return _change(LEFT, character, party, ending)


NAME_MAX = Party._meta.get_field("name").max_length


@dataclass(frozen=True)
class PartyNamed:
    name: str  # what the room calls the party now
    members: tuple


def name_party(character, name):
    """The leader names the party for the room's news; a blank name goes back to the leader's."""
    from evennia.utils.ansi import strip_ansi

    name = " ".join(strip_ansi(name or "").split())
    if len(name) > NAME_MAX:
        raise DiggerError(f"A party's name is at most {NAME_MAX} characters; that one has {len(name)}.")
    with transaction.atomic():
        membership, party, members = _own_party(character)
        if not membership.is_leader:
            raise DiggerError("Only the party's leader can name the party.")
        party.name = name
        party.save(update_fields=["name"])
    label = services.party_label(name, character.key)
    return PartyNamed(label, tuple(member.character for member in members))


def watch_party(character, other):
    """Follow the news of the party `other` is in, in full, wherever you are."""
    theirs = membership_of(other)
    if theirs is None:
        raise DiggerError(f"{other.key} is not in a party: there is nothing to watch.")
    mine = membership_of(character)
    if mine is not None and mine.party_id == theirs.party_id:
        raise DiggerError("That is your own party: you hear all its news already.")
    with transaction.atomic():
        for watched in character.digger_watching.all():
            watched.watchers.remove(character)
        theirs.party.watchers.add(character)
    members = members_of(theirs.party_id)
    leader = next((m.character.key for m in members if m.is_leader), "")
    return services.party_label(theirs.party.name, leader)


def stop_watching(character):
    """Stop following any party; returns how many were followed."""
    watched = list(character.digger_watching.all())
    for party in watched:
        party.watchers.remove(character)
    return len(watched)
