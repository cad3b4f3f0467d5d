"""The run state machine (world.digger.engine): draws, acting, completing, outcomes, saving."""

import json
import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from world.digger import rules
from world.digger.deck import Card, Dungeon
from world.digger.engine import (
    Action,
    ActionRefused,
    ChallengePending,
    NoChallenge,
    NotInRun,
    RunError,
    RunOver,
    RunState,
    WaitingForMembers,
    act,
    act_all,
    actions_taken,
    active_conditions,
    complete,
    draw,
    leave,
    next_card_kind,
    outcome_card,
    retreat,
    start_run,
    uses_left,
    waiting_for,
)

from .support import (
    HIT,
    MISS,
    MEMBERS,
    basic,
    begin,
    card,
    dice,
    dungeon,
    finish,
    infos,
    play,
    tool,
)


def draws(state, dungeon_, count, seed=0):
    """Draw and complete `count` cards (everyone acts and hits); the keys drawn.

    Exploration is put back to where it was after each round, so that the
    Final trigger only fires when a test sets it."""
    keys = []
    for _ in range(count):
        drawn, _, played = play(state, dungeon_, {}, [HIT] * len(state.member_ids), seed=seed)
        state = replace(played, exploration=state.exploration)
        keys.append(drawn.key)
        seed += 1
    return keys, state


# --- Starting ------------------------------------------------------------------------


def test_start_run_refusals():
    hole = dungeon()
    with pytest.raises(RunError, match="at least one member"):
        start_run(hole, (), random.Random(0))
    with pytest.raises(RunError, match="twice"):
        start_run(hole, ("ann", "ann"), random.Random(0))
    with pytest.raises(RunError, match="at most 7"):
        start_run(hole, tuple(range(8)), random.Random(0))
    no_final = Dungeon(2, "Dead end", rules.RUIN, cards=(card("a"),))
    with pytest.raises(RunError, match="needs a Final card"):
        start_run(no_final, MEMBERS, random.Random(0))


def test_a_new_run_has_nothing_drawn_and_a_shuffled_deck():
    ordinary = [card(f"c{i}") for i in range(10)]
    state = begin(dungeon(ordinary=ordinary))
    assert (state.challenge, state.pending, state.exploration, state.exhaustion) == (
        0,
        False,
        0,
        (0, 0, 0),
    )
    assert sorted(state.deck) == sorted(c.key for c in ordinary)
    assert state.deck != tuple(c.key for c in ordinary)  # seed 0 does shuffle these ten


# --- Draw order -------------------------------------------------------------------------


def test_entry_then_second_then_third_then_ordinary():
    hole = dungeon(card("in"), card("two"), card("three"), ordinary=[card("o1"), card("o2")])
    keys, _ = draws(begin(hole), hole, 5)
    assert keys[:3] == ["in", "two", "three"]
    assert sorted(keys[3:]) == ["o1", "o2"]


def test_without_entry_the_first_draw_is_ordinary():
    hole = dungeon(second=card("two"), ordinary=[card("o1")])
    keys, _ = draws(begin(hole), hole, 3)
    assert keys == ["o1", "two", "o1"]


def test_one_of_several_second_cards_at_random():
    seconds = [Card(f"s{i}", rules.SECOND, "", "", rules.BRUTE, 1, ("Tire",)) for i in range(3)]
    hole = Dungeon(
        1, "Forks", rules.RUIN, cards=(card("o1"), card("fin", kind=rules.FINAL)) + tuple(seconds)
    )
    seen = set()
    for seed in range(30):
        keys, _ = draws(begin(hole, seed=seed), hole, 3, seed=seed)
        assert keys[0] == "o1" and keys[1].startswith("s") and keys[2] == "o1"
        seen.add(keys[1])
    assert seen == {"s0", "s1", "s2"}


def test_climax_then_final_once_exploration_reaches_70():
    hole = dungeon(
        card("in"), ordinary=[card("o1")], climax=card("peak"), final=card("end", rules.COMBAT, 3)
    )
    state = begin(hole)
    _, state = draws(state, hole, 1)
    below = replace(state, exploration=69)
    assert draw(below, hole, random.Random(0))[0].key == "o1"
    ready = replace(state, exploration=70)
    keys, after = draws(ready, hole, 1)
    assert keys == ["peak"] and after.climax_played
    drawn, _ = draw(after, hole, random.Random(0))
    assert drawn.key == "end" and drawn.kind == rules.FINAL


