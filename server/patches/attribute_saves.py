"""
A changed Attribute written to the database once, not twice.

Evennia's `ModelAttributeBackend.do_update_attribute` sets `attr.value`,
whose setter converts the value and saves the Attribute (an UPDATE and its
commit), then saves the Attribute again to write `db_strvalue` beside it.
Every change of an existing Attribute (each `page` keeps whom it went to,
each sheet edit) paid for two writes. Here the value is converted as the
setter converts it and both fields are saved together: the same row, the
same cache, one UPDATE (docs/upstream/attribute-double-save.md).

Installed by the Server.
"""

from evennia.typeclasses import attributes
from evennia.typeclasses.attributes import ModelAttributeBackend

from server.patches import Patch, Replaced

_evennia_do_update_attribute = ModelAttributeBackend.do_update_attribute


def do_update_attribute(self, attr, value, strvalue):
    """Evennia's update of an Attribute's value and string value, saved once."""
    if strvalue:
        attr.db_value = attributes.to_pickle(None)
        attr.db_strvalue = value
    else:
        # Looked up at each call: plain_pickles may have replaced it.
        attr.db_value = attributes.to_pickle(value)
        attr.db_strvalue = None
    attr.save(update_fields=["db_strvalue", "db_value"])


_replaced = Replaced()


def install():
    _replaced.replace(ModelAttributeBackend, "do_update_attribute", do_update_attribute)


PATCH = Patch(
    name="attribute_saves",
    targets={
        "evennia.typeclasses.attributes:ModelAttributeBackend.do_update_attribute": (
            "df93977e0992a2c0843af85ea9fea7186984e370742c3819bfeafdcab449783f"
        ),
    },
    process="server",
    why="Changing an existing Attribute saved it twice (two UPDATEs and two commits); "
    "see docs/upstream/attribute-double-save.md.",
    install=install,
    uninstall=_replaced.restore,
)
