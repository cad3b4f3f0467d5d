"""A Goldengrave delve over real telnet: a GM builds a small dungeon of rooms,
two players roll PCs and found a company, walk into a starred room, spring a
trap, spend Supply and Sway, fight a monster, find the main treasure, retreat
to town, spend the night and spend Glory; then a player reads the company's
page on the real web server."""

import html
import re
import urllib.parse
import urllib.request
from http.cookiejar import CookieJar

from tests.e2e.gameserver import ADMIN
from tests.e2e.telnet_client import TelnetClient

TRAITS = re.compile(r"Trait dice: \[(\d), (\d), (\d)\]")


def flat(text):
    """The text with its line wrapping undone (the game wraps at 78 columns)."""
    return " ".join(text.replace("\r", "").split("\n    "))


def say(client, line):
    return flat(client.command(line))


def roll_pc(client):
    text = client.command("+gg/new")
    assert "A new treasure hunter" in text, text
    dice = [int(d) for d in TRAITS.search(text).groups()]
    # personality and flaw must differ: put the odd one out (or any pair that differs) last
    a, b, c = dice
    order = (a, b, c) if b != c else (b, c, a)
    placed = client.command("+gg/traits {} {} {}".format(*order))
    assert " is " in placed, placed
    return text


def logged_in_page(base, path, user, password):
    """`path` on the game's website as `user` (logged in through the login form)."""
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(CookieJar()))
    with opener.open(base + path, timeout=20) as answer:  # redirected to the login form
        login_url, form = answer.url, answer.read().decode()
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', form).group(1)
    data = urllib.parse.urlencode({"csrfmiddlewaretoken": token, "username": user,
                                   "password": password}).encode()
    request = urllib.request.Request(login_url, data, headers={"Referer": login_url})
    with opener.open(request, timeout=20) as answer:
        return html.unescape(answer.read().decode())


def test_a_first_delve_over_telnet(game_server, unique_name):
    port = game_server.telnet_port
    tag = unique_name("x")
    company, dungeon = f"Lanterns{tag}", f"Chapel{tag}"
    ann, bob = unique_name("Ann"), unique_name("Bob")
    with TelnetClient(port) as gm, TelnetClient(port) as one, TelnetClient(port) as two:
        gm.connect(*ADMIN)
        assert "is yours to run" in say(gm, f"+ggdungeon/new {dungeon}=normal")
        say(gm, f"dig Hall{tag} = east;e, west;w")
        say(gm, "east")
        assert "room 1 of" in say(gm, f"+ggdungeon/room {dungeon}")
        assert "starred" in say(gm, "+ggdungeon/star")
        assert "trap" in say(gm, "+ggdungeon/trap Swinging Blade=1")
        assert "Power 2/2" in say(gm, "+ggdungeon/monster Cellar Wight=2")
        assert "roams the dungeon" in say(gm, "+ggdungeon/wander Cellar Wight")
        say(gm, "create/drop reliquary")
        assert "main treasure" in say(gm, "+ggdungeon/treasure reliquary=main")
        say(gm, "west")

        one.create_and_connect(ann, "gg-delve-12345")
        two.create_and_connect(bob, "gg-delve-12345")
        roll_pc(one)
        roll_pc(two)
        founded = say(one, f"+gg/found {company}=6,0,0")
        assert "Stamina 12/12" in founded and "Supply 6/6" in founded, founded
        assert "joins" in say(two, f"+gg/join {company}")

        say(one, "east")
        told = gm.read_until("enters starred room 1", timeout=10)
        assert "(GM)" in told
        say(two, "east")
        say(gm, "east")

        sprung = say(gm, "+ggm/spring Swinging Blade")
        assert "Stamina 12 ->" in sprung, sprung
        assert "Swinging Blade strikes" in one.read_until("Stamina 12 ->", timeout=10)

        assert "Supply 6 -> 5" in say(one, "+gg/summon crowbar=common")
        assert "free" in say(two, "+gg/summon rope=basic")
        assert "Sway price of 1" in say(gm, "+ggm/sway meeting=1")
        assert "pays 1 Sway" in say(two, "+gg/pay")

        hit = say(gm, "+ggm/damage Cellar Wight")
        assert "Cellar Wight strikes" in hit, hit
        # at half Stamina or less the hit knocks out a random PC: whoever stands fights
        fought = say(one, "+gg/fight with swords and arrows")
        if "fights" not in fought:
            assert "is knocked out and can do nothing" in fought, fought
            fought = say(two, "+gg/fight with swords and arrows")
        assert "fights" in fought, fought
        first = say(gm, "+ggm/attack Cellar Wight=swords")
        assert "loses 1 Power: 2 -> 1" in first, first
        second = say(gm, "+ggm/attack Cellar Wight=swords")
        assert "is dead" in second, second
        assert "finds reliquary" in say(gm, "+ggm/found reliquary")
        mapped = say(one, "+gg/map")
        assert "[@]" in mapped, mapped

        assert "retreats" in say(one, "+gg/retreat")
        say(gm, "west")
        night = say(gm, f"+ggm/night @{company}")
        assert "Rank S" in night and "+5 Glory" in night, night
        spent = say(one, "+gg/glory stamina")
        assert "Stamina's maximum 12 -> 13" in spent, spent
        sheet = say(two, "+gg/company")
        assert "Stamina 13/13" in sheet and "Glory 4" in sheet, sheet
        log = say(two, "+gg/log")
        assert "Night in town: Rank S" in log, log
        listing = logged_in_page(game_server.web_url, "/goldengrave/", ann, "gg-delve-12345")
        link = re.search(r'href="(/goldengrave/companies/\d+/)">' + re.escape(company), listing)
        assert link, listing
        page = logged_in_page(game_server.web_url, link.group(1), ann, "gg-delve-12345")
        assert f"<h1>{company}</h1>" in page and "Night in town, Rank S" in page
        assert 'class="gg-map"' in page and f"1: Hall{tag}" in page
        topic = two.command("help goldengrave")
        assert "Read the subtopics in order" in topic, topic
        for line in ("+gg/company", "+gg/log", "+gg/map", "help goldengrave", "+gg"):
            raw = two.command(line)
            print(raw)
            assert max(len(row.rstrip()) for row in raw.splitlines()) <= 78, raw