def test_without_climax_the_final_comes_straight_away():
    hole = dungeon(ordinary=[card("o1")])
    state = replace(begin(hole), exploration=80)
    assert draw(state, hole, random.Random(0))[0].kind == rules.FINAL


def test_next_card_kind_names_what_the_next_draw_brings():
    hole = dungeon(card("in"), third=card("three"), ordinary=[card("o1")], climax=card("peak"))
    state = begin(hole)
    assert next_card_kind(state, hole) == rules.ENTRY
    _, state = draws(state, hole, 1)
    assert next_card_kind(state, hole) == rules.EXPLORATION  # no Second card, below 70
    kinds = []
    while state.outcome is None:  # from here on the party is past the Final's trigger
        state = replace(state, exploration=80)
        kinds.append(next_card_kind(state, hole))
        drawn, state = draw(state, hole, random.Random(0))
        assert drawn.kind == kinds[-1]
        _, state = finish(state, drawn, [HIT] * 3)
    # Draw #2 brings the Climax, draw #3 the Third card even past 70, then the Final.
    assert kinds == [rules.CLIMAX, rules.THIRD, rules.FINAL]


def test_the_deck_reshuffles_played_ordinary_cards_when_empty():
    ordinary = [card(f"c{i}") for i in range(3)]
    hole = dungeon(ordinary=ordinary)
    keys, state = draws(begin(hole), hole, 9)
    for cycle in range(3):
        assert sorted(keys[3 * cycle : 3 * cycle + 3]) == ["c0", "c1", "c2"]
    assert state.challenge == 9


def test_a_draw_while_pending_or_after_the_end_is_refused():
    hole = dungeon()
    _, state = draw(begin(hole), hole, random.Random(0))
    with pytest.raises(ChallengePending):
        draw(state, hole, random.Random(0))
    with pytest.raises(RunOver):
        draw(retreat(state), hole, random.Random(0))


# --- Acting ---------------------------------------------------------------------------------


def test_act_refusals():
    hole = dungeon(card("in", rules.AGILITY))
    state = begin(hole)
    with pytest.raises(NoChallenge):
        act(state, "ann", basic(rules.AGILITY))
    _, state = draw(state, hole, random.Random(0))
    with pytest.raises(
        ActionRefused, match="This challenge tests Agility, not Brute: use Agility or Rush"
    ):
        act(state, "ann", basic("Force"))
    with pytest.raises(
        ActionRefused, match="'dance' is not an ability or action; this challenge needs Agility"
    ):
        act(state, "ann", basic("dance"))
    with pytest.raises(
        ActionRefused, match="Crowbar is a Brute tool; this challenge needs Agility or Rush"
    ):
        act(state, "ann", Action(rules.ACT, tool=tool("Crowbar")))
    with pytest.raises(ActionRefused, match="Act or risk"):
        act(state, "ann", Action("dance", rules.AGILITY))
    with pytest.raises(NotInRun):
        act(state, "zed", basic("Rush"))
    acted = act(state, "ann", basic("rush"))
    with pytest.raises(ActionRefused, match="already acted"):
        act(acted, "ann", basic("Rush"))
    spent = replace(state, exhaustion=(100, 0, 0))
    with pytest.raises(ActionRefused, match="exhausted"):
        act(spent, "ann", basic("Rush"))


def test_actions_are_recorded_in_canonical_form():
    hole = dungeon(card("in", rules.WITS))
    _, state = draw(begin(hole), hole, random.Random(0))
    state = act(state, "ann", basic("investigate", rules.RISK))
    lamp = tool("Lamp", rules.WITS, rules.MINOR)
    state = act(state, "bob", Action(rules.ACT, tool=lamp))
    assert actions_taken(state) == (
        ("ann", Action(rules.RISK, rules.WITS)),
        ("bob", Action(rules.ACT, None, lamp)),
        ("cat", None),
    )
    assert [a.describe() for _, a in actions_taken(state)[:2]] == ["risk Investigate", "Lamp"]
    assert waiting_for(state) == ("cat",)
    assert waiting_for(state, disconnected={"cat"}) == ()
    assert uses_left(state, "bob", lamp) == 2 and uses_left(state, "ann", lamp) == 3


