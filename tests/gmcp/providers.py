"""A made-up system's providers for the registry tests (as Old Gold will give one)."""


def vitals(character):
    if character.key == "Cid":
        return {"hp": 4, "max_hp": 9}
    return None
