"""
Player text in a room message is never a template, and its inline
functions are bounded.

`DefaultObject.msg_contents` (how `pose`, `:`, `emote`, `say` and most game
messages reach a room) runs the whole text, the player's words included,
through the `$func()` parser and then through `str.format_map`, once per
onlooker. So:

- `pose $pad(x, 99999999)` made a 100 MB string for every onlooker, stalling
  the Server for seconds and sending megabytes of spaces to everyone;
  `$mult('x', 99999999)`, `$space(...)` and `$eval(4000000**4000000)` did
  the same or worse;
- `pose is {}standing` raised `ValueError: Format string contains positional
  fields` and `pose {name}` a `KeyError` (the player saw the traceback line).

Here the same message goes out with

- `{key}` replaced only for the keys of the call's `mapping` (every other
  brace is left as typed, so no text is a format template);
- a parser with Evennia's own functions, each bounded: widths and counts at
  most `INLINE_WIDTH_MAX`, arithmetic on numbers of at most
  `INLINE_NUMBER_MAX`, no powers or shifts in `$eval`, at most
  `INLINE_CALLS_MAX` calls in one message and `INLINE_RESULT_MAX`
  characters from any one call. A refused call is left as typed and its
  sender told why, once a message;
- at most `ROOM_MESSAGE_MAX` characters to each onlooker (the rest cut,
  with a note saying so).

Upstream: Evennia's `msg_contents` should format only its mapping's keys
(players' text reaches it in `CmdPose`, `CmdSay` and the like), and
`evennia.utils.funcparser`'s string functions should bound their widths.

Installed by the Server.
"""

import re

from django.conf import settings
from evennia.objects import objects as evennia_objects
from evennia.objects.objects import DefaultObject
from evennia.utils import funcparser
from evennia.utils.utils import is_iter, make_iter

from server.patches import Patch

INLINE_WIDTH_MAX = getattr(settings, "DELVER_INLINE_WIDTH_MAX", 200)
INLINE_NUMBER_MAX = getattr(settings, "DELVER_INLINE_NUMBER_MAX", 1_000_000)
INLINE_CALLS_MAX = getattr(settings, "DELVER_INLINE_CALLS_MAX", 20)
INLINE_RESULT_MAX = getattr(settings, "DELVER_INLINE_RESULT_MAX", 1000)
ROOM_MESSAGE_MAX = getattr(settings, "DELVER_ROOM_MESSAGE_MAX", 8000)
EVAL_TEXT_MAX = 60

CUT_NOTE = f"|n [... cut: a message to the room is at most {ROOM_MESSAGE_MAX} characters]"

# Which argument of each string function is a width or a count (position, keyword).
_WIDTHS = {
    "pad": ((1, "width"),),
    "crop": ((1, "width"),),
    "just": ((1, "width"), (3, "indent")),
    "justify": ((1, "width"), (3, "indent")),
    "ljust": ((1, "width"), (3, "indent")),
    "rjust": ((1, "width"), (3, "indent")),
    "cjust": ((1, "width"), (3, "indent")),
    "justify_left": ((1, "width"), (3, "indent")),
    "justify_right": ((1, "width"), (3, "indent")),
    "justify_center": ((1, "width"), (3, "indent")),
    "space": ((0, None),),
    "pluralize": ((1, None),),
    "int2str": ((0, None),),
}
_ARITHMETIC = ("add", "sub", "mult", "div", "round", "randint")
_EVALS = ("eval", "toint")
_NUMBER = re.compile(r"\s*[-+]?\d[\d_]*\s*$")
_POWERS = ("**", "<<", ">>", "pow")


class Refused(funcparser.ParsingError):
    """An inline call this game does not run, with the reason told to its sender."""


def _number_text(value):
    """The int `value` spells, or None (a long run of digits counts as too big)."""
    text = str(value)
    if not _NUMBER.match(text):
        return None
    digits = text.strip().lstrip("+-").replace("_", "")
    if len(digits) > 12:
        return INLINE_NUMBER_MAX * 1000
    return int(digits)


def _check_widths(name, args, kwargs):
    for position, keyword in _WIDTHS.get(name, ()):
        value = kwargs.get(keyword) if keyword and keyword in kwargs else None
        if value is None and len(args) > position:
            value = args[position]
        number = _number_text(value) if value is not None else None
        if number is not None and number > INLINE_WIDTH_MAX:
            raise Refused(f"${name}() takes widths and counts up to {INLINE_WIDTH_MAX}")


def _check_arithmetic(name, args):
    for value in args[:2]:
        number = _number_text(value)
        if number is None:
            try:
                float(str(value))
            except ValueError:
                raise Refused(f"${name}() works on plain numbers only") from None
            if "e" in str(value).lower():
                raise Refused(f"${name}() works on plain numbers only")
            continue
        if number > INLINE_NUMBER_MAX:
            raise Refused(f"${name}() works on numbers up to {INLINE_NUMBER_MAX:,}")


def _check_eval(name, args):
    text = ",".join(str(arg) for arg in args)
    if len(text) > EVAL_TEXT_MAX or any(power in text for power in _POWERS):
        raise Refused(f"${name}() takes short sums without powers")


