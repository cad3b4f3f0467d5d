"""
The builders' web pages of balance simulations (+dungeon/simulate): the list of
kept reports and one report with the spread of parties, its picture and the
warning, through Django's test client. Builders only: 404 for players, a login
first for visitors.
"""

import re

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse
from evennia.utils import create

from tests.digger.fixtures import barrow
from world.digger import rules
from world.digger.sim_parties import SHIPPED, make_party, shipped_party
from world.digger.simulate import balance, interval_text, outcomes_text, percent
from world.digger.simulation_jobs import keep_report
from world.digger.store import save_dungeon

pytestmark = pytest.mark.django_db


@pytest.fixture
def sage(make_account):
    account = make_account("Sage", "Builder")
    character = create.create_object(settings.BASE_CHARACTER_TYPECLASS, key="Sage")
    account.characters.add(character)
    return account, character


@pytest.fixture
def ann(make_account):
    return make_account("Ann")


@pytest.fixture
def kept(sage):
    """A kept simulation of the test barrow with the bold party in detail."""
    model = save_dungeon(barrow(), published=True)
    report = balance(barrow(), 200, seed=3, party=shipped_party("bold"))
    return keep_report(sage[1], model, report)


def logged_in(account):
    client = Client()
    client.force_login(account)
    return client


def page(client, url):
    response = client.get(url)
    assert response.status_code == 200, response.status_code
    return " ".join(response.content.decode().split())


def test_a_report_shows_every_party_its_chart_and_the_detail(sage, kept):
    text = page(logged_in(sage[0]), reverse("digger:simulation", args=[kept.pk]))
    assert f"Simulation {kept.pk}: dungeon #1 Test Barrow" in text
    assert "200 runs for each party, seed 3 &middot; by Sage" in text
    rows = re.findall(r"<tr[^>]*> <td>(\w+)", text.split('id="spread"')[1].split("</table>")[0])
    assert rows == list(SHIPPED)
    report = kept.report
    standard = next(row for row in report["spread"] if row["party"] == "standard")
    assert f"{standard['success_rate'] * 100:.1f}%" in text
    assert "standard (held to the band)" in text
    assert f"The standard party is {report['verdict']}" in text
    assert "should let it win 52% to 68% of its runs" in text
    svg = text.split('<figure id="spread-chart">')[1].split("</svg>")[0]
    assert svg.count('<g class="party"') == len(SHIPPED)
    assert svg.count('class="band"') == 1 and "Ruin band 52%-68%" in svg
    assert 'data-party="bold"' in svg and 'font-weight="bold">bold<' in svg
    assert all(f">{word}</text>" in svg for word in ("won", "retreated", "lost"))
    assert "The bold party in detail" in text and 'id="party-about"' in text
    assert "playing boldly: everyone risks" in text
    assert "Runs won" in text and "challenges a run on average" in text


def test_a_warning_when_the_standard_party_misses_the_band(sage, monkeypatch):
    model = save_dungeon(barrow(), published=True)
    monkeypatch.setattr(rules, "ROUND_RULES", rules.ROUND_RULES._replace(target_base=-100))
    record = keep_report(sage[1], model, balance(barrow(), 30, seed=1))
    monkeypatch.undo()
    text = page(logged_in(sage[0]), reverse("digger:simulation", args=[record.pk]))
    assert 'id="simulation-warning"' in text
    assert "Warning: the standard party wins 100.0% of its runs, above the Ruin band" in text
    assert "The standard party is OUTSIDE the Ruin band 52%-68%" in text


def test_the_list_and_the_dungeon_page_lead_builders_to_the_reports(sage, ann, kept):
    builder = logged_in(sage[0])
    listed = page(builder, reverse("digger:simulations"))
    assert f'href="/dungeons/simulations/{kept.pk}/"' in listed
    assert "#1</a> Test Barrow" in listed and "bold" in listed and "Sage" in listed
    # the standard party with its interval, and every other party's share beside it
    spread = {row["party"]: row for row in kept.report["spread"]}
    standard = spread.pop("standard")
    assert f"{percent(standard['success_rate'])} ({interval_text(standard['ci95'])})" in listed
    others = " · ".join(f"{name} {percent(row['success_rate'])}" for name, row in spread.items())
    assert f"<td>{others}</td>" in listed
    assert page(builder, reverse("digger:simulations") + "?dungeon=1").count("<tr>") == 2
    none = page(builder, reverse("digger:simulations") + "?dungeon=7")
    assert "No simulation has been kept yet for this dungeon." in none
    dungeon = page(builder, reverse("digger:dungeon", args=[1]))
    assert 'href="/dungeons/simulations/?dungeon=1"' in dungeon
    assert "simulations/" not in page(logged_in(ann), reverse("digger:dungeon", args=[1]))


def test_players_get_404_and_visitors_a_login(ann, kept):
    player = logged_in(ann)
    assert player.get(reverse("digger:simulations")).status_code == 404
    assert player.get(reverse("digger:simulation", args=[kept.pk])).status_code == 404
    visitor = Client().get(reverse("digger:simulation", args=[kept.pk]))
    assert visitor.status_code == 302 and "login" in visitor["Location"]


def test_an_unknown_report_is_404_for_builders_too(sage):
    assert logged_in(sage[0]).get(reverse("digger:simulation", args=[999])).status_code == 404


def test_names_typed_in_the_game_are_escaped_in_the_page_and_its_chart(sage):
    model = save_dungeon(barrow(), published=True)
    members = [(m.name, m.ratings, m.tools) for m in shipped_party("standard").members]
    party = make_party("<b>Evil</b>'s party", members)
    record = keep_report(sage[1], model, balance(barrow(), 20, seed=1, party=party))
    text = page(logged_in(sage[0]), reverse("digger:simulation", args=[record.pk]))
    assert "<b>Evil</b>" not in text
    assert "&lt;b&gt;Evil&lt;/b&gt;" in text


def test_the_page_writes_shares_as_the_game_report_does(sage, kept):
    # 16.25% is written 16.2% by the game's report; Django's floatformat would say 16.3%.
    report = kept.report
    report["spread"][1]["success_rate"] = 0.1625
    report["spread"][1]["ci95"] = [0.14625, 0.18]
    worst = next(iter(report["cards"].values()))
    worst.update(played=13_440, failed=8_860, failure_rate=8_860 / 13_440)
    kept.save()
    text = page(logged_in(sage[0]), reverse("digger:simulation", args=[kept.pk]))
    row = text.split('id="spread"')[1].split("</tr>")[2]
    assert "<td>16.2%</td> <td>14.6%-18.0%</td>" in row
    assert "16.3%" not in text
    assert "<td>8,860</td><td>13,440</td><td>66%</td>" in text.split('id="worst-cards"')[1]
    assert f"Runs {outcomes_text(report['outcomes'])}" in text
