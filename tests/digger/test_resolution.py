"""Round resolution (world.dice.digger) on worked numbers, plus hypothesis properties."""

from hypothesis import given
from hypothesis import strategies as st

from world.dice.digger import (
    DISCONNECTED,
    EXHAUSTED,
    ROLLED,
    ExhaustionModifier,
    MemberInput,
    RoundModifiers,
    RoundPlan,
    resolve_round,
)
from world.digger import rules

from .support import HIT, MISS, ScriptedRng, card, dice

BRUTE_2 = card("b2", rules.BRUTE, 2)
FINAL_2 = card("f2", rules.BRUTE, 2, kind=rules.FINAL)


def member(name, rating=3, **kwargs):
    return MemberInput(name, rating, **kwargs)


def resolve(members, *rolls, modifiers=RoundModifiers(), on=BRUTE_2):
    return resolve_round(on, members, modifiers, dice(*rolls), rules.ROUND_RULES)


def test_target_and_pass_share():
    table = rules.ROUND_RULES
    assert [table.target_number(level) for level in (1, 2, 3, 4)] == [9, 11, 13, 15]
    assert [table.successes_needed(n) for n in (0, 1, 2, 3, 4, 5, 7)] == [0, 1, 1, 2, 2, 3, 4]


def test_the_round_uses_the_rules_it_is_given():
    easier = rules.ROUND_RULES._replace(target_base=3, exploration_fail=1)
    result = resolve_round(BRUTE_2, [member("a", rating=0)], RoundModifiers(), dice((4, 3)), easier)
    assert result.target == 7 and result.passed  # 3 + 2 x 2: the table's 7 is not read
    failed = resolve_round(BRUTE_2, [member("a", rating=0)], RoundModifiers(), dice((1, 1)), easier)
    assert failed.exploration_items == (("party failed", 1),)


def test_worked_round_two_of_three_pass():
    # Level 2: target 11. ann 4+5+3 = 12 hits, bob 2+3+3 = 8 misses, cat 6+2+3 = 11 hits.
    result = resolve([member("ann"), member("bob"), member("cat")], (4, 5), (2, 3), (6, 2))
    assert [(r.dice, r.total, r.success) for r in result.members] == [
        ((4, 5), 12, True),
        ((2, 3), 8, False),
        ((6, 2), 11, True),
    ]
    assert (result.target, result.rolled, result.successes, result.needed, result.passed) == (
        11,
        3,
        2,
        2,
        True,
    )
    assert result.exploration_gain == 20 and result.exploration_items == (("party passed", 20),)
    # Pass: 4 x 2 = 8 each; bob's own failure +5.
    assert [r.exhaustion_gain for r in result.members] == [8, 13, 8]
    assert result.member("bob").exhaustion_items == (("party passed", 8), ("own roll failed", 5))
    assert result.outcome is None


def test_one_of_three_fails_and_costs_more():
    result = resolve([member("ann"), member("bob"), member("cat")], HIT, MISS, MISS)
    assert (result.successes, result.needed, result.passed) == (1, 2, False)
    assert result.exploration_gain == 5
    # Fail: 10 + 5 x 2 = 20 each; the two who missed +5.
    assert [r.exhaustion_gain for r in result.members] == [20, 25, 25]


def test_two_of_four_pass_one_of_four_fails():
    four = [member(name) for name in "abcd"]
    assert resolve(four, HIT, HIT, MISS, MISS).passed
    assert not resolve(four, HIT, MISS, MISS, MISS).passed


def test_rolls_use_two_d6_per_member_in_the_given_order():
    rng = ScriptedRng([1, 2, 3, 4, 5, 6])
    result = resolve_round(
        BRUTE_2, [member("x"), member("y"), member("z")], RoundModifiers(), rng, rules.ROUND_RULES
    )
    assert [r.dice for r in result.members] == [(1, 2), (3, 4), (5, 6)]
    assert rng.values == []


