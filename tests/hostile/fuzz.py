"""
A hostile-input fuzz over real telnet, shared by the bounded test
(tests/hostile/test_fuzz.py) and the long run (benchmarks/fuzz.py).

Several players connect at once. One reads `help` and the help of every
command it lists, and takes from them every command name and every
`command/switch` the help names. Then each player sends lines made of a
command (with a switch, often) and an argument of a hostile kind: empty,
huge, unicode, NUL and control bytes, colour and MXP codes, `$inline()`
functions, braces, telnet IAC bytes, odd numbers and separators, plus raw
GMCP/MSDP packets. A seeded `random.Random` picks everything, so a seed
gives the same lines.

Each line is followed by a marker line (an unknown command the game echoes
by name); the line is answered when the marker's echo comes back. Counted:

- error texts: Python's error text or an apology shown to a player;
- unanswered: no marker echo within `answer_timeout` seconds (a second
  marker is sent first, in case the line opened a question that took the
  first one as its answer);
- hung: a connection that answers nothing at all any more (it is dropped
  and a new one made, so the run goes on);
- log errors: new `[EE]` records (or tracebacks) in the Server's and the
  Portal's logs.
"""

import random
import re
import socket
import threading
import time
from dataclasses import dataclass, field

from tests.e2e.telnet_client import ANSI, TelnetClient

# What only Python (or Evennia's "untrapped error" apology) says.
ERROR_TEXT = re.compile(
    r"Traceback|untrapped error|\b[A-Z][A-Za-z]*(?:Error|Exception)\b|object has no attribute"
    r"|NoneType|not supported between|invalid literal for|unexpected keyword argument"
    r"|positional argument|cannot access local variable|[Aa]pologi[sz]e|[Ss]orry, (?:an|something)"
)
# Lines a player must not type during the fuzz: they end the connection or
# change the account so later lines could not be read (tested on their own).
SKIPPED = {"quit", "@quit", "ooc", "unpuppet", "password", "@password", "option", "@option", "chardelete",
           "@chardelete", "nick", "nicks", "@nick", "style", "@style", "color"}
NICK_LINES = (
    "nick tm?$1tm?$1=page X=$1",
    "nick/clearall",
    "nick {}=$pad(x,99999)",
    "nick/list",
    "nick/delete 999",
    "nick/clearall",
)
# Out of the game (OOC) for a few lines, then back in: `{name}` is the player's own.
OOC_LINES = ("ooc", "nick/clearall", "look", "who", "channel/all", "help", "ic {name}")
# What leaves a menu (q), an editor (:q!) or a yes/no question (n), and does
# nothing much anywhere else.
LEAVE = b"q\r\n:q!\r\nn\r\n"
IAC, SB, SE, GMCP, MSDP = 255, 250, 240, 201, 69

HUGE = ("x" * 5000, "é" * 2990, "\U0001f409" * 1400, "word " * 1100)
UNICODE = ("Ünïcödé", "\u202eright-to-left", "e\u0301\u0301\u0301", "\U0001f409\U0001f409",
           "\u200b\u200b", "ｆｕｌｌ", "٣٤", "²³", "\ufeff", "\ud7ff")
CONTROL = ("\x00", "a\x00b", "\x07\x08\x1b", "\x1b[31mred\x1b[0m", "\x1b]0;title\x07", "\x7f",
           "\x0b\x0c", "\x01\x02\x03")
COLOUR = ("|r", "|[500|555", "||", "|", "|lclook|ltlook|le", "|/|/|/", "|=z|*", "|u|U",
          "|lcquit|ltclick|le", "|#ff0000x", "|n|n|n")
INLINE = ("$pad(x, 99999999)", "$pad(x, 300000)", "$space(999999)", "$mult('x', 99999999)",
          "$eval(4000000**4000000)", "$pad(" * 25 + "x" + ")" * 25, "$you() $conj(run)",
          "$random(1, 99999999999999999999)", "$crop(x, -5)", "$choice()", "$pad(x" , "$$$$",
          "$obj(#1)", "$pron(you, op)", "$just(x, 99999, c)", "$round(1e308, 999)",
          "$toint(1e400)", "$int2str(99999999999999999999)", "$pluralize(x, 99999999999)")
