"""Reading the other seats' plays: how likely each imagined deal makes what they chose.

A pass says for sure that a seat holds no tile showing an end. A play says less, but
says it often: a player who had [5|5] and played [6|2] instead probably has no more
fives. The reading coach weighs every imagined deal by how likely the plays the other
seats chose are if they held those hands (Bayes' rule: the deals agree with what was
seen as before, and those that explain the choices better count for more).

The model of choice is a logit: a seat picks each of its legal plays with probability
proportional to ``exp(w · f)``, where ``f`` are the play's *features* (``FEATURES``):
the tile's pips, whether it is a double, how many of the seat's other tiles show the
number it leaves open (its followers), and whether it closes that end (every other tile
showing the number is in the chain or in the seat's own hand). Players are not all
alike, so each seat is one of a few *kinds* (the project's own players), each with its
weights ``w`` and a prior share, fitted by maximum likelihood on self-play
(``coach.fit``; the figures live in ``choice.json``). A seat's kind is not known: the
chance of its plays is the mixture over kinds.

Which plays are read: every play of a seat that another seat sees, but for the opening
where the rules fix the tile; in the draw game only the plays after the seat's last
draw (before it, the hand then held tiles nobody saw it draw). A seat's hand when it
chose is its hand now with the tiles it played since.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from importlib.resources import files
from operator import mul
from typing import Final, NamedTuple

from blockdomino.analysis.coach.knowledge import View
from blockdomino.engine.bits import BIT, DOUBLE, HIGH, LOW, PIPS, SHOWING
from blockdomino.engine.events import Draw, Play
from blockdomino.engine.rules import Opening
from blockdomino.engine.tiles import Tile

FEATURES: Final = ("pips", "double", "followers", "closes")
"""The features of a play, in the order of a kind's weights."""

OPENING: Final = -1
"""The number a tile joins when it opens the chain: none."""

MODEL_FILE: Final = "choice.json"
"""The fitted model of choice, next to this module."""

Features = tuple[int, int, int, int]


class Choice(NamedTuple):
    """One play a seat made, as every other seat can read it.

    ``ends``: the two numbers open then (``None`` before the opening); ``tile`` the
    tile's index; ``joined`` the number it joined (``OPENING``); ``later`` the tiles
    the seat played after it; ``chain`` the tiles in the chain before it.
    """

    ends: tuple[int, int] | None
    tile: int
    joined: int
    later: int
    chain: int


@dataclass(frozen=True, slots=True)
class Kind:
    """One kind of player: its weights (one per feature) and its prior share."""

    name: str
    weights: tuple[float, ...]
    prior: float
    followed: bool = False
    """Whether the search may follow a seat sure to be of this kind (``coach.following``;
    the fitting script decides it from the weights)."""


@dataclass(frozen=True, slots=True)
class ChoiceModel:
    """The kinds of player a seat may be."""

    kinds: tuple[Kind, ...]
    tables: tuple[tuple[float, ...], ...] = field(init=False, repr=False, compare=False)
    certain: tuple[float, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "tables", tuple(scores(kind.weights) for kind in self.kinds))
        object.__setattr__(self, "certain", tuple(1.0 for _ in self.kinds))

    @classmethod
    def from_data(cls, data: Mapping[str, object]) -> ChoiceModel:
        """The model from ``choice.json``'s contents."""
        kinds = data["kinds"]
        assert isinstance(kinds, list)
        return cls(
            tuple(
                Kind(
                    kind["name"],
                    tuple(float(w) for w in kind["weights"]),
                    float(kind["prior"]),
                    bool(kind.get("followed", False)),
                )
                for kind in kinds
            )
        )


@cache
def choice_model() -> ChoiceModel:
    """The fitted model kept in the package (``coach.fit`` writes it)."""
    text = files("blockdomino.analysis.coach").joinpath(MODEL_FILE).read_text("utf-8")
    return ChoiceModel.from_data(json.loads(text))


