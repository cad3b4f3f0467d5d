"""Old Gold's underworld: the bestiary and the dungeon generator that builds real rooms."""
