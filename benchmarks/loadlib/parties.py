"""
Digger parties among the simulated players (`--parties`).

Groups of `PARTY_SIZE` players form a party for sample dungeon 1 with real
commands once logged in (the leader `+party/create 1`, the others
`+party/join <leader>`, then the leader `+dungeon/enter`). In the steady
phase each member still sends one command per interval, but a party move
when the round needs one from them: every member `+act`s with the ability
of the card (read from the draw), whoever drew sends `+act/complete`, then a
member `+dungeon/draw`s the next card, and the leader enters again when a
run ends. A member with nothing to do looks at `+camp` or `+challenge`, or
sends the ordinary mix. Their commands are timed with markers like any
other and reported by command.

Members of a party are chosen among one load worker's players, so a party
needs no coordination between processes: the state of each party is shared
by its members' tasks in one event loop.
"""

import asyncio
import re

PARTY_SIZE = 4
DUNGEON = 1
_ABILITY = re.compile(r"Ability: (\w+)")
_WAITING = re.compile(r"still waiting for ([^.]+)\.")
_TESTS = re.compile(r"This challenge tests (\w+)")
_RUN_OVER = ("The dungeon is won!", "the run is lost", "retreats from the dungeon",
             "not in a dungeon")


class PartyFailed(Exception):
    """Forming or entering refused: the benchmark cannot run its parties."""


def seat_of(index, clients, procs, parties):
    """(party number, seat) of player `index`, or None when it plays alone."""
    worker, position = index % procs, index // procs
    local, seat = divmod(position, PARTY_SIZE)
    number = local * procs + worker
    last_member = ((local + 1) * PARTY_SIZE - 1) * procs + worker
    if number < parties and last_member < clients:
        return number, seat
    return None


def parties_of(indices, clients, procs, parties, player_name):
    """{index: (Party, seat)} for the players of one worker who are in a party."""
    found, by_number = {}, {}
    for index in indices:
        place = seat_of(index, clients, procs, parties)
        if place is None:
            continue
        number, seat = place
        if number not in by_number:
            local, worker = divmod(number, procs)
            names = [
                player_name((local * PARTY_SIZE + s) * procs + worker) for s in range(PARTY_SIZE)
            ]
            by_number[number] = Party(names)
        found[index] = (by_number[number], seat)
    return found


class Party:
    """One party's progress through its run, as its members have seen it."""

    def __init__(self, names):
        self.names = names  # the leader first
        self.created = asyncio.Event()
        self.joined = 0
        self.all_joined = asyncio.Event()
        self.phase = "act"  # act, complete, draw, enter; a move under way: moving
        self.ability = None
        self.drawer = 0
        self.acted = set()

    async def form(self, client, seat, token, timeout):
        """The setup moves of one member; raises PartyFailed if the game refuses."""
        leader = self.names[0]
        if seat == 0:
            text, _ = await client.marked(f"+party/create {DUNGEON}", f"{token}c", timeout)
            if "gathers a party" not in text:
                raise PartyFailed("+party/create refused")
            self.created.set()
            await asyncio.wait_for(self.all_joined.wait(), timeout)
            text, _ = await client.marked("+dungeon/enter", f"{token}e", timeout)
            if not self._entered(text):
                raise PartyFailed("+dungeon/enter refused")
            return
        await asyncio.wait_for(self.created.wait(), timeout)
        text, _ = await client.marked(f"+party/join {leader}", f"{token}j", timeout)
        if "joins the party" not in text:
            raise PartyFailed("+party/join refused")
        self.joined += 1
        if self.joined == PARTY_SIZE - 1:
            self.all_joined.set()

    def next_move(self, seat):
        """The party move this member makes now, or None."""
        phase = self.phase
        move = None
        if phase == "act" and seat not in self.acted and self.ability:
            move = f"+act {self.ability}"
        elif phase == "complete" and seat == self.drawer:
            move = "+act/complete"
        elif phase == "draw":
            move = "+dungeon/draw"
        elif phase == "enter" and seat == 0:
            move = "+dungeon/enter"
        if move and not move.startswith("+act "):
            self.phase = "moving"  # nobody else tries the same move meanwhile
        return move

    def heard(self, seat, move, text):
        """Update the party from the answer to `move`."""
        if move.startswith("+act "):
            self._acted(seat, text)
        elif move == "+act/complete":
            self._completed(text)
        elif move == "+dungeon/draw":
            self._drew(seat, text)
        elif move == "+dungeon/enter":
            self._entered(text)

    def lost(self, move):
        """No answer came: let the move be tried again."""
        self.phase = {"+act/complete": "complete", "+dungeon/draw": "draw",
                      "+dungeon/enter": "enter"}.get(move, self.phase)

    def _acted(self, seat, text):
        tested = _TESTS.search(text)
        if tested:  # the card changed under us: answer it on the next turn
            self.ability = tested.group(1)
            return
        if any(word in text for word in _RUN_OVER):
            self.phase = "enter"
            return
        self.acted.add(seat)
        if len(self.acted) == PARTY_SIZE or "Everyone has acted" in text:
            self.phase = "complete"

    def _completed(self, text):
        if "rolls reached" in text:
            self.phase = "enter" if any(word in text for word in _RUN_OVER) else "draw"
            return
        waiting = _WAITING.search(text)
        if waiting:
            names = [name.strip() for name in waiting.group(1).split(",")]
            self.acted -= {self.names.index(name) for name in names if name in self.names}
            self.phase = "act"
        elif "drew this card" in text:
            drawer = text.split(" drew this card", 1)[0].split()[-1]
            self.drawer = self.names.index(drawer) if drawer in self.names else self.drawer
            self.phase = "complete"
        elif "no card to complete" in text:
            self.phase = "draw"
        else:
            self.phase = "enter" if any(word in text for word in _RUN_OVER) else "complete"

    def _drew(self, seat, text):
        found = _ABILITY.findall(text)
        if found and "draws the next card" in text:
            self._new_card(seat, found[-1])
        elif any(word in text for word in _RUN_OVER):
            self.phase = "enter"
        elif "card is unfinished" in text:
            self.phase = "act"
        else:
            self.phase = "draw"  # too exhausted to lead: another member draws

    def _entered(self, text):
        found = _ABILITY.findall(text)
        if found and "leads the party into" in text:
            self._new_card(0, found[-1])
            return True
        self.phase = "draw" if "in the dungeon already" in text else "enter"
        return False

    def _new_card(self, drawer, ability):
        self.ability, self.drawer, self.acted, self.phase = ability, drawer, set(), "act"