def bounded(name, evennias):
    """Evennia's inline function `name`, refusing what would cost too much."""

    def call(*args, **kwargs):
        parser = kwargs.get("funcparser")
        count = getattr(parser, "calls", None)
        if count is not None:
            parser.calls = count + 1
            if parser.calls > INLINE_CALLS_MAX:
                raise Refused(f"a message runs at most {INLINE_CALLS_MAX} inline functions")
        _check_widths(name, args, kwargs)
        if name in _ARITHMETIC:
            _check_arithmetic(name, args)
        if name in _EVALS:
            _check_eval(name, args)
        try:
            result = evennias(*args, **kwargs)
            size = len(str(result))
        except funcparser.ParsingError:
            raise
        except Exception:  # noqa: BLE001 - a bad argument is the player's, never a log error
            raise Refused(f"${name}() could not use those arguments") from None
        if size > INLINE_RESULT_MAX:
            raise Refused(f"${name}() gives at most {INLINE_RESULT_MAX} characters")
        return result

    call.__name__ = f"bounded_{name}"
    return call


class BoundedFuncParser(funcparser.FuncParser):
    """Evennia's parser with bounded callables; counts its calls and keeps the refusals."""

    def __init__(self, callables, **kwargs):
        super().__init__(
            {name: bounded(name, func) for name, func in callables.items()}, **kwargs
        )
        self.calls = 0
        self.refusals = []

    def execute(self, parsedfunc, raise_errors=False, **reserved_kwargs):
        try:
            return super().execute(parsedfunc, raise_errors=True, **reserved_kwargs)
        except Refused as refused:
            if str(refused) not in self.refusals:
                self.refusals.append(str(refused))
        except funcparser.ParsingError:
            pass
        return str(parsedfunc)

    def parse(self, string, *args, **kwargs):
        self.calls = 0
        if "$" not in string:  # nothing to call: skip the character-by-character walk
            return string
        return super().parse(string, *args, **kwargs)


_PARSER = BoundedFuncParser(funcparser.ACTOR_STANCE_CALLABLES)
_KEY = re.compile(r"\{(\w+)\}")


def fill_keys(text, values):
    """`text` with `{key}` replaced for the keys of `values` only; any other brace stays."""
    if "{" not in text:
        return text
    return _KEY.sub(lambda match: values.get(match.group(1), match.group(0)), text)


def capped(text):
    if len(text) <= ROOM_MESSAGE_MAX:
        return text
    return text[:ROOM_MESSAGE_MAX] + CUT_NOTE


def msg_contents(
    self,
    text=None,
    exclude=None,
    from_obj=None,
    mapping=None,
    raise_funcparse_errors=False,
    **kwargs,
):
    """Evennia's `msg_contents`, with bounded inline functions and no format template."""
    is_outcmd = text and is_iter(text)
    inmessage = text[0] if is_outcmd else text
    outkwargs = text[1] if is_outcmd and len(text) > 1 else {}
    inmessage = "" if inmessage is None else str(inmessage)
    mapping = mapping or {}
    you = from_obj or self
    if "you" not in mapping:
        mapping["you"] = you

    contents = self.contents
    if exclude:
        exclude = make_iter(exclude)
        contents = [obj for obj in contents if obj not in exclude]

    refusals = []
    for receiver in contents:
        _PARSER.refusals = []
        outmessage = _PARSER.parse(
            inmessage,
            raise_errors=False,
            return_string=True,
            caller=you,
            receiver=receiver,
            mapping=mapping,
        )
        refusals.extend(reason for reason in _PARSER.refusals if reason not in refusals)
        if "{" in outmessage:
            outmessage = fill_keys(
                outmessage,
                {
                    key: (
                        obj.get_display_name(looker=receiver)
                        if hasattr(obj, "get_display_name")
                        else str(obj)
                    )
                    for key, obj in mapping.items()
                },
            )
        receiver.msg(text=(capped(outmessage), outkwargs), from_obj=from_obj, **kwargs)

    if refusals and from_obj is not None and hasattr(from_obj, "msg"):
        from_obj.msg(
            "|yInline functions left as typed: " + "; ".join(refusals) + ".|n"
        )


_evennias = (DefaultObject.msg_contents, evennia_objects._MSG_CONTENTS_PARSER)


def install():
    DefaultObject.msg_contents = msg_contents
    evennia_objects._MSG_CONTENTS_PARSER = _PARSER


def uninstall():
    DefaultObject.msg_contents, evennia_objects._MSG_CONTENTS_PARSER = _evennias


PATCH = Patch(
    name="player_text",
    targets={
        "evennia.objects.objects:DefaultObject.msg_contents": (
            "72a1b7b24db71a12b9688272b2a8059bac8ae1eb1946243805bee9b151a7a2bb"
        ),
    },
    process="server",
    why="A pose could stall the Server with $pad(x, 99999999) and show a traceback with "
    "{} or {name}: room messages ran player text through unbounded inline functions "
    "and str.format_map.",
    install=install,
    uninstall=uninstall,
)