def test_tool_uses_are_counted_per_member_and_per_tool_for_the_run():
    pick = tool("Pick", rules.BRUTE, rules.MAJOR)  # 2 uses
    hole = dungeon(ordinary=[card("o1")])
    state = begin(hole)
    use = Action(rules.ACT, tool=pick)
    for _ in range(2):
        _, _, state = play(state, hole, {"ann": use, "bob": use}, [HIT, HIT, HIT])
    _, state = draw(state, hole, random.Random(0))
    with pytest.raises(ActionRefused, match="Pick has no uses left in this run"):
        act(state, "ann", use)
    other = tool("Pick", rules.BRUTE, rules.MAJOR, id="another")
    act(state, "ann", Action(rules.ACT, tool=other))  # a second Pick of her own still has uses


def test_act_all_is_one_act_after_another():
    hole = dungeon(card("in", rules.BRUTE, 1, ("Weaken",)))
    _, state = draw(begin(hole), hole, random.Random(0))
    stalwart = tool("Shield", qualities=("Stalwart",))
    moves = [
        ("ann", Action(rules.ACT, tool=stalwart)),
        ("bob", basic("force", rules.RISK)),
        ("cat", Action(rules.ACT, tool=stalwart)),
    ]
    one_by_one = state
    for member, action in moves:
        one_by_one = act(one_by_one, member, action)
    together = act_all(state, moves)
    assert together.to_dict() == one_by_one.to_dict()
    assert together.effects == (("Stalwart", 1, ("ann", "cat")),)
    assert state.actions == (None, None, None) and state.tool_uses == {}


def test_act_all_refuses_a_move_as_act_would_and_changes_nothing():
    hole = dungeon(card("in", rules.BRUTE))
    _, state = draw(begin(hole), hole, random.Random(0))
    pick = tool("Pick", rules.BRUTE, rules.MAJOR)  # 2 uses
    saved = state.to_dict()
    with pytest.raises(ActionRefused, match="already acted"):
        act_all(state, [("ann", basic("Force")), ("ann", basic("Force"))])
    with pytest.raises(ActionRefused, match="tests Brute, not Agility"):
        act_all(state, [("ann", Action(rules.ACT, tool=pick)), ("bob", basic("Rush"))])
    assert state.to_dict() == saved


def test_complete_waits_for_everyone_connected_and_able():
    hole = dungeon()
    drawn, state = draw(begin(hole), hole, random.Random(0))
    state = act(state, "ann", basic(drawn.ability))
    with pytest.raises(WaitingForMembers) as waiting:
        complete(state, drawn, infos(), dice(HIT))
    assert waiting.value.member_ids == ("bob", "cat")
    assert str(waiting.value) == "Still waiting for: bob, cat."
    # bob is disconnected and cat exhausted: neither holds the round up.
    state = replace(state, exhaustion=(0, 0, 100))
    result, after = complete(state, drawn, infos(disconnected=("bob",)), dice(HIT))
    assert [r.status for r in result.members] == ["rolled", "disconnected", "exhausted"]
    assert after.exhaustion == (7, 7, 100)  # pass 4 + Tire 3


def test_complete_refusals():
    hole = dungeon()
    with pytest.raises(NoChallenge):
        complete(begin(hole), card("plain"), infos(), dice())
    drawn, state = draw(begin(hole), hole, random.Random(0))
    with pytest.raises(RunError, match="pending card is 'plain'"):
        complete(state, card("other"), infos(), dice())
    state = act(
        act(act(state, "ann", basic("Force")), "bob", basic("Force")), "cat", basic("Force")
    )
    with pytest.raises(RunError, match="No ratings or connection given for cat"):
        complete(state, drawn, infos(members=("ann", "bob")), dice())
    elsewhere = Dungeon(9, "Elsewhere", rules.RUIN, cards=hole.cards)
    with pytest.raises(RunError, match="This run is in dungeon 1, not 9"):
        draw(begin(hole), elsewhere, random.Random(0))


def test_completing_applies_exploration_exhaustion_and_resets_the_round():
    hole = dungeon(card("in", rules.BRUTE, 2, ("Wonder",)))
    # target 11: ann 12 hits, bob 5 misses, cat 12 hits -> pass. 8 each, bob +5, Wonder -8.
    drawn, result, state = play(begin(hole), hole, {}, [HIT, MISS, HIT])
    assert result.passed and result.exploration_gain == 20
    assert state.exploration == 20 and state.exhaustion == (0, 5, 0)
    assert state.actions == (None, None, None) and not state.pending and state.last_passed is True
    assert state.outcome is None