BRACES = ("{}", "{name}", "{0}", "{{", "}}", "{!r}", "{:>99999}", "{you}", "%s %d", "{a.b}",
          "{self.__class__}")
NUMBERS = ("-1", "0", "99999999999999999999999", "1e309", "nan", "-0", "#²", "#٣", "#-1",
           "#0", "#99999999", "1/0", "0x10", "3.5", "+1", "007", "1_000", "inf", "=#1-#²")
SEPARATORS = ("=", "==", "/", "//", ";", ":", ",", "=/=", ";;;", ":::", "= =", "a=b=c",
              "/x=/y", "x;y:z", ",,,", "'", '"', "\\", "()", "[]", "*", "?", "#", "&&", "|")
PLAIN = ("", " ", "me", "here", "lantern", "Obj", "#1", "#2", "all", "self", "1", "2")
KINDS = ("empty", "huge", "unicode", "control", "colour", "inline", "braces", "iac",
         "numbers", "separators", "mixed", "oob")


@dataclass
class Figures:
    lines: int = 0
    error_texts: list = field(default_factory=list)
    unanswered: list = field(default_factory=list)
    hung: list = field(default_factory=list)
    log_errors: list = field(default_factory=list)
    prompted: int = 0
    slowest: float = 0.0
    seconds: float = 0.0
    commands: int = 0
    switches: int = 0

    def lock(self):
        if not hasattr(self, "_lock"):
            self._lock = threading.Lock()
        return self._lock

    def summary(self):
        return (
            f"{self.lines} lines ({self.commands} commands, {self.switches} switches) in "
            f"{self.seconds:.0f} s: {len(self.error_texts)} error texts, "
            f"{len(self.log_errors)} log errors, {len(self.unanswered)} unanswered, "
            f"{len(self.hung)} hung connections; slowest answer {self.slowest:.2f} s, "
            f"{self.prompted} lines answered a question"
        )

    def report(self, each=25):
        """The summary and the first `each` findings of every kind."""
        parts = [self.summary()]
        for title, found in (("error texts", self.error_texts), ("log errors", self.log_errors),
                             ("unanswered", self.unanswered), ("hung", self.hung)):
            if found:
                parts.append(f"{title}:")
                parts.extend(f"  {item}" for item in found[:each])
        return "\n".join(parts)

    def clean(self):
        return not (self.error_texts or self.unanswered or self.hung or self.log_errors)


class Player:
    """One fuzzing player: a telnet connection sending raw bytes."""

    def __init__(self, port, name, password):
        self.port, self.name, self.password = port, name, password
        self.markers = 0
        self.client = None

    def connect(self, create):
        self.client = TelnetClient(self.port)
        if create:
            self.client.create_and_connect(self.name, self.password)
        else:
            self.client.connect(self.name, self.password)

    def close(self):
        if self.client is not None:
            self.client.close()

    def marker(self):
        self.markers += 1
        return f"zzfz{self.markers}z"

    def send_raw(self, data):
        self.client.sock.sendall(data)

    def wait_for(self, text, timeout):
        """Output up to `text`, or None when it has not come within `timeout`."""
        try:
            return self.client.read_until(text, timeout=timeout)
        except TimeoutError:
            return None

    def exchange(self, data, timeout):
        """
        Send one raw line and a marker: (output, seconds, prompted), output
        None when no marker came back at all.
        """
        started = time.monotonic()
        marker = self.marker()
        self.send_raw(data + b"\r\n" + marker.encode() + b"\r\n")
        seen = self.wait_for(marker, timeout)
        prompted = False
        if seen is None:  # perhaps a question, menu or editor took the marker as its answer
            again = self.marker()
            self.send_raw(LEAVE + again.encode() + b"\r\n")
            seen = self.wait_for(again, timeout)
            prompted = seen is not None
        if seen is not None:
            self.wait_for("\n", 1)
        return seen, time.monotonic() - started, prompted