def features(hand: int, chain: int, tile: int, joined: int) -> Features:
    """The features of playing ``tile`` from ``hand`` at the end showing ``joined``."""
    rest = hand ^ BIT[tile]
    if joined == OPENING:
        followers = (rest & (SHOWING[LOW[tile]] | SHOWING[HIGH[tile]])).bit_count()
        return (PIPS[tile], DOUBLE[tile], followers, 0)
    left_open = PIPS[tile] - joined
    followers = (rest & SHOWING[left_open]).bit_count()
    closes = not SHOWING[left_open] & ~(chain | hand)
    return (PIPS[tile], DOUBLE[tile], followers, int(closes))


def code(row: Features) -> int:
    """A play's features as one small number, to look its score up (``scores``)."""
    pips, double, followers, closes = row
    return ((pips * 2 + double) * 8 + followers) * 2 + closes


CODES: Final = 13 * 2 * 8 * 2
"""How many codes there are: pips 0–12, double or not, 0–7 followers, closes or not."""


def scores(weights: tuple[float, ...]) -> tuple[float, ...]:
    """``exp(w · f)`` for every code's features ``f``."""
    table = [0.0] * CODES
    for pips in range(13):
        for double in (0, 1):
            for followers in range(8):
                for closes in (0, 1):
                    row = (pips, double, followers, closes)
                    dot = sum(w * f for w, f in zip(weights, row, strict=True))
                    table[code(row)] = math.exp(dot)
    return tuple(table)


Option = tuple[int, int, int, bool]
"""A play a seat may have had at a choice: its tile's code with no follower and not
closing (``code`` of its pips and double: each follower adds 2, closing 1), the other
tiles that would follow it, the tiles that must all be seen for it to close its end,
and whether it is the play chosen."""

Offer = tuple[tuple[int, dict[int, Option]], ...]
"""The plays a seat may have had at a choice, end by end: the tiles that fit the end,
and each one's play there (``Option``), by the tile (a set of one)."""

EVERY_TILE: Final = sum(BIT)
"""The set of all the tiles."""

NEVER_CLOSED: Final = 1 << len(BIT)
"""The tiles an opening must see to close an end: one past the 28, never seen."""


def options(
    chain: int, ends: tuple[int, int] | None, chosen: tuple[int, int], held: int = EVERY_TILE
) -> Offer:
    """The plays a hand of tiles among ``held`` could offer at ``ends`` (``None``:
    opening the chain, as at one end) with ``chain`` laid."""
    free = held & ~chain
    if ends is None:
        return ((free, {BIT[tile]: _option(tile, OPENING, chosen) for tile in _tiles(free)}),)
    return tuple(
        (
            SHOWING[number] & free,
            {BIT[tile]: _option(tile, number, chosen) for tile in _tiles(SHOWING[number] & free)},
        )
        for number in ends
    )


def _tiles(tiles: int) -> list[int]:
    """The indices of a set of tiles, in order."""
    return [tile for tile in range(len(BIT)) if tiles & BIT[tile]]


def _option(tile: int, joined: int, chosen: tuple[int, int]) -> Option:
    """Playing ``tile`` at the end showing ``joined`` (``OPENING``) as an ``Option``."""
    if joined == OPENING:
        followed, closing = SHOWING[LOW[tile]] | SHOWING[HIGH[tile]], NEVER_CLOSED
    else:
        followed = closing = SHOWING[PIPS[tile] - joined]
    base = code((PIPS[tile], DOUBLE[tile], 0, 0))
    return (base, followed & ~BIT[tile], closing, (tile, joined) == chosen)


def choice_chances(
    model: ChoiceModel,
    hand: int,
    chain: int,
    ends: tuple[int, int] | None,
    chosen: tuple[int, int],
    memo: dict[tuple[int, ...], tuple[float, ...]] | None = None,
) -> tuple[float, ...]:
    """For each kind, the chance it picks ``chosen`` among the legal plays of ``hand``.

    ``memo`` keeps the chances per chosen code and codes of the plays, as many hands
    share them.
    """
    return offered_chances(model, hand, chain, options(chain, ends, chosen), memo)


