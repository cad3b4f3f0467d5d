"""At start-up: a game begun under an earlier version gets the Lantern Yard's text of this one."""

from world.identity import START_ROOM_DESC, START_ROOM_NAME
from world.social import setup
from tests.social.helpers import SocialTest

# The Lantern Yard as the first versions stored it (world/identity.py at f430aa7).
EARLIER_DESC = (
    "A cobbled yard hemmed in by leaning storehouses, lit by a hundred mismatched "
    "lanterns hung from ropes overhead. A notice board by the gate is pinned thick with "
    "maps of places nobody has come back from twice: ruins picked half clean, "
    "labyrinths that rearrange themselves, and the abyss, which everyone talks about "
    "and no one plans to visit. Delvers haggle over rope and lamp oil, compare scars, "
    "and look for a party.\n\n"
    "|wThe board reads:|n |w+dungeon/list|n to see what is open, |w+party/create <#>|n to "
    "gather a party, |whelp|n for everything else."
)


class TestStartRoomText(SocialTest):
    def setUp(self):
        super().setUp()
        self.room1.key = START_ROOM_NAME

    def test_an_earlier_versions_text_is_brought_up_to_date(self):
        assert max(map(len, EARLIER_DESC.splitlines())) > 78
        self.room1.db.desc = EARLIER_DESC
        setup.ensure_social_world()
        assert self.room1.db.desc == START_ROOM_DESC

    def test_a_builders_own_text_is_kept(self):
        self.room1.db.desc = "A yard, rebuilt by our builders after the fire."
        setup.ensure_social_world()
        assert self.room1.db.desc == "A yard, rebuilt by our builders after the fire."
