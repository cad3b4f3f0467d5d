"""
Small words that depend on other words: "1 slot" but "2 slots", "a tool" but
"an axe". Every message that puts a count before a noun, or an article before
a name it does not know in advance, goes through these (tests/newcomer/
test_grammar.py checks that the message templates do).
"""

import re

# Words spelled with a vowel but said with a consonant, and the reverse.
_SAID_WITH_A_CONSONANT = re.compile(r"(one|once|uni|use|usu|ur[aie]|eu|ew)", re.I)
_SAID_WITH_A_VOWEL = re.compile(r"(hour|honest|honou?r|heir)", re.I)
# Letters whose names start with a vowel sound ("an S", "an NPC", "an 8").
_VOWEL_LETTERS = "AEFHILMNORSX"
_COLOUR = re.compile(r"\|(\d{3}|\[.|[a-zA-Z])")


def plural(noun):
    """'wolves', 'harpies', 'watches', 'goblins': the plural of a regular
    English noun."""
    if noun.endswith("f"):
        return noun[:-1] + "ves"
    if noun.endswith("y") and noun[-2:-1] not in "aeiou":
        return noun[:-1] + "ies"
    if noun.endswith(("s", "x", "z", "ch", "sh")):
        return noun + "es"
    return noun + "s"


def counted(number, noun, plural_form=None):
    """'1 use', '2 uses', '0 uses' (`plural_form` for irregular nouns)."""
    return f"{number} {noun if number == 1 else plural_form or plural(noun)}"


def article(word):
    """'a' or 'an' for `word`, as it is said."""
    text = _COLOUR.sub("", str(word)).strip()
    if not text:
        return "a"
    if text[0].isdigit():
        return "an" if re.match(r"(8|11|18)(\D|$)", text) else "a"
    if len(text) == 1 or (text[:2].isupper() and text.isalpha() and len(text) <= 5):
        return "an" if text[0].upper() in _VOWEL_LETTERS else "a"
    if _SAID_WITH_A_VOWEL.match(text):
        return "an"
    if _SAID_WITH_A_CONSONANT.match(text):
        return "a"
    return "an" if text[0].lower() in "aeiou" else "a"


def with_article(word):
    """'a tool', 'an axe', 'an NPC', 'a unicorn'."""
    return f"{article(word)} {word}"


def possessive(name):
    """"Ann's", "The Lanterns'": the possessive of a name."""
    name = str(name)
    return f"{name}'" if name.endswith("s") else f"{name}'s"