def test_tool_bonus_major_minor_and_improved():
    users = [
        member("a", tool_name="Ram", tool_rating=rules.MAJOR),
        member("b", tool_name="Bar", tool_rating=rules.MINOR),
        member("c", tool_name="Big Ram", tool_rating=rules.MAJOR, tool_qualities=("Improved",)),
    ]
    result = resolve(users, (1, 1), (1, 1), (1, 1))
    assert [r.modifiers for r in result.members] == [
        (("Ram", 2),),
        (("Bar", 1),),
        (("Big Ram", 4),),
    ]
    assert [r.total for r in result.members] == [7, 6, 9]


def test_risk_adds_two_and_a_failed_risk_costs_more():
    risky = [
        member("plain", mode=rules.RISK),
        member("major", mode=rules.RISK, tool_name="Ram", tool_rating=rules.MAJOR),
        member("minor", mode=rules.RISK, tool_name="Bar", tool_rating=rules.MINOR),
        member("safe"),
    ]
    result = resolve(risky, MISS, MISS, MISS, HIT)
    assert result.member("plain").modifiers == (("risk", 2),)
    assert result.member("plain").total == 2 + 3 + 2
    # Party failed (1 of 4): 20 each; own failure +5; risk +10; with a Major +10 / Minor +5.
    assert [r.exhaustion_gain for r in result.members] == [35, 45, 40, 20]
    assert result.member("major").exhaustion_items[-1] == ("risk with a Major tool", 10)


def test_a_successful_risk_costs_nothing_extra():
    result = resolve([member("a", mode=rules.RISK), member("b")], HIT, HIT)
    assert [r.exhaustion_gain for r in result.members] == [8, 8]


def test_party_modifiers_apply_to_every_roll():
    mods = RoundModifiers(roll=(("Weaken", -2), ("Strengthen", 2), ("Bad Luck", -1)))
    result = resolve(
        [member("a"), member("b", tool_name="Ram", tool_rating=rules.MAJOR)],
        (5, 5),
        (5, 5),
        modifiers=mods,
    )
    assert result.member("a").total == 10 + 3 - 1
    assert result.member("b").modifiers == (
        ("Ram", 2),
        ("Weaken", -2),
        ("Strengthen", 2),
        ("Bad Luck", -1),
    )
    assert result.member("b").total == 10 + 3 + 2 - 1


def test_exploration_bonuses_only_on_a_pass():
    mods = RoundModifiers(exploration=(("Treasure", 5), ("Secret", 10), ("Vault", 10)))
    passed = resolve([member("a")], HIT, modifiers=mods)
    assert passed.exploration_gain == 20 + 25
    failed = resolve([member("a")], MISS, modifiers=mods)
    assert failed.exploration_gain == 5


def test_exhaustion_parts_always_own_failure_and_user_failure():
    mods = RoundModifiers(
        exhaustion=(
            ExhaustionModifier("Tire", 3),
            ExhaustionModifier("Injure", 5, rules.OWN_FAILURE),
            ExhaustionModifier("Liability", 10, rules.USER_FAILURE, ("b",)),
            ExhaustionModifier("Stalwart", -5, rules.ALWAYS, ("a",), -10),
        )
    )
    result = resolve([member("a"), member("b"), member("c")], HIT, MISS, HIT, modifiers=mods)
    # Pass (2 of 3): 8 each. a: +3 -10 (Stalwart user) +10 (b failed) = 11;
    # b: +5 own +3 +5 (Injure) +10 -5 = 26; c: +3 +10 -5 = 16.
    assert [r.exhaustion_gain for r in result.members] == [11, 26, 16]
    assert ("Stalwart (user)", -10) in result.member("a").exhaustion_items