def read_commands(player, timeout=10):
    """(commands, switches) the game's help shows this player (topics left out)."""
    listing = player.client.command("help", timeout=timeout)
    names = []
    for line in listing.splitlines():
        if re.match(r"-+\s*Game & World", line.strip()):
            break  # topics follow: not commands
        if line.startswith("--") or not line.strip() or "," in line or "." in line:
            continue
        names.extend(word for word in line.split() if re.fullmatch(r"[+@:&;]?[\w-]+|;", word))
    names = list(dict.fromkeys(name for name in names if name not in ("Commands",)))
    commands, switches = set(), set()
    for name in names:
        text = player.client.command(f"help {name}", timeout=timeout)
        commands.add(name)
        title = re.search(r"Help for ([^\s(]+)(?: \(aliases: ([^)]*)\))?", text)
        spelled = {name.lstrip("+@")}
        if title:
            spelled.add(title.group(1).lstrip("+@"))
            spelled.update(a.strip().lstrip("+@") for a in (title.group(2) or "").split(","))
        for command, switch in re.findall(r"(?<![\w/])([+@]?[a-z][\w-]*)/([a-z]+)", text):
            if command.lstrip("+@") in spelled:
                switches.add((name, switch))
    return sorted(commands), sorted(switches)


def argument(rng, kind):
    if kind == "empty":
        return rng.choice(("", " ", "   "))
    if kind == "huge":
        return rng.choice(HUGE)
    if kind == "unicode":
        return " ".join(rng.choice(UNICODE) for _ in range(rng.randint(1, 3)))
    if kind == "control":
        return rng.choice(PLAIN) + rng.choice(CONTROL) + rng.choice(PLAIN)
    if kind == "colour":
        return rng.choice(COLOUR) + rng.choice(PLAIN) + rng.choice(COLOUR)
    if kind == "inline":
        return rng.choice(("", "is ", "x = ")) + rng.choice(INLINE)
    if kind == "braces":
        return rng.choice(PLAIN) + " " + rng.choice(BRACES)
    if kind == "numbers":
        return rng.choice((rng.choice(NUMBERS), f"{rng.choice(PLAIN)}={rng.choice(NUMBERS)}",
                           f"{rng.choice(NUMBERS)}-{rng.choice(NUMBERS)}"))
    if kind == "separators":
        return rng.choice(PLAIN) + rng.choice(SEPARATORS) + rng.choice(PLAIN)
    parts = [argument(rng, rng.choice(KINDS[1:10])) for _ in range(rng.randint(2, 3))]
    return rng.choice(SEPARATORS).join(parts)[:5500]


def oob_packet(rng):
    """A raw GMCP or MSDP packet, well-formed or not."""
    if rng.random() < 0.5:
        name = rng.choice(("Nope.Func", "Core.Hello", "Core.Supports.Set", "Char.Login",
                           "Digger.Get", "\U0001f409", "", "a" * 300, "External.Discord.Hello"))
        body = rng.choice(("", " {}", " []", ' {"a": 1}', " {bad json", ' ["Char 1", 5]', " null",
                           ' "' + "x" * 2000 + '"', " [[[[[[[[[[]]]]]]]]]]"))
        payload = (name + body).encode("utf-8", "replace")
        option = GMCP
    else:
        var = rng.choice((b"REPORT", b"SEND", b"LIST", b"NOPE", b"\x00", b""))
        payload = b"\x01" + var + b"\x02" + rng.choice((b"HEALTH", b"", b"\xff\xff", b"x" * 500))
        option = MSDP
    payload = payload.replace(bytes([IAC]), bytes([IAC, IAC]))
    return bytes([IAC, SB, option]) + payload + bytes([IAC, SE])


def line_bytes(rng, commands, switches):
    """One fuzzed line as bytes, and a short description for reports."""
    kind = rng.choice(KINDS)
    if kind == "oob":
        return oob_packet(rng) + b"look", "oob+look"
    if rng.random() < 0.5 and switches:
        command, switch = rng.choice(switches)
        head = f"{command}/{switch}"
    else:
        head = rng.choice(commands)
    text = f"{head} {argument(rng, kind)}" if kind != "empty" else head + argument(rng, kind)
    data = text.encode("utf-8")
    tail = b""
    if kind == "iac":
        tail = rng.choice((b" \xff", b"\xff", b"\xff\xff", b"\xff\xfa", b"\xff\xfb", b"\xff\xf0",
                           b"\xff\xfd\x18", b"\xffx", b"\xff\xfa\xc9Core.Hello {"))
    data = (data + tail).replace(b"\r", b" ").replace(b"\n", b" ")
    return data, f"{kind}: {text[:80]!r}" + (f" + {tail!r}" if tail else "")


