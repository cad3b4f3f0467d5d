"""Party files for the balance simulator (world.digger.sim_parties): the four shipped parties,
and every Tool held to the checks that refuse a purchase in the game."""

import pytest

from world.digger import rules
from world.digger.deck import category_limit_problem, tool_problems
from world.digger.sim_parties import (
    ALWAYS_RISK,
    PARTIES_DIR,
    SHIPPED,
    PartyFileError,
    load_party_file,
    load_party_text,
    party_label,
    party_named,
    shipped_party,
)

RATINGS = "{Brute: 5, Agility: 4, Wits: 3, Combat: 2}"


def party_text(tools="", ratings=RATINGS, play="", name="Ann", extra=""):
    """A one-member party file; `tools` are YAML flow mappings, one a line."""
    lines = ["name: testers", play, "members:", f"- name: {name}", f"  ratings: {ratings}"]
    if tools:
        lines.append("  tools:")
        lines += [f"  - {line}" for line in tools.strip().splitlines()]
    return "\n".join(line for line in lines + [extra] if line) + "\n"


def refused(text):
    with pytest.raises(PartyFileError) as error:
        load_party_text(text, "t.yaml")
    return str(error.value)


MAUL = "{name: Maul, category: Brute, rating: Major, qualities: [Improved]}"


def test_the_four_shipped_parties_are_in_their_files_and_in_order():
    assert sorted(path.stem for path in PARTIES_DIR.glob("*.yaml")) == sorted(SHIPPED)
    parties = [shipped_party(name) for name in SHIPPED]
    assert [party.name for party in parties] == list(SHIPPED)
    for party in parties:
        assert party.about and len(party.members) == 4
        for member in party.members:
            for tool in member.tools:
                assert tool.problems() == () and tool.tool_points == rules.TOOL_POINTS


def test_a_party_file_reads_names_in_any_case_and_keeps_belt_order():
    party = load_party_text(
        party_text(
            "{name: Maul, category: force, rating: major, qualities: [improved]}\n"
            "{name: Net, category: Combat, rating: Minor, qualities: [efficient, Rally, "
            "improved], drawback: shortsighted}",
            ratings="{brute: 5, rush: 4, investigate: 3, Fight: 2}",
            play="play: {tools: Strongest, risk: Below 30}",
        )
    )
    (ann,) = party.members
    assert ann.ratings == {"Brute": 5, "Agility": 4, "Wits": 3, "Combat": 2}
    assert [(t.name, t.category, t.rating, t.qualities, t.drawback) for t in ann.tools] == [
        ("Maul", "Brute", "Major", ("Improved",), None),
        ("Net", "Combat", "Minor", ("Efficient", "Rally", "Improved"), "Shortsighted"),
    ]
    assert (party.play.tools, party.play.risk_below) == ("strongest", 30)
    always = load_party_text(party_text(play="play: {risk: always}"))
    assert always.play.risk_below == ALWAYS_RISK


def test_an_illegal_tool_is_refused_with_the_reason_a_purchase_gets():
    text = refused(
        party_text("{name: Maul, category: Brute, rating: Major, qualities: [Improved, Efficient]}")
    )
    wanted = tool_problems("Maul", "Brute", "Major", ("Improved", "Efficient"))
    assert wanted == ("Major 3 + Improved 1 + Efficient 1 = 5 TP; a tool needs exactly 4.",)
    assert text == f"t.yaml, member 'Ann', tool #1 (Maul): {wanted[0]}"
    cleanse = refused(
        party_text("{name: Soap, category: Wits, rating: Major, qualities: [Cleanse]}")
    )
    assert "Cleanse can only go on a Minor tool that has a drawback." in cleanse
    assert "There is no Tool quality or drawback called 'Shiny'" in refused(
        party_text("{name: Gem, category: Wits, rating: Minor, qualities: [Shiny, Improved]}")
    )
    assert "The rating must be Major or Minor, not 'Huge'." in refused(
        party_text("{name: Gem, category: Wits, rating: Huge}")
    )
    assert "The category must be one of Brute, Agility, Wits, Combat, not 'Luck'." in refused(
        party_text("{name: Gem, category: Luck, rating: Major, qualities: [Improved]}")
    )
    assert "A tool cannot be called Force" in refused(
        party_text("{name: Force, category: Brute, rating: Major, qualities: [Improved]}")
    )