def test_gain_is_never_below_zero_but_suffer_makes_it_at_least_ten():
    hope = RoundModifiers(exhaustion=(ExhaustionModifier("Hope", -15),))
    result = resolve([member("a")], HIT, modifiers=hope)
    assert result.member("a").exhaustion_gain == 0
    assert sum(amount for _, amount in result.member("a").exhaustion_items) == 0
    suffer = RoundModifiers(
        exhaustion=(ExhaustionModifier("Suffer", 10), ExhaustionModifier("Hope", -15)),
        exhaustion_minimum=(("Suffer", 10),),
    )
    result = resolve([member("a")], HIT, modifiers=suffer)
    assert result.member("a").exhaustion_gain == 10
    assert result.member("a").exhaustion_items[-1] == ("Suffer: at least 10", 7)


def test_disconnected_members_do_not_roll_and_take_the_party_share():
    mods = RoundModifiers(
        exhaustion=(
            ExhaustionModifier("Injure", 5, rules.OWN_FAILURE),
            ExhaustionModifier("Tire", 3),
        )
    )
    members = [member("a"), member("gone", mode=None, connected=False), member("b")]
    result = resolve(members, HIT, MISS, modifiers=mods)  # only two rollers consume dice
    gone = result.member("gone")
    assert (gone.status, gone.dice, gone.success, gone.total) == (DISCONNECTED, (), None, None)
    assert (result.rolled, result.successes, result.passed) == (2, 1, True)
    assert gone.exhaustion_items == (("party passed", 8), ("Tire", 3))


def test_exhausted_members_neither_roll_nor_gain():
    members = [member("a"), member("spent", mode=None, exhaustion=100)]
    result = resolve(members, HIT)
    spent = result.member("spent")
    assert (spent.status, spent.exhaustion_gain, spent.exhaustion_items) == (EXHAUSTED, 0, ())
    assert result.rolled == 1 and result.member("a").status == ROLLED


def test_nobody_rolling_is_a_fail():
    result = resolve([member("a", mode=None, connected=False)])
    assert result.rolled == 0 and not result.passed and result.exploration_gain == 5


def test_final_pass_wins_and_fail_retreats():
    assert resolve([member("a")], HIT, on=FINAL_2).outcome == rules.WON
    assert resolve([member("a")], MISS, on=FINAL_2).outcome == rules.RETREAT
    assert resolve([member("a")], MISS).outcome is None


def test_everyone_at_100_loses_even_on_a_passed_final():
    members = [member("a", exhaustion=95), member("b", exhaustion=100, mode=None)]
    result = resolve(members, HIT, on=FINAL_2)
    assert result.passed and result.outcome == rules.LOST
    assert resolve([member("a", exhaustion=80)], MISS).outcome == rules.LOST
    assert resolve([member("a", exhaustion=80), member("b")], MISS, MISS).outcome is None


def test_render_lines():
    result = resolve(
        [member("ann", tool_name="Ram", tool_rating=rules.MAJOR), member("bob")],
        (4, 5),
        (1, 2),
        on=FINAL_2,
    )
    text = result.render({"ann": "Ann", "bob": "Bob"})
    assert (
        text.splitlines()[0]
        == "Brute Level 2 (target 11): 1 of 2 succeeded, 1 needed: the party passes."
    )
    assert "Ann: 4+5 +3 rating +2 Ram = 14 vs 11, success; Exhaustion +8 (party passed +8)" in text
    assert "Bob: 1+2 +3 rating = 6 vs 11, failure" in text
    assert text.splitlines()[-1] == "The dungeon is won!"
    gone = resolve([member("a"), member("z", mode=None, connected=False)], HIT)
    assert "z: did not roll (disconnected); Exhaustion +8 (party passed +8)" in gone.render()


