"""
Called by Evennia as the Server starts (settings.AT_SERVER_STARTSTOP_MODULE):
puts in place what the game's systems need in the database. Evennia calls
only the hooks a module has, so the other start and stop hooks are left out.
"""


def at_server_start():
    """Every start, however the server went down: idempotent set-up of each system."""
    # Adds the sample Digger dungeons not yet in the database; logs (never raises) on a bad file.
    from world.digger.store import load_sample_dungeons

    load_sample_dungeons()

    from world.requests.notify import ensure_staff_channel  # the +request desk's staff channel

    ensure_staff_channel()

    from world.social.setup import ensure_social_world  # issue 21: channels, boards, details

    ensure_social_world()