def test_party_files_follow_the_live_purchase_rules(monkeypatch):
    assert load_party_text(party_text(MAUL))
    monkeypatch.setattr(rules, "TOOL_POINTS", 5)
    assert "a tool needs exactly 5" in refused(party_text(MAUL))
    with pytest.raises(PartyFileError):
        party_named("standard")  # even a shipped party is checked again as it is read


def test_a_fourth_category_is_refused_as_buying_it_would_be():
    four = "\n".join(
        f"{{name: T{n}, category: {ability}, rating: Major, qualities: [Improved]}}"
        for n, ability in enumerate(rules.ABILITIES)
    )
    text = refused(party_text(four))
    reason = category_limit_problem({"Brute", "Agility", "Wits"}, "Combat", "Ann's")
    assert text == f"t.yaml, member 'Ann': {reason}"
    assert reason.endswith("so it cannot take a Combat tool.")


def test_a_belt_holds_five_tools_and_a_member_one_tool_of_a_name():
    six = "\n".join(
        f"{{name: T{n}, category: Brute, rating: Major, qualities: [Improved]}}" for n in range(6)
    )
    assert f"carries 6 Tools; a belt holds at most {rules.BELT_SLOTS_MAX}." in refused(
        party_text(six)
    )
    assert "member 'Ann': has two tools called Maul." in refused(party_text(f"{MAUL}\n{MAUL}"))


@pytest.mark.parametrize(
    "text, problem",
    [
        ("- just a list\n", "t.yaml: must be a mapping of name, about, play, members."),
        ("name: x\nmembers: []\n", "field 'members': must be a list of 1 to 7 members."),
        (party_text(ratings="{Brute: 5, Agility: 4}"), "Wits, Combat is missing."),
        (
            party_text(ratings="{Brute: 11, Agility: 4, Wits: 3, Combat: 2}"),
            "field 'Brute': must be a whole number 0-10, got 11.",
        ),
        (
            party_text(ratings="{Luck: 1, Brute: 5, Agility: 4, Wits: 3, Combat: 2}"),
            "'Luck' is not an ability.",
        ),
        (party_text(play="play: {risk: sometimes}"), "must be never, always or below <Exh"),
        (party_text(play="play: {tools: random}"), "must be one of first, strongest, none"),
        (party_text(extra="colour: red"), "field 'colour': is not a field here"),
        ("name: [unclosed\n", "t.yaml: not valid YAML: "),
    ],
)
def test_what_a_party_file_gets_wrong_is_named(text, problem):
    assert problem in refused(text)


def test_two_members_of_one_name_and_eight_members_are_refused():
    two = party_text() + "- name: ann\n  ratings: " + RATINGS + "\n"
    assert "two members are called 'ann'." in refused(two)
    eight = "name: crowd\nmembers:\n" + "".join(
        f"- name: M{n}\n  ratings: {RATINGS}\n" for n in range(8)
    )
    assert "must be a list of 1 to 7 members." in refused(eight)


def test_party_named_takes_a_shipped_name_or_a_file_of_ones_own(tmp_path):
    assert party_named(" BOLD ").name == "bold"
    mine = tmp_path / "mine.yaml"
    mine.write_text(party_text(MAUL))
    assert party_named(str(mine)).name == "testers"
    with pytest.raises(PartyFileError, match="neither a shipped party"):
        party_named(str(tmp_path / "missing.yaml"))
    impostor = tmp_path / "standard.yaml"
    impostor.write_text(party_text(MAUL).replace("name: testers", "name: standard"))
    with pytest.raises(PartyFileError, match="like a shipped party it is not"):
        party_named(str(impostor))
    copy = tmp_path / "copy.yaml"
    copy.write_text((PARTIES_DIR / "bare.yaml").read_text())
    assert party_named(str(copy)) == load_party_file(PARTIES_DIR / "bare.yaml")


def test_how_reports_name_a_party():
    assert party_label("bold") == "the bold party"
    assert party_label("Ann's party") == "Ann's party"
