"""
The screen a visitor sees on connecting, before logging in.
"""

from django.conf import settings

# At most 60 columns wide, so that it fits a narrow client too: it is sent
# before the game knows anything of the reader's screen.
CONNECTION_SCREEN = f"""
|y.-~-.-~-.-~-.-~-.-~-.-~-.-~-.-~-.-~-.-~-.-~-.-~-.-~-.-~-.-~-|n
  |w{settings.SERVERNAME}|n  -  |x{settings.GAME_SLOGAN}|n

  Parties of delvers draw their way through dungeons one
  challenge at a time: force, rush, investigate or fight,
  and pray the lantern lasts until the Final card.

  Already have an account?  |wconnect <name> <password>|n
  New here?                 |wcreate <name> <password>|n
  (Put a name with spaces in "quotes".)

  Once in, |whelp newbie|n walks you from your new character
  to your first dungeon, one command at a time, and |whelp|n
  lists everything.
|y.-~-.-~-.-~-.-~-.-~-.-~-.-~-.-~-.-~-.-~-.-~-.-~-.-~-.-~-.-~-|n
"""