def test_moves_never_change_the_state_they_are_given():
    hole = dungeon(card("in", rules.BRUTE, 1, ("Weaken",)))
    start = begin(hole)
    saved = start.to_dict()
    drawn, drawn_state = draw(start, hole, random.Random(0))
    assert start.to_dict() == saved
    saved = drawn_state.to_dict()
    acted = act(drawn_state, "ann", Action(rules.ACT, tool=tool("Pick", qualities=("Improved",))))
    assert drawn_state.to_dict() == saved
    saved = acted.to_dict()
    for member in ("bob", "cat"):
        acted = act(acted, member, basic("Force"))
    before = acted.to_dict()
    complete(acted, drawn, infos(), dice(HIT, HIT, HIT))
    assert acted.to_dict() == before


# --- Ends ------------------------------------------------------------------------------------


def _at_final(hole, exhaustion=(0, 0, 0)):
    state = replace(begin(hole), exploration=70, exhaustion=exhaustion)
    drawn, state = draw(state, hole, random.Random(0))
    assert drawn.kind == rules.FINAL
    return drawn, state


def test_passing_the_final_wins_and_shows_a_discovery():
    hole = dungeon()
    drawn, state = _at_final(hole)
    result, state = finish(state, drawn, [HIT, HIT, MISS])
    assert result.outcome == state.outcome == rules.WON
    assert outcome_card(state, hole, random.Random(0)).kind == rules.DISCOVERY
    with pytest.raises(RunOver):
        draw(state, hole, random.Random(0))
    with pytest.raises(RunOver):
        act(state, "ann", basic("Fight"))


def test_failing_the_final_is_a_retreat_with_a_landmark():
    hole = dungeon()
    drawn, state = _at_final(hole)
    result, state = finish(state, drawn, [HIT, MISS, MISS])
    assert state.outcome == rules.RETREAT
    assert outcome_card(state, hole, random.Random(0)).kind == rules.LANDMARK


def test_everyone_exhausted_before_the_final_loses_with_an_escape():
    hole = dungeon(card("in", rules.BRUTE, 4))
    state = replace(begin(hole), exhaustion=(70, 90, 100))
    # Fail at Level 4: 30 each, +5 for the misses.
    _, result, state = play(state, hole, {}, [MISS, MISS])
    assert result.outcome == state.outcome == rules.LOST
    assert state.exhaustion == (105, 125, 100)
    assert outcome_card(state, hole, random.Random(0)).kind == rules.ESCAPE


def test_everyone_exhausted_on_a_passed_final_still_loses():
    hole = dungeon()
    drawn, state = _at_final(hole, exhaustion=(95, 95, 100))
    result, state = finish(state, drawn, [HIT, HIT])
    assert result.passed and state.outcome == rules.LOST
    assert outcome_card(state, hole, random.Random(0)).kind == rules.LANDMARK


def test_a_retreat_with_the_final_pending_escapes_a_failed_final_leaves_a_landmark():
    hole = dungeon()
    drawn, state = _at_final(hole)
    assert outcome_card(retreat(state), hole, random.Random(0)).kind == rules.ESCAPE
    everyone_gone = leave(leave(leave(state, "ann"), "bob"), "cat")
    assert everyone_gone.outcome == rules.RETREAT
    assert outcome_card(everyone_gone, hole, random.Random(0)).kind == rules.ESCAPE
    _, failed = finish(state, drawn, [MISS, MISS, MISS])
    assert failed.outcome == rules.RETREAT
    assert outcome_card(failed, hole, random.Random(0)).kind == rules.LANDMARK


def test_outcome_card_needs_an_ended_run_and_may_be_missing():
    hole = dungeon(outcomes=False)
    with pytest.raises(RunError, match="not ended"):
        outcome_card(begin(hole), hole, random.Random(0))
    assert outcome_card(retreat(begin(hole)), hole, random.Random(0)) is None


def test_members_who_leave_keep_their_exhaustion_and_stop_counting():
    hole = dungeon(card("in"))
    drawn, state = draw(begin(hole), hole, random.Random(0))
    state = act(state, "bob", basic("Force"))
    state = replace(state, exhaustion=(0, 30, 0))
    state = leave(state, "bob")
    assert state.exhaustion == (0, 30, 0) and state.actions[1] is None
    assert waiting_for(state) == ("ann", "cat")
    with pytest.raises(NotInRun, match="has left"):
        act(state, "bob", basic("Force"))
    state = act(act(state, "ann", basic("Force")), "cat", basic("Force"))
    result, state = complete(state, drawn, infos(members=("ann", "cat")), dice(HIT, MISS))
    assert [r.member_id for r in result.members] == ["ann", "cat"]
    assert result.passed and state.exhaustion == (4, 30, 9)
    with pytest.raises(NotInRun, match="already left"):
        leave(state, "bob")
    state = leave(leave(state, "ann"), "cat")
    assert state.outcome == rules.RETREAT


