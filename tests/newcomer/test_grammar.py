"""Grammar over every message template a player can read.

The templates are collected from the source (an AST walk): every string and
f-string in commands/ and in world/*/render*.py, and every message given to
`msg`, `msg_contents`, `refuse_usage`, `Outcome` or a raised error anywhere in
world/. Each f-string is rendered with sample values: a constant placeholder
(`rules.PARTY_MAX`) with its real value, any other with the value that shows
a slip best (1 before a noun, a word of either sound after an article), unless
it goes through world/words.py (`counted`, `with_article`).

Rules for every template: "a"/"an" fits the next word; no word twice in a
row; no space before a full stop, comma, semicolon, "!" or "?"; no "1 items".
Refusals (errors and `refuse_usage` problems) also start with a capital and
end with punctuation or with the command to type. The dice engines' errors are
fragments that their callers put after "Cannot roll that: " and end with a
full stop, so those start in lower case and end without a full stop.
"""

import ast
import importlib
import re
from dataclasses import dataclass
from pathlib import Path

import pytest

from world.words import article, counted, possessive, with_article

ROOT = Path(__file__).resolve().parents[2]
MESSAGE_CALLS = {"msg", "msg_contents", "refuse_usage", "Outcome", "announce", "tell", "room"}
NOT_PLAYER_ERRORS = {"ValueError", "TypeError", "KeyError", "RuntimeError",
                     "TransactionManagementError", "AssertionError", "ImproperlyConfigured"}
SAFE_HELPERS = {"counted", "with_article", "article"}
COLOUR = re.compile(r"\|(\d{3}|\[.|[a-zA-Z/_*^]|=[a-z])")
COUNT_NOUNS = (
    "items tools points rounds cards slots members players characters dice days hours minutes "
    "seconds times dungeons parties delvers levels coins turns hits wounds steps uses units "
    "challenges requests posts mails messages letters scenes poses weeks months years spells "
    "followers hirelings treasures rolls checks successes failures tries attempts lines"
).split()
ONE_BEFORE_PLURAL = re.compile(r"(?<![\d.,/-])\b1 (" + "|".join(COUNT_NOUNS) + r")\b")
A_BEFORE_VOWEL = re.compile(r"(?<![\w'-])([Aa]) ([aeiouAEIOU][\w-]*)")
AN_BEFORE_CONSONANT = re.compile(r"(?<![\w'-])([Aa]n) ([b-df-hj-np-tv-zB-DF-HJ-NP-TV-Z][\w-]*)")
DOUBLED = re.compile(r"(?<![\w'])([A-Za-z]+) \1\b", re.I)
SPACE_BEFORE_PUNCTUATION = re.compile(r"[A-Za-z0-9)] ([.,;!?])(\s|$)")
YOU_WITH_THIRD_PERSON = re.compile(
    r"(?<!to )(?<!for )(?<!with )(?<!at )\b[Yy]ou (is|has|was|gets|gains|loses|takes|rolls|draws|joins|leaves|does|goes|makes|"
    r"spends|fails|passes|needs|wants|sees|hears)\b"
)
# Words after which "a"/"an" is no article at all (flag letters, variable names in help).
NOT_AN_ARTICLE_BEFORE = {"is", "and", "or", "away", "idle", "in", "of", "on", "at", "as", "if"}
# Templates the rules would misread, each with why it is right as written.
ALLOWED = {
    # the example shows what to type after a name: the comma is typed as shown
    ("commands/oldgold.py", "add , us"),
    # ";" is the pose command named in the refusal
    ("commands/social_speech.py", "after the ;"),
    # lengths and totals shown only when over a limit above 1
    ("world/dice/expr.py", "dice in all: at most"),
    ("world/digger/building.py", "characters long; at most"),
    ("world/oldgold/touches.py", "characters (you gave"),
    ("world/requests/services.py", "is too long:"),
    ("world/oldgold/services.py", "Distribute exactly"),
    # a guard against a programming slip, not shown after a colon
    ("world/dice/goldengrave.py", "Power must be between"),
    # the words placed there are fixed sets that all take "a" (sparks, settlements, crewed modes)
    ("world/goldengrave/render.py", "from"),
    ("world/oldgold_travel/services.py", "needs a crew"),
    ("world/oldgold_travel/services.py", "in one hex with a name"),
    # belts start at 2 slots and only grow
    ("world/digger/belt.py", "Your belt is full"),
    ("world/digger/render.py", "slots"),
}


@dataclass
class Template:
    path: str
    line: int
    kind: str  # "refusal", "fragment" or "text"
    parts: list  # str or ast expression (a placeholder)

    def where(self):
        return f"{self.path}:{self.line}"


def sources():
    for base in ("commands", "world"):
        for path in sorted((ROOT / base).rglob("*.py")):
            if "migrations" not in path.parts:
                yield path