def test_a_plan_rolled_again_resolves_as_a_new_round_would():
    plan = RoundPlan(
        BRUTE_2, [member("a", exhaustion=80), member("b")], RoundModifiers(), rules.ROUND_RULES
    )
    first = plan.roll(dice(MISS, MISS), (80, 0)).result()
    again = plan.roll(dice(MISS, MISS), (85, 90)).result()  # the same fall of the dice
    assert first == resolve([member("a", exhaustion=80), member("b")], MISS, MISS)
    assert again == resolve([member("a", exhaustion=85), member("b", exhaustion=90)], MISS, MISS)
    assert (first.outcome, again.outcome) == (None, rules.LOST)
    hit = plan.roll(dice(HIT, MISS), (0, 0))
    assert (hit.passed, hit.gains, hit.result().member("b").exhaustion_after) == (True, (8, 13), 13)


# --- Properties -------------------------------------------------------------------

modes = st.sampled_from([rules.ACT, rules.RISK])
inputs = st.builds(
    lambda i, rating, mode, tool, connected, exhaustion: MemberInput(
        i, rating, mode, tool and "Tool", tool, (), connected, exhaustion
    ),
    st.integers(),
    st.integers(0, 10),
    modes,
    st.sampled_from([None, rules.MAJOR, rules.MINOR]),
    st.booleans(),
    st.sampled_from([0, 40, 99, 100, 130]),
)
exhaustion_parts = st.lists(
    st.builds(
        ExhaustionModifier,
        st.sampled_from(["Tire", "Hope", "Wonder", "Injure", "Liability", "Stalwart"]),
        st.integers(-20, 15),
        st.sampled_from([rules.ALWAYS, rules.OWN_FAILURE, rules.USER_FAILURE]),
        st.lists(st.integers(0, 6), max_size=2).map(tuple),
        st.one_of(st.none(), st.integers(-20, 0)),
    ),
    max_size=4,
)


@given(
    members=st.lists(inputs, min_size=1, max_size=7, unique_by=lambda m: m.member_id),
    level=st.integers(1, 4),
    rolls=st.lists(st.integers(1, 6), min_size=14, max_size=14),
    roll_mods=st.lists(st.tuples(st.just("X"), st.integers(-4, 4)), max_size=3),
    exhaustion=exhaustion_parts,
    suffer=st.booleans(),
    final=st.booleans(),
)
def test_properties(members, level, rolls, roll_mods, exhaustion, suffer, final):
    kind = rules.FINAL if final else rules.EXPLORATION
    mods = RoundModifiers(
        tuple(roll_mods), (), tuple(exhaustion), (("Suffer", 10),) if suffer else ()
    )
    rng = ScriptedRng(rolls)
    result = resolve_round(
        card("p", rules.WITS, level, kind=kind), members, mods, rng, rules.ROUND_RULES
    )

    able = [m for m in members if m.exhaustion < rules.EXHAUSTION_LIMIT and m.connected]
    assert result.rolled == len(able)
    assert [r.member_id for r in result.members if r.rolled] == [m.member_id for m in able]
    assert len(rolls) - len(rng.values) == 2 * len(able)
    assert result.successes == sum(1 for r in result.members if r.success)
    assert result.passed == (result.rolled > 0 and 2 * result.successes >= result.rolled)
    for given_member, roll in zip(members, result.members):
        assert sum(amount for _, amount in roll.exhaustion_items) == roll.exhaustion_gain
        if given_member.exhaustion >= rules.EXHAUSTION_LIMIT:
            assert roll.exhaustion_gain == 0
        else:
            assert roll.exhaustion_gain >= (10 if suffer else 0)
        if roll.rolled:
            assert roll.total == sum(roll.dice) + roll.rating + sum(a for _, a in roll.modifiers)
            assert roll.success == (roll.total >= result.target)
    everyone_spent = all(r.exhaustion_after >= rules.EXHAUSTION_LIMIT for r in result.members)
    if everyone_spent:
        assert result.outcome == rules.LOST
    elif final:
        assert result.outcome == (rules.WON if result.passed else rules.RETREAT)
    else:
        assert result.outcome is None