# --- UI helpers and timing windows ---------------------------------------------------------------


def test_active_conditions_count_the_challenges_they_have_left():
    first = card("in", rules.BRUTE, 1, ("Exhaust", "Weaken", "Collapse", "Secret"))
    hole = dungeon(first, ordinary=[card("o1", conditions=("Tire",))])
    _, state = draw(begin(hole), hole, random.Random(0))
    shown = {m.name: (m.first, m.last, m.challenges_left) for m in active_conditions(state)}
    assert shown == {
        "Exhaust": (1, 1, 1),  # this
        "Weaken": (1, 2, 2),  # this and next
        "Collapse": (1, None, None),  # rest of the dungeon
        "Secret": (2, 2, 2),  # next: starts on challenge 2
    }
    _, state = finish(state, first, [HIT, HIT, HIT])  # challenge 1 done; next is 2
    shown = {m.name: m.challenges_left for m in active_conditions(state)}
    assert shown == {"Weaken": 1, "Collapse": None, "Secret": 1}
    _, _, state = play(state, hole, {}, [HIT, HIT, HIT])  # challenge 2 (draw 2 dropped Exhaust)
    assert [c[0] for c in state.conditions] == ["Weaken", "Collapse", "Secret", "Tire"]
    _, state = draw(state, hole, random.Random(0))  # challenge 3 drops Weaken and Secret
    assert state.conditions == (("Collapse", 1), ("Tire", 2), ("Tire", 3))


# --- Saving ------------------------------------------------------------------------------------

PLAN = st.lists(
    st.tuples(
        st.sampled_from(["tool", "basic", "risk", "skip"]),
        st.integers(1, 6),
        st.integers(1, 6),
        st.booleans(),
    ),
    min_size=3,
    max_size=3,
)

ROUND_TRIP_DECK = dungeon(
    card("in", rules.BRUTE, 1, ("Hesitate", "Secret")),
    card("two", rules.WITS, 2, ("Collapse", "Injure")),
    ordinary=[
        card("o1", rules.AGILITY, 2, ("Save Point", "Tire")),
        card("o2", rules.COMBAT, 3, ("Overwhelm",)),
        card("o3", rules.BRUTE, 1, ("Weaken", "Treasure")),
    ],
    climax=card("peak", rules.WITS, 3, ("Suffer",)),
)
KIT = {
    ability: tool(f"{ability} kit", ability, rules.MINOR, ("Strengthen",), "Liability", id=ability)
    for ability in rules.ABILITIES
}


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    rounds=st.lists(PLAN, min_size=1, max_size=12),
    ids=st.sampled_from([("ann", "bob", "cat"), (3, 1, 2)]),
)
def test_state_round_trips_through_json_at_every_step(seed, rounds, ids):
    rng = random.Random(seed)

    def check(state):
        data = state.to_dict()
        assert RunState.from_dict(json.loads(json.dumps(data))) == state
        assert RunState.from_dict(data).to_dict() == data

    state = start_run(ROUND_TRIP_DECK, ids, rng)
    check(state)
    member_infos = infos(members=ids)
    for plan in rounds:
        if state.outcome:
            break
        drawn, state = draw(state, ROUND_TRIP_DECK, rng)
        check(state)
        rolls = []
        for member, (how, d1, d2, connected) in zip(ids, plan):
            member_infos[member] = replace(
                member_infos[member], connected=connected and how != "skip"
            )
            if state.exhaustion[state.index(member)] >= rules.EXHAUSTION_LIMIT or how == "skip":
                continue
            kit = KIT[drawn.ability]
            if how == "tool" and uses_left(state, member, kit) > 0:
                action = Action(rules.RISK if d1 > 3 else rules.ACT, tool=kit)
            else:
                action = basic(drawn.ability, rules.RISK if how == "risk" else rules.ACT)
            state = act(state, member, action)
            check(state)
            if member_infos[member].connected:
                rolls.append((d1, d2))
        _, state = complete(state, drawn, member_infos, dice(*rolls))
        check(state)


def test_from_dict_refuses_an_unknown_format():
    data = begin(dungeon()).to_dict()
    data["version"] = 99
    with pytest.raises(RunError, match="format 99"):
        RunState.from_dict(data)