def module_of(path):
    return ".".join(path.relative_to(ROOT).with_suffix("").parts)


def parts_of(node):
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.JoinedStr):
        return [v.value for v in node.values]  # text, or a placeholder's expression
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        left, right = parts_of(node.left), parts_of(node.right)
        if left is not None and right is not None:
            return left + right
    return None


def called(call):
    func = call.func
    return func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")


def docstring_nodes(tree):
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                found.add(id(body[0].value))
    return found


def command_help_nodes(tree):
    """Docstrings of command classes: they are the in-game help."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef) and node.name.startswith("Cmd"):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                found.add(id(body[0].value))
    return found


def templates_of(path):
    relative = path.relative_to(ROOT).as_posix()
    tree = ast.parse(path.read_text())
    everything = relative.startswith("commands/") or re.match(r"world/[^/]+/render[^/]*\.py$", relative)
    fragments = relative.startswith("world/dice/")
    skip = docstring_nodes(tree) - command_help_nodes(tree)
    inner = {id(v) for node in ast.walk(tree) if isinstance(node, ast.JoinedStr) for v in node.values}
    kinds = {}
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        name = called(node)
        is_error = name.endswith("Error") and name not in NOT_PLAYER_ERRORS
        if not (is_error or name in MESSAGE_CALLS):
            continue
        for position, arg in enumerate([*node.args, *(k.value for k in node.keywords)]):
            for sub in ast.walk(arg):
                kinds.setdefault(id(sub), "text")
            if position == 0 and (is_error or name == "refuse_usage"):
                kinds[id(arg)] = "fragment" if fragments else "refusal"
    for node in ast.walk(tree):
        if id(node) in skip or id(node) in inner:
            continue
        if not (everything or id(node) in kinds):
            continue
        parts = parts_of(node)
        if parts is None or not any(isinstance(p, str) and re.search(r"[A-Za-z] ", p) for p in parts):
            continue
        yield Template(relative, node.lineno, kinds.get(id(node), "text"), parts)


ALL = [template for path in sources() for template in templates_of(path)]


def constant_value(expr, module):
    """The real value of a placeholder that names a constant (`rules.PARTY_MAX`), else None."""
    node = expr
    while isinstance(node, ast.Attribute):
        node = node.value
    last = expr.attr if isinstance(expr, ast.Attribute) else getattr(expr, "id", "")
    if not isinstance(node, ast.Name) or not last.isupper():
        return None
    try:
        namespace = vars(importlib.import_module(module))
        return eval(compile(ast.Expression(expr), "<placeholder>", "eval"), dict(namespace))
    except Exception:
        return None


def is_safe(expr):
    return any(isinstance(n, ast.Call) and called(n) in SAFE_HELPERS for n in ast.walk(expr))


def render(template, sample):
    """The template as text, each placeholder replaced by `sample(expr)`."""
    return COLOUR.sub("", "".join(p if isinstance(p, str) else sample(p) for p in template.parts))


SAMPLE_NAMES = ("Bram", "Cole", "Dara", "Finn", "Gale", "Jory", "Kell", "Lark", "Mott", "Pike",
                "Rook", "Sable", "Tarn", "Vale", "Wren", "Zed")


def plain(template):
    """The template with its constants' real values and a different name for each other placeholder."""
    module = module_of(ROOT / template.path)
    names = iter(SAMPLE_NAMES * 8)

    def sample(expr):
        if is_safe(expr):
            return "2 things"
        found = constant_value(expr, module)
        return next(names) if found is None else str(found)

    return render(template, sample)


NAME_LIKE = re.compile(r"(name|key|who|caller|actor|character|speaker|leader|member|company|checker)\b")


def names_someone(expr):
    """A placeholder that shows a name, not a count ('{who} rolls' is a verb)."""
    return bool(NAME_LIKE.search(ast.unparse(expr).split("(")[0].split("[")[0]))


