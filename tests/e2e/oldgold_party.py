"""
The party most Old Gold end-to-end tests play with: a GM (the admin) and
two approved adventurers, Ann a human and Bo a dwarf, in one room.
"""

from tests.e2e.gameserver import ADMIN
from tests.e2e.test_oldgold_combat import make_adventurer


def gather_party(gm, one, two, ann, bo):
    """Connect the GM, make both players' accounts and adventurers, and
    bring everyone to Ann's room with approved sheets."""
    one.create_and_connect(ann, "ember-salt-4417")
    two.create_and_connect(bo, "quill-moss-8823")
    gm.connect(*ADMIN)
    gm.command(f"tel/loc {ann}")
    gm.command(f"tel {bo}=here")
    make_adventurer(one, "Human", "1 1 1 4", "Sword", "Light armour (leather)")
    make_adventurer(two, "Dwarf", "2 1 1 2", "Axe", "Medium armour (mail)")
    gm.command(f"+og/approve {ann}")
    gm.command(f"+og/approve {bo}")
