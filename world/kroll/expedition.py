"""
The expedition ledger: who leads, each member's agreed share of the loot (in
percent), and the share offers waiting for an answer.

No share changes without its member's say-so: the leader offers, the member
accepts (or the member asks, and the leader accepts). The leader's own share
is the leader's to set. Shares never add up to more than the whole loot.
Like the other services, these change the database in one transaction,
return what happened, and refuse with `KrollError`.
"""

from dataclasses import dataclass

from django.db import transaction
from django.db.models import F, Sum

from world.kroll import rules
from world.kroll.errors import KrollError
from world.kroll.models import Expedition, ExpeditionMember, ShareOffer

MAX_NAME = 80


@dataclass(frozen=True)
class Ledger:
    expedition: Expedition
    members: tuple
    offers: tuple

    @property
    def unclaimed(self):
        return rules.FULL_LOOT_PERCENT - sum(member.share for member in self.members)

    @property
    def characters(self):
        """Everyone who should hear about a change: members and those invited."""
        invited = [offer.character for offer in self.offers]
        return list(dict.fromkeys([member.character for member in self.members] + invited))


def ledger(expedition):
    members = expedition.members.select_related("character")
    offers = expedition.offers.select_related("character", "proposed_by")
    return Ledger(expedition, tuple(members), tuple(offers))


def membership(character):
    """The character's place in an active expedition, or None."""
    return (
        ExpeditionMember.objects.filter(character=character, expedition__active=True)
        .select_related("expedition")
        .first()
    )


def invitations(character):
    """Open offers of a place in an expedition the character is not in."""
    return list(
        ShareOffer.objects.filter(
            character=character, expedition__active=True, proposed_by=F("expedition__leader")
        )
        .exclude(expedition__members__character=character)
        .select_related("expedition", "expedition__leader")
    )


def ledger_of(character):
    member = membership(character)
    if member is None:
        raise KrollError("You are not on an expedition: |w+expedition/start <name>=<your share>|n.")
    return ledger(member.expedition)


def start(character, name, share):
    """`character` leads a new expedition, keeping `share` percent."""
    name = " ".join(name.split())
    if not name or len(name) > MAX_NAME:
        raise KrollError(f"Give the expedition a name of up to {MAX_NAME} characters.")
    _check_share(share)
    with transaction.atomic():
        if membership(character):
            raise KrollError("You are already on an expedition; leave it first.")
        expedition = Expedition.objects.create(name=name, leader=character)
        ExpeditionMember.objects.create(expedition=expedition, character=character, share=share)
        return ledger(expedition)


@dataclass(frozen=True)
class ShareChange:
    ledger: Ledger
    character: object
    old_share: int | None  # None: they just joined
    new_share: int


def offer(leader, character, share):
    """The leader offers `character` a share: a new one for a member, or a
    place on the expedition for someone here. The leader's own share is set
    at once (it is the leader's own consent)."""
    _check_share(share)
    with transaction.atomic():
        expedition = _led_by(leader)
        if character == leader:
            _set_share(expedition, character, share)
            return ledger(expedition)
        is_member = expedition.members.filter(character=character).exists()
        if not is_member:
            if character.location != leader.location:
                raise KrollError(f"{character.key} is not here to be invited.")
            if membership(character):
                raise KrollError(f"{character.key} is already on another expedition.")
        _check_total(expedition, character, share)
        ShareOffer.objects.update_or_create(
            expedition=expedition,
            character=character,
            defaults={"share": share, "proposed_by": leader},
        )
        return ledger(expedition)


def ask(member, share):
    """A member asks the leader for a new share."""
    _check_share(share)
    with transaction.atomic():
        place = membership(member)
        if place is None:
            raise KrollError("You are not on an expedition.")
        expedition = _locked(place.expedition)
        if expedition.leader_id == member.pk:
            _set_share(expedition, member, share)
            return ledger(expedition)
        _check_total(expedition, member, share)
        ShareOffer.objects.update_or_create(
            expedition=expedition,
            character=member,
            defaults={"share": share, "proposed_by": member},
        )
        return ledger(expedition)


