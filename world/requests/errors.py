"""
Refusals of the +request desk.

`NoSuchRequest` is raised both for numbers that do not exist and for
requests the asker may not see, so nobody learns that someone else's
request exists; the web turns it into a 404.
"""

from evennia.utils.utils import crop

from world.errors import GameError


class RequestError(GameError):
    """A refusal from the +request desk; its text is shown to the player."""


class NoSuchRequest(RequestError):
    """The number is unknown, or belongs to a request the asker may not see."""

    def __init__(self, number):
        # crop: whatever a player typed, the answer stays one short line.
        super().__init__(f"There is no such request (#{crop(str(number), 20, suffix='..')}).")
        self.number = number
