"""How the social layer's results look in the game: one function per view."""

from django.utils import timezone
from evennia.utils.ansi import strip_ansi
from evennia.utils.utils import crop, time_format, wrap

from world.social import rules
from world.words import counted

WIDTH = rules.WIDTH


def rule(title=""):
    return f"|w{title:-^{WIDTH}}|n"


def fold(line):
    """`line` folded to the screen's width (colour codes take no room)."""
    return wrap(line, width=WIDTH, indent=0) if len(strip_ansi(line)) > WIDTH else line


def fold_lines(text):
    """Each line of `text` folded to the screen's width; its line breaks are kept."""
    return "\n".join(fold(line) for line in text.split("\n"))


def since(moment, now=None):
    if moment is None:
        return "-"
    seconds = ((now or timezone.now()) - moment).total_seconds()
    return time_format(max(0, seconds), 1)


def scene_title(scene):
    return scene.title or "(untitled)"


def pose_order(scene, order):
    lines = [rule(f" Pose order: scene #{scene.id} ")]
    now = timezone.now()
    turn_given = False
    for participant, present in order:
        if participant.last_posed_at and present and not turn_given:
            marker, turn_given = "|g>|n", True
        else:
            marker = " "
        where = "" if present else " (not here)"
        last = f"posed {since(participant.last_posed_at, now)} ago" if participant.last_posed_at \
            else "has not posed yet"
        lines.append(
            f"{marker} {crop(participant.name, 24):<24} {counted(participant.poses, 'pose'):<10} "
            f"{last}{where}"
        )
    if len(lines) == 1:
        lines.append("Nobody has posed yet.")
    lines.append(rule())
    if turn_given:
        lines.append("The one marked > posed longest ago: it is their turn.")
    return "\n".join(lines)


def scene_list(scenes, heading):
    lines = [rule(f" {heading} ")]
    for scene in scenes:
        state = "running" if scene.is_open else ("shared" if scene.shared else "private")
        lines.append(
            f"#{scene.id:<5} {scene.started_at:%Y-%m-%d} {crop(scene_title(scene), 33):<33} "
            f"{crop(scene.room_name, 18):<18} {state}"
        )
    if len(lines) == 1:
        lines.append("No scenes found.")
    lines.append(rule())
    return "\n".join(lines)


def scene_log(scene, entries):
    names = ", ".join(p.name for p in scene.participants.all())
    lines = [
        rule(f" Scene #{scene.id}: {crop(scene_title(scene), 50)} "),
        f"|wRoom:|n {scene.room_name}   |wStarted:|n {scene.started_at:%Y-%m-%d %H:%M} UTC",
        wrap(f"|wWith:|n {names}", width=WIDTH),
        rule(),
    ]
    for entry in entries:
        lines.append(wrap(f"|x[{entry.at:%H:%M}]|n {entry.text}", width=WIDTH))
    lines.append(rule())
    return "\n".join(lines)
