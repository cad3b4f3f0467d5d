"""
The social layer's one table: limits, markers and the default channels and
boards. Change behaviour here, not in the logic.
"""

WIDTH = 78

# Presence
IDLE_MARK_SECONDS = 30 * 60  # `who` marks a player idle after this long
# The players' `who` and `+where` are shared and remade at most this often
# (at once when someone changes their @doing, afk or hiding): with two
# thousand online, remaking them each second was a third of the Server's work.
LISTING_SECONDS = 5
DOING_MAX = 40
AFK_MAX = 120
FINGER_FIELDS_MAX = 12
FINGER_FIELD_NAME_MAX = 20
FINGER_VALUE_MAX = 300
# Suggested +finger fields (any name may be used).
FINGER_SUGGESTED = ("Alias", "Played by", "Timezone", "RP hours", "RP prefs", "Quote")

# Speech
PAGE_MAX = 2000

# Scenes
SCENE_TITLE_MAX = 80
SCENE_SEARCH_LIMIT = 50
SCENE_KINDS = ("say", "pose", "emit", "dice", "ooc")
# kinds that count as a pose for pose order
POSE_KINDS = ("say", "pose", "emit")

# Mail
MAIL_SUBJECT_MAX = 80
MAIL_BODY_MAX = 8000
MAIL_FOLDERS_MAX = 20
MAIL_DEFAULT_FOLDER = "Inbox"
MAIL_SENT_FOLDER = "Sent"

# Boards
BOARD_SUBJECT_MAX = 80
BOARD_BODY_MAX = 8000
# (name, description, locks). read/post; staff edit any post.
DEFAULT_BOARDS = (
    ("Announcements", "News from staff.", "read:all();post:perm(Builder)"),
    ("General", "Anything for everyone.", "read:all();post:all()"),
    ("Digger LFG", "Parties looking for members, delvers looking for parties.",
     "read:all();post:all()"),
)

# Channels: (name, aliases, description, locks). Players get the first
# alias of each channel they may listen to when they first log in.
DEFAULT_CHANNELS = (
    ("Public", ("pub",), "Talk about anything.",
     "control:perm(Admin);listen:all();send:all()"),
    ("Newbie", ("new",), "New to Delver? Ask here; anyone may answer.",
     "control:perm(Admin);listen:all();send:all()"),
    ("Digger LFG", ("lfg",), "Parties looking for members for a Digger run.",
     "control:perm(Admin);listen:all();send:all()"),
    ("Staff", ("st",), "Staff only.",
     "control:perm(Admin);listen:perm(Builder);send:perm(Builder)"),
)

# `chistory` shows this many of a channel's last lines.
CHANNEL_HISTORY_LINES = 20

# Rooms: the detail every start room has (look notice board).
START_ROOM_DETAILS = {
    "notice board": (
        "Layers of paper pinned over each other: a map of a ruin with half its rooms "
        "scratched out, a call for a fourth delver 'who can read old script', and a "
        "neat card that says |w+bb|n for the boards and |w+dungeon/list|n for what is open."
    ),
}
