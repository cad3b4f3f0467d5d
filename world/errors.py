"""
The game's refusal type.

Services raise a `GameError` (or a system's subclass of it) with the message
a player should read; commands catch it and show that message. Nothing a
service changed before raising survives, because services work inside a
database transaction.
"""


class GameError(Exception):
    """A refusal or a problem the player can fix; its text is shown as is."""

    def __init__(self, message):
        super().__init__(message)
        self.message = message

    def __str__(self):
        return self.message
