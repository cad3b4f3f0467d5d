"""
The login screen's `create`: Evennia's, except that the name and password are
checked before the "Is this what you intended?" question, so a newcomer never
confirms an account that will then be refused.
"""

import re

from django.conf import settings
from evennia.commands.default.unloggedin import CmdUnconnectedCreate as EvenniaCreate
from evennia.utils.utils import class_from_module

USAGE = (
    "Usage: create <name> <password>\n"
    'If the name or the password has spaces, put it in double quotes: create "Ann Lee" "my pass word"'
)


def split_name_and_password(args):
    """`name password` or `"name with spaces" "pass word"` -> (name, password) or None."""
    parts = [part.strip() for part in re.split(r"\"", args.strip()) if part.strip()]
    if len(parts) == 1:
        parts = parts[0].split(None, 1)
    return tuple(parts) if len(parts) == 2 else None


def refusals(account_class, username, password):
    """Every reason the game would refuse this name and password, in plain words."""
    problems = []
    valid, errors = account_class.validate_username(username)
    if not valid:
        problems.extend(f"Name: {error}" for error in errors)
    valid, error = account_class.validate_password(password, account=account_class(username=username))
    if not valid:
        problems.extend(f"Password: {message}" for message in error.messages)
    return problems


class CmdUnconnectedCreate(EvenniaCreate):
    """
    create a new account (and its character of the same name)

    Usage (at the login screen):
      create <name> <password>
      create "name with spaces" "pass word"

    Makes your account and a character with the same name. The name and the
    password are checked first; if either is refused you are told why and
    nothing is made. Then log in with: connect <name> <password>
    """

    def func(self):
        session = self.caller
        parts = split_name_and_password(self.args)
        if not parts:
            session.msg(USAGE)
            return
        account_class = class_from_module(settings.BASE_ACCOUNT_TYPECLASS)
        typed_name, password = parts
        username = account_class.normalize_username(typed_name)
        if username != typed_name:
            session.msg(f"Note: your name becomes '{username}' (extra spaces and look-alike letters removed).")

        problems = refusals(account_class, username, password)
        if problems:
            lines = "\n".join(f"  - {problem}" for problem in problems)
            session.msg(
                f"|rNo account made.|n\n{lines}\n"
                "Choose another name or a longer, less common password and type create again."
            )
            return

        answer = yield (
            f"You want to create an account '{username}' with password '{password}'."
            "\nIs this what you intended? [Y]/N?"
        )
        if answer.strip().lower() in ("n", "no"):
            session.msg('Nothing made. Type create <name> <password> again (quotes around a name with spaces).')
            return

        account, errors = account_class.create(
            username=username, password=password, ip=session.address, session=session
        )
        if not account:
            lines = "\n".join(f"  - {error}" for error in errors)
            session.msg(f"|rNo account made.|n\n{lines}")
            return
        login = f'connect "{username}" <password>' if " " in username else f"connect {username} <password>"
        session.msg(f"Account '{username}' made. Welcome!\nNow log in with: {login}")