def offered_chances(
    model: ChoiceModel,
    hand: int,
    chain: int,
    offer: Offer,
    memo: dict[tuple[int, ...], tuple[float, ...]] | None = None,
) -> tuple[float, ...]:
    """``choice_chances``, the plays a hand could offer listed once (``options``): the
    features are worked out inline (as ``features`` and ``code`` do), as this runs for
    every imagined deal; the plays in the order the rules list them, end by end."""
    coded = [-1]  # the chosen play's code, then every play's
    elsewhere = ~(chain | hand)
    for fitting, by_tile in offer:
        fitting &= hand
        while fitting:
            bit = fitting & -fitting
            fitting ^= bit
            base, followed, closing, chosen = by_tile[bit]
            number_code = base + 2 * (hand & followed).bit_count() + (not closing & elsewhere)
            if chosen:
                coded[0] = number_code
            coded.append(number_code)
    if len(coded) < 3:
        return model.certain
    key = tuple(coded)
    found = None if memo is None else memo.get(key)
    if found is None:
        picked, codes = coded[0], coded[1:]
        found = tuple(
            [table[picked] / sum(map(table.__getitem__, codes)) for table in model.tables]
        )
        if memo is not None:
            memo[key] = found
    return found


def choices(view: View) -> dict[int, tuple[Choice, ...]]:
    """Each other seat's plays that can be read (see the module's text), oldest first."""
    read_opening = view.rules.opening is Opening.ANY_TILE
    played = [(time, event) for time, event in enumerate(view.history) if isinstance(event, Play)]
    chain = sum(BIT[tile.index] for tile in view.chain.tiles)
    for _, event in played:
        chain ^= BIT[event.tile.index]
    last_draw = {
        event.seat: time for time, event in enumerate(view.history) if isinstance(event, Draw)
    }
    ends = _starting_ends(view, played)
    found: dict[int, list[Choice]] = {}
    for time, event in played:
        seat, tile = event.seat, event.tile.index
        joined = OPENING if event.end is None else event.end.pips
        readable = seat != view.seat and time > last_draw.get(seat, -2) + 1
        if readable and (joined != OPENING or read_opening):
            later = sum(
                BIT[other.tile.index]
                for when, other in played
                if when > time and other.seat == seat
            )
            found.setdefault(seat, []).append(Choice(ends, tile, joined, later, chain))
        chain |= BIT[tile]
        ends = _after(ends, tile, joined)
    return {seat: tuple(seat_choices) for seat, seat_choices in found.items()}


def _starting_ends(view: View, played: list[tuple[int, Play]]) -> tuple[int, int] | None:
    """The ends before the history: none when it opens the chain, else taken back."""
    numbers = view.chain.numbers
    if numbers is None or (played and played[0][1].end is None):
        return None
    ends = list(numbers)
    for _, event in reversed(played):
        assert event.end is not None
        ends[ends.index(event.tile.other(event.end.pips))] = event.end.pips
    return (ends[0], ends[1])


def _after(ends: tuple[int, int] | None, tile: int, joined: int) -> tuple[int, int]:
    """The two numbers open after ``tile`` joined the end showing ``joined``."""
    if ends is None or joined == OPENING:
        return (LOW[tile], HIGH[tile])
    left_open = PIPS[tile] - joined
    return (left_open, ends[1]) if ends[0] == joined else (ends[0], left_open)


class Read(NamedTuple):
    """A read play as the hands are weighed by it: the tiles the seat held then beyond
    those it holds now (``then``), the chain then, the tiles that fit each end (for
    the opening, ``first`` every tile, ``second`` none) and the plays it may have had.
    A hand with fewer than two plays there had no choice: the play says nothing."""

    then: int
    chain: int
    first: int
    second: int
    offer: Offer