def test_a_player_gm_digs_a_dungeon_and_a_spent_company_rests_first(game_server, unique_name):
    """A player (no Builder permission) runs a scene in the starting room and
    digs a three-room dungeon; a company goes in through the dug ways, is
    brought to 0 Stamina, and may not walk back in before its night in town,
    while the GM walks in as ever; the GM tears the dungeon down."""
    port = game_server.telnet_port
    tag = unique_name("y")
    company, dungeon = f"Lamps{tag}", f"Pit{tag}"
    way_in = f"pit{tag}".lower()
    with TelnetClient(port) as gm, TelnetClient(port) as one, TelnetClient(port) as two:
        gm.create_and_connect(unique_name("Gwen"), "gg-dig-12345")
        one.create_and_connect(unique_name("Ann"), "gg-dig-12345")
        two.create_and_connect(unique_name("Bob"), "gg-dig-12345")
        assert "is yours to run" in say(gm, f"+ggdungeon/new {dungeon}=easy")
        refused = say(gm, f"+ggdungeon/dig Mouth{tag}={way_in},up")
        assert "A player GM digs while running a scene" in refused, refused
        assert "starts scene" in say(gm, f"+scene/start Into {dungeon}")
        dug = say(gm, f"+ggdungeon/dig Mouth{tag}={way_in},up")
        assert f"is room 1 of {dungeon}, and yours" in dug, dug
        say(gm, way_in)
        assert "room 2 of" in say(gm, f"+ggdungeon/dig Ledge{tag}=down;d,up;u")
        say(gm, "down")
        assert "room 3 of" in say(gm, f"+ggdungeon/dig Floor{tag}=down;d,up;u")
        say(gm, "up")
        say(gm, "up")
        again = say(gm, f"+ggdungeon/dig Side{tag}=side{tag},out")
        assert "already has its way in from here" in again, again

        roll_pc(one)
        roll_pc(two)
        say(one, f"+gg/found {company}=6,0,0")
        say(two, f"+gg/join {company}")
        say(one, way_in)
        say(two, way_in)
        say(gm, way_in)
        assert "Stamina: 12 -> 1" in say(gm, f"+ggm/set stamina=1 @{company}")
        spent = say(gm, f"+ggm/damage 40 @{company}")
        assert "Stamina 1 -> 0" in spent and "falls back to" in spent, spent
        say(gm, "up")
        held = say(one, way_in)
        assert "has 0 Stamina and must rest before it can go back in" in held, held
        assert "must rest before it can fight again" in say(two, "+gg/fight")
        assert f"Mouth{tag}" in say(gm, way_in)  # not a member: walks in as ever
        say(gm, "up")
        assert "spends the night in town" in say(gm, f"+ggm/night @{company}")
        assert f"Mouth{tag}" in say(one, way_in)
        say(one, "up")
        say(gm, f"+ggm/night @{company}")
        gone = say(gm, f"+ggdungeon/teardown {dungeon}")
        assert f"{dungeon} is torn down: 3 dug rooms and 6 ways are gone." in gone, gone
        assert way_in not in say(one, "look")
