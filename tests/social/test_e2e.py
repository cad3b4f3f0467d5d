"""
Three players over real telnet: they page each other, run a logged scene in
pose order in the Lantern Yard, post to a board, mail each other, and find
the scene log on the web (private until shared). The log matches, line for
line, what each of them saw.
"""

import re
import urllib.error
import urllib.request

import pytest

from tests.e2e.gameserver import ADMIN
from tests.e2e.telnet_client import TelnetClient

pytestmark = pytest.mark.e2e
PASSWORD = "social-e2e-pw-21"


def web_status(url):
    try:
        with urllib.request.urlopen(url, timeout=20) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as err:
        return err.code, ""


def meet_in_a_room_of_their_own(port, names):
    # The game is shared with other end-to-end tests (the fuzz among them),
    # which may leave a scene running in the starting room.
    with TelnetClient(port) as staff:
        staff.connect(*ADMIN)
        made = staff.command(f"@dig Rope Loft {names[0]}")
        room = re.search(r"Rope Loft \S*\((#\d+)\)", made).group(1)
        for name in names:
            staff.command(f"@tel {name}={room}")


def test_three_players_page_scene_board_mail_and_web(game_server, unique_name):
    names = [unique_name("Corwin"), unique_name("Wren"), unique_name("Ash")]
    port = game_server.telnet_port
    with TelnetClient(port) as a, TelnetClient(port) as b, TelnetClient(port) as c:
        for client, name in zip((a, b, c), names):
            client.create_and_connect(name, PASSWORD)
        corwin, wren, ash = names

        # page: several at once, then again to the last paged, and a poseshape
        a.command(f"page {wren}, {ash}=Meet at the Lantern Yard.")
        assert f"{corwin} pages: Meet at the Lantern Yard." in b.read_until("Lantern Yard.")
        c.read_until("Lantern Yard.")
        a.command("page Bring rope.")
        assert f"(to you, {wren}) {corwin} pages: Bring rope." in c.read_until("Bring rope.")
        b.read_until("Bring rope.")

        # the scene
        meet_in_a_room_of_their_own(port, names)
        for client in (a, b, c):
            client.read_until("Rope Loft")
        started = a.command("+scene/start Rope and Lanterns")
        scene_id = int(re.search(r"starts scene #(\d+)", started).group(1))
        b.read_until("are logged until")
        c.read_until("are logged until")
        lines = [
            (a, "pose checks the knots twice.", f"{corwin} checks the knots twice."),
            (b, 'say The well is deeper than it looks.',
             f'{wren} says, "The well is deeper than it looks."'),
            (c, ";'s lantern gutters.", f"{ash}'s lantern gutters."),
            (a, "@emit A cold draught rises from the well.",
             "A cold draught rises from the well."),
        ]
        seen = []
        for speaker, command, expected in lines:
            speaker.command(command)
            for listener in (a, b, c):
                if listener is not speaker:
                    text = listener.read_until(expected, timeout=15)
                    seen.append(text.splitlines()[-1].strip())
        assert seen == [expected for _, _, expected in lines for _ in range(2)]

        # pose order: Corwin posed last (the emit), Wren longest ago -> Wren's turn
        pot = c.command("+pot")
        turn = [line for line in pot.splitlines() if line.startswith(">")]
        assert turn and wren in turn[0], pot

        # private until shared: nobody outside may read it, by URL either
        url = f"{game_server.web_url}/scenes/{scene_id}/"
        assert web_status(url)[0] == 404
        a.command("+scene/stop")
        log = b.command(f"+scene/read {scene_id}")
        logged = [re.sub(r"^\[\d\d:\d\d\] ", "", line.strip()) for line in log.splitlines()
                  if re.match(r"\s*\[\d\d:\d\d\]", line)]
        assert logged == [expected for _, _, expected in lines]
        assert "is shared" in b.command(f"+scene/share {scene_id}")
        status, page = web_status(url)
        assert status == 200
        for _, _, expected in lines:
            assert expected.replace('"', "&quot;").replace("'", "&#x27;") in page
        status, found = web_status(f"{game_server.web_url}/scenes/?with={ash}")
        assert status == 200 and "Rope and Lanterns" in found

        # a board post, read by another with its unread mark
        assert "You posted General/" in a.command("+bb/post General=Rope for sale/Forty feet.")
        board = c.command("+bb General")
        assert "Rope for sale" in board
        number = re.search(r"U\s+(\d+)\s+Rope for sale", board).group(1)
        assert "Forty feet." in c.command(f"+bb General/{number}")

        # mail to two, read and replied
        sent = b.command(f"+mail {corwin}, {ash}=After the well/Same time tomorrow?")
        assert "You sent your mail" in sent
        a.read_until("You have new +mail")
        inbox = a.command("+mail")
        mail_id = re.search(r"N\s+(\d+)\s.*After the well", inbox).group(1)
        assert "Same time tomorrow?" in a.command(f"+mail {mail_id}")
        assert "You replied" in a.command(f"+mail/reply {mail_id}=Yes.")
        assert "Re: After the well" in b.command("+mail")