class Reader:
    """How likely the other seats' plays are under each imagined deal of their hands.

    ``priors``: for some seats, their own shares of the kinds (what was learnt of them
    in earlier rounds, ``coach.style``) in place of the model's.
    """

    def __init__(
        self,
        view: View,
        model: ChoiceModel | None = None,
        priors: Mapping[int, tuple[float, ...]] | None = None,
    ) -> None:
        self.model = model or choice_model()
        self.choices = choices(view)
        shares = tuple(kind.prior for kind in self.model.kinds)
        self.priors = {seat: (priors or {}).get(seat, shares) for seat in self.choices}
        self._seen: dict[int, dict[int, tuple[float, ...]]] = {seat: {} for seat in self.choices}
        self._chances: dict[tuple[int, ...], tuple[float, ...]] = {}
        self._reads = {
            seat: tuple(_read(view, seat, choice) for choice in seat_choices)
            for seat, seat_choices in self.choices.items()
        }

    @property
    def reads(self) -> bool:
        """Whether any seat made a play that says something (else every deal weighs 1)."""
        return bool(self.choices)

    def weight(self, deal: Mapping[int, tuple[Tile, ...]]) -> float:
        """The chance of every read play, were ``deal`` the hands (up to one factor)."""
        weight = 1.0
        for seat in self.choices:
            weight *= self.seat_chance(seat, hand_bits(deal[seat]))
        return weight

    def seat_chance(self, seat: int, hand: int) -> float:
        """The chance of ``seat``'s read plays had it held ``hand`` now, over its kinds."""
        chance: float = sum(map(mul, self.priors[seat], self.kind_chances(seat, hand)))
        return chance

    def kind_chances(self, seat: int, hand: int) -> tuple[float, ...]:
        """For each kind, the chance of ``seat``'s read plays had it held ``hand`` now
        (the product of each read play's chance), remembered per hand."""
        seen = self._seen[seat]
        found = seen.get(hand)
        if found is None:
            certain = found = self.model.certain
            for read in self._reads[seat]:
                held = hand | read.then
                if (held & read.first).bit_count() + (held & read.second).bit_count() < 2:
                    continue
                chances = offered_chances(self.model, held, read.chain, read.offer, self._chances)
                found = chances if found is certain else tuple(map(mul, found, chances))
            seen[hand] = found
        return found

    def evidence(
        self, deals: Sequence[Mapping[int, tuple[Tile, ...]]]
    ) -> dict[int, tuple[float, ...]]:
        """For each seat read, the chance of its plays under each kind, averaged over
        ``deals`` drawn fairly (each consistent deal equally likely): how well each kind
        explains what the seat chose, whatever it held."""
        found = {}
        for seat in self.choices:
            totals = [0.0 for _ in self.model.kinds]
            for deal in deals:
                products = self.kind_chances(seat, hand_bits(deal[seat]))
                totals = [total + product for total, product in zip(totals, products, strict=True)]
            found[seat] = tuple(total / len(deals) for total in totals)
        return found


def _read(view: View, seat: int, choice: Choice) -> Read:
    """``seat``'s ``choice`` as a hand is weighed by it (``Read``)."""
    then = choice.later | BIT[choice.tile]
    held = then | sum(BIT[tile.index] for tile in view.unseen if view.could_hold(seat, tile))
    offer = options(choice.chain, choice.ends, _chosen(choice), held)
    second = offer[1][0] if len(offer) > 1 else 0
    return Read(then, choice.chain, offer[0][0], second, offer)


def _chosen(choice: Choice) -> tuple[int, int]:
    """The play ``choice`` made: its tile and the number it joined."""
    return (choice.tile, choice.joined)


def hand_bits(hand: tuple[Tile, ...]) -> int:
    """A hand as a set of tile indices in an int (bit ``i`` is tile ``i``)."""
    bits = 0
    for tile in hand:
        bits |= BIT[tile.index]
    return bits
