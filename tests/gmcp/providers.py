"""A made-up system's providers for the registry tests (as a new system would give one)."""


def vitals(character):
    if character.key == "Cid":
        return {"hp": 4, "max_hp": 9}
    return None