def accept(character, other=None):
    """Say yes to the offer waiting for `character`: a member takes the leader's
    offer (`other` names the leader when several invitations wait), the leader
    takes member `other`'s request."""
    with transaction.atomic():
        pending = _offer_to_answer(character, other)
        expedition = _locked(pending.expedition)
        joining = not expedition.members.filter(character=pending.character).exists()
        if joining and membership(pending.character):
            raise KrollError(f"{pending.character.key} is already on another expedition.")
        old_share = _set_share(expedition, pending.character, pending.share)
        pending.delete()
        return ShareChange(ledger(expedition), pending.character, old_share, pending.share)


def decline(character, other=None):
    """Say no to (or withdraw) an offer; nothing else changes."""
    with transaction.atomic():
        pending = _offer_to_answer(character, other, withdraw=True)
        expedition = pending.expedition
        pending.delete()
        return ledger(expedition)


def leave(member):
    with transaction.atomic():
        place = membership(member)
        if place is None:
            raise KrollError("You are not on an expedition.")
        expedition = place.expedition
        if expedition.leader_id == member.pk:
            raise KrollError("The leader cannot walk away: |w+expedition/disband|n ends it.")
        before = ledger(expedition)
        place.delete()
        ShareOffer.objects.filter(expedition=expedition, character=member).delete()
        return before


def disband(leader):
    with transaction.atomic():
        expedition = _led_by(leader)
        before = ledger(expedition)
        expedition.offers.all().delete()
        expedition.active = False
        expedition.save(update_fields=["active"])
        return before


def _led_by(leader):
    place = membership(leader)
    if place is None or place.expedition.leader_id != leader.pk:
        raise KrollError("Only an expedition's leader can do that.")
    return _locked(place.expedition)


def _locked(expedition):
    """Re-read the expedition locked, so two acceptances cannot overshoot the loot."""
    return Expedition.objects.select_for_update().get(pk=expedition.pk)


def _offer_to_answer(character, other, withdraw=False):
    """The open offer `character` may answer: one made to them, one they may
    accept as leader from member `other`, or (withdrawing) one they made."""
    offers = ShareOffer.objects.filter(expedition__active=True).select_related(
        "expedition", "character", "proposed_by"
    )
    to_me = offers.filter(character=character).exclude(proposed_by=character)
    from_members = offers.filter(expedition__leader=character).exclude(proposed_by=character)
    mine = offers.filter(proposed_by=character) if withdraw else offers.none()
    if other is not None:
        candidates = list(to_me.filter(proposed_by=other))
        candidates += list(from_members.filter(character=other))
        candidates += list(mine.filter(character=other))
    else:
        candidates = list(to_me) + list(from_members) + list(mine)
    if not candidates:
        raise KrollError("There is no share offer waiting for you to answer.")
    if len(candidates) > 1:
        names = ", ".join(sorted({_counterpart(offer, character).key for offer in candidates}))
        raise KrollError(f"Several offers are waiting; name whose you mean: {names}.")
    return candidates[0]


def _counterpart(offer, character):
    return offer.proposed_by if offer.character == character else offer.character


def _set_share(expedition, character, share):
    """Record `character`'s share (joining them if new); returns the old share."""
    _check_total(expedition, character, share)
    member = expedition.members.filter(character=character).first()
    if member is None:
        ExpeditionMember.objects.create(expedition=expedition, character=character, share=share)
        return None
    old_share, member.share = member.share, share
    member.save(update_fields=["share"])
    return old_share


def _check_share(share):
    if not 0 <= share <= rules.FULL_LOOT_PERCENT:
        raise KrollError(f"A share is a percentage from 0 to {rules.FULL_LOOT_PERCENT}.")


def _check_total(expedition, character, share):
    others = (
        expedition.members.exclude(character=character).aggregate(total=Sum("share"))["total"] or 0
    )
    if others + share > rules.FULL_LOOT_PERCENT:
        free = rules.FULL_LOOT_PERCENT - others
        raise KrollError(f"Only {free}% of the loot is unclaimed; {share}% is too much.")