def slips(template):
    """Every rule the template breaks, as readable lines."""
    found = []
    module = module_of(ROOT / template.path)
    text = plain(template)
    for match in A_BEFORE_VOWEL.finditer(text):
        word = match.group(2)
        if word.lower() not in NOT_AN_ARTICLE_BEFORE and article(word) == "an":
            found.append(f"'a {word}'")
    for match in AN_BEFORE_CONSONANT.finditer(text):
        if article(match.group(2)) == "a":
            found.append(f"'an {match.group(2)}'")
    for match in DOUBLED.finditer(text):
        found.append(f"doubled word {match.group(0)!r}")
    for match in SPACE_BEFORE_PUNCTUATION.finditer(text):
        found.append(f"space before {match.group(1)!r}")
    for match in YOU_WITH_THIRD_PERSON.finditer(text):
        found.append(f"{match.group(0)!r}")
    # sample values: 1 before a noun, and a value of the other sound after an article
    parts = template.parts
    for index, part in enumerate(parts):
        if isinstance(part, str) or is_safe(part):
            continue
        after = parts[index + 1] if index + 1 < len(parts) else ""
        before = parts[index - 1] if index else ""
        value = constant_value(part, module)
        one = isinstance(after, str) and ONE_BEFORE_PLURAL.match("1" + COLOUR.sub("", after))
        if one and not names_someone(part) and (value is None or value == 1):
            found.append(f"'1 {one.group(1)}' when the count is 1")
        if isinstance(before, str) and re.search(r"(?<![\w'])([Aa]n?) $", COLOUR.sub("", before)):
            said = re.search(r"([Aa]n?) $", COLOUR.sub("", before)).group(1).lower()
            if value is None or article(str(value)) != said:
                found.append(f"'{said} {{...}}' before a word that may need '{'a' if said == 'an' else 'an'}'")
    if template.kind == "refusal":
        found.extend(sentence_slips(render(template, lambda expr: "{}")))
    if template.kind == "fragment":
        found.extend(fragment_slips(render(template, lambda expr: "{}")))
    return found


def ends_with_a_command(text):
    last = text.split()[-1] if text.split() else ""
    return bool(re.search(r"[+@<>=/]", last)) or re.search(r"(:|like|type|try|use) \S+$", text)


def sentence_slips(text):
    text = text.strip()
    if not text:
        return []
    found = []
    first = re.search(r"[A-Za-z{+@`'\"(<#\d]", text)
    if first and first.group().islower():
        found.append("a refusal that starts in lower case")
    head = text.split("\n")[0].strip()
    if not (re.search(r"[.!?:)\"'\]]$", head) or head.endswith("{}") or ends_with_a_command(head)):
        found.append("a refusal without final punctuation")
    return found


def fragment_slips(text):
    text = text.strip()
    found = []
    if text[:1].isupper() and not text.startswith(("'", "{")):
        found.append("a dice error fragment that starts in upper case (it follows a colon)")
    if re.search(r"[.!?]$", text):
        found.append("a dice error fragment that ends in punctuation (its caller adds a full stop)")
    return found


def allowed(template, slip):
    text = plain(template)
    return any(template.path == path and snippet in text for path, snippet in ALLOWED)


def test_there_are_templates_to_check():
    kinds = {t.kind for t in ALL}
    assert len(ALL) > 1000 and kinds == {"refusal", "fragment", "text"}
    assert any(t.path == "world/digger/render.py" for t in ALL)


def test_every_message_template_reads_right():
    problems = [
        f"{template.where()}: {slip}: {plain(template)[:90]!r}"
        for template in ALL
        for slip in slips(template)
        if not allowed(template, slip)
    ]
    assert not problems, f"{len(problems)} grammar slips:\n" + "\n".join(problems)


@pytest.mark.parametrize(
    "source, expected",
    [
        ('f"You have {n} tools."', ["when the count is 1"]),
        ('f"You have {counted(n, \'tool\')}."', []),
        ('f"You draw a {card}."', ["may need 'an'"]),
        ('f"You draw {with_article(card)}."', []),
        ('"You see an lantern."', ["'an lantern'"]),
        ('"You see a owl."', ["'a owl'"]),
        ('"You see a unicorn and an hour glass."', []),
        ('"The the gate opens."', ["doubled word"]),
        ('"The gate opens ."', ["space before '.'"]),
        ('"You gets a tool."', ["'You gets'"]),
    ],
)
def test_the_rules_catch_the_slips_they_name(source, expected):
    template = Template("commands/example.py", 1, "text", parts_of(ast.parse(source, mode="eval").body))
    found = slips(template)
    assert len(found) == len(expected), found
    for slip, words in zip(found, expected):
        assert words in slip


@pytest.mark.parametrize(
    "text, slip",
    [
        ("you cannot do that.", "lower case"),
        ("You cannot do that", "without final punctuation"),
        ("Name the dungeon: +party/create <#>", None),
        ("Nothing to roll: try {}", None),
        ("Which dice? For example: +roll 2d6+1", None),
    ],
)
def test_refusals_start_and_end_like_sentences(text, slip):
    found = sentence_slips(text)
    assert (slip in found[0]) if slip else not found, found


def test_the_word_helpers():
    assert counted(1, "slot") == "1 slot" and counted(2, "slot") == "2 slots"
    assert counted(0, "die", "dice") == "0 dice"
    assert [with_article(w) for w in ("tool", "axe", "NPC", "GM", "unicorn", "hour", "8", "|wOwl|n")] == [
        "a tool", "an axe", "an NPC", "a GM", "a unicorn", "an hour", "an 8", "an |wOwl|n"]
    assert [possessive(name) for name in ("Ann", "The Lanterns")] == ["Ann's", "The Lanterns'"]