def log_errors(game, since):
    """New error records in the game's logs since `since` (line counts by file)."""
    found = []
    for name, start in since.items():
        path = game.dir / "server" / "logs" / name
        lines = path.read_text(errors="replace").splitlines() if path.exists() else []
        for line in lines[start:]:
            if "[EE]" in line or "Traceback" in line or "Malformed telnet" in line:
                found.append(f"{name}: {line[:300]}")
    return found


def log_marks(game):
    marks = {}
    for name in ("server.log", "portal.log"):
        path = game.dir / "server" / "logs" / name
        marks[name] = len(path.read_text(errors="replace").splitlines()) if path.exists() else 0
    return marks


def run(game, lines=1000, players=4, seed=24, answer_timeout=2.0, prefix="Fz"):
    """Fuzz `game` (a running GameServer) with `lines` lines from `players`; the Figures."""
    figures = Figures()
    rng = random.Random(seed)
    since = log_marks(game)
    started = time.monotonic()
    crowd = [Player(game.telnet_port, f"{prefix}{seed}x{n}", f"fuzz-pass-{n}-4242")
             for n in range(players)]
    for player in crowd:
        player.connect(create=True)
    commands, switches = read_commands(crowd[0])
    commands = [command for command in commands if command.lstrip("+@") not in
                {s.lstrip("+@") for s in SKIPPED}]
    switches = [pair for pair in switches if pair[0] in commands]
    figures.commands, figures.switches = len(commands), len(switches)
    plans = [[] for _ in crowd]
    for number in range(lines):
        plans[number % players].append(line_bytes(rng, commands, switches))
    plans[0][:0] = [(line.encode(), line) for line in NICK_LINES]
    if players > 1:
        own = [line.format(name=crowd[1].name) for line in OOC_LINES]
        plans[1][:0] = [(line.encode(), line) for line in own]

    def play(player, plan):
        for data, what in plan:
            sent_at = time.strftime("%H:%M:%S")
            try:
                seen, seconds, prompted = player.exchange(data, answer_timeout)
            except OSError:
                seen, seconds, prompted = None, answer_timeout, False
            with figures.lock():
                figures.lines += 1
                figures.prompted += prompted
                if seen is not None:
                    figures.slowest = max(figures.slowest, seconds)
                    shown = ERROR_TEXT.search(ANSI.sub("", seen))
                    if shown:
                        figures.error_texts.append(f"{what} -> {seen[:400]!r}")
                    continue
                figures.unanswered.append(f"{sent_at} {player.name}: {what}")
            if not alive(player):
                with figures.lock():
                    figures.hung.append(f"{time.strftime('%H:%M:%S')} {player.name} after {what}")
                if not reconnect(player):
                    with figures.lock():
                        figures.hung.append(f"{player.name} could not log in again: stopped")
                    return

    threads = [threading.Thread(target=play, args=(p, plan), daemon=True)
               for p, plan in zip(crowd, plans)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    for player in crowd:
        if not alive(player):
            figures.hung.append(f"{player.name} at the end")
        player.close()
    figures.seconds = time.monotonic() - started
    figures.log_errors = log_errors(game, since)
    return figures


def reconnect(player, patience=90):
    """A new connection for `player` (its old one dropped); False when the game never takes it."""
    player.close()
    deadline = time.monotonic() + patience
    while time.monotonic() < deadline:
        try:
            player.connect(create=False)
            return True
        except (OSError, TimeoutError):
            player.close()
            time.sleep(1)
    return False


def alive(player, timeout=10):
    """Whether the connection still answers a plain `look`."""
    try:
        seen, _, _ = player.exchange(b"look", timeout / 2)
    except (OSError, socket.timeout):
        return False
    return seen is not None
