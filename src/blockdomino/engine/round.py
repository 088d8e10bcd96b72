"""A round of Block: deal, find the leader, play or pass in turn, until domino or block.

Hands are secret; tiles not dealt stay face down out of play for the whole round, so
there is never a boneyard to draw from. On a turn a player who can play must play one
tile; one who cannot passes without drawing. The round ends at once when a player plays
their last tile (domino) or when nobody can play (blocked).

Only the draw game (``Rules.pot``, the ``draw`` preset) differs: the undealt tiles are a
face-down pot. A player who cannot play draws from it, one tile at a time, until a tile
fits (and must then be played) or the pot is empty; passes only with nothing playable
and an empty pot; the round is blocked when nobody can play and the pot is empty.

``Round`` is an immutable value: ``play``, ``draw`` and ``pass_turn`` return the next
position and leave the one a caller holds untouched.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from blockdomino.engine._values import maker, tuple_maker
from blockdomino.engine.chain import Chain, OpenEnd
from blockdomino.engine.dealing import (
    BY_INDEX,
    Seed,
    fair_draw,
    generator,
    highest_double,
    holder,
    shuffled_deal,
)
from blockdomino.engine.errors import IllegalMoveError, RulesError
from blockdomino.engine.events import Draw, Event, LeadDecision, Move, Pass, Play
from blockdomino.engine.playing import Playing
from blockdomino.engine.rules import FirstLeader, Opening, Rules
from blockdomino.engine.scoring import RoundResult, hand_total, score
from blockdomino.engine.tiles import DOUBLE_SIX, Tile, as_tile, parse_tiles

__all__ = [
    "Draw",
    "Event",
    "LeadDecision",
    "Move",
    "Pass",
    "Play",
    "Round",
    "Seed",
    "generator",
]
"""The round, with the event values it is told in (``blockdomino.engine.events``) re-exported."""


@dataclass(frozen=True, slots=True)
class Round(Playing):
    """One round: the hands, the chain, whose turn it is and what has happened.

    Seats are numbered 0, 1, 2, … clockwise round the table. ``hands[seat]`` is that
    seat's secret hand; ``out_of_play`` the tiles lying face down all round, or in the
    draw game the pot, top tile first (see ``pot``). A ``Game`` (``engine.game``).
    """

    rules: Rules
    hands: tuple[tuple[Tile, ...], ...]
    chain: Chain
    out_of_play: tuple[Tile, ...]
    turn: int
    leader: int
    history: tuple[Event, ...] = ()
    lead: LeadDecision | None = None
    _moves: tuple[Move, ...] | None = field(default=None, init=False, repr=False, compare=False)
    _over: bool | None = field(default=None, init=False, repr=False, compare=False)

    @classmethod
    def deal(
        cls,
        rules: Rules,
        seed: Seed | random.Random = None,
        *,
        leader: int | None = None,
        waive_opening: bool = False,
    ) -> Round:
        """Shuffle, deal and find the leader as the rules say; the same seed, the same round.

        ``seed`` may also be a ``random.Random`` to draw from (see ``generator``).
        ``leader`` sets the leader (the next round of a match); a deal that leaves that
        leader without the tile the rules open with is refused, as in ``from_hands``,
        unless ``waive_opening`` sets the rules' opening aside: that leader then opens
        with any tile.
        Otherwise the first-leader procedure of the rules runs: the fair draw, the highest
        double (reshuffling and dealing again while nobody holds a double), or the holder
        of [6|6].
        """
        rng = generator(seed)
        if leader is not None:
            _check_seat(rules, leader)
            hands, out = shuffled_deal(rules, rng)
            decision = LeadDecision(leader, given=True, opening_waived=waive_opening)
            position = cls._opening(rules, hands, out, decision)
            position._required_opening()
            return position
        if rules.first_leader is FirstLeader.FAIR_DRAW:
            decision = fair_draw(rules.players, rng)
            hands, out = shuffled_deal(rules, rng)
            return cls._opening(rules, hands, out, decision)
        redeals = 0
        while True:
            hands, out = shuffled_deal(rules, rng)
            if rules.first_leader is FirstLeader.DOUBLE_SIX:
                double: Tile | None = Tile(6, 6)
            else:
                double = highest_double(tile for hand in hands for tile in hand)
            if double is not None and double not in out:
                decision = LeadDecision(holder(hands, double), redeals=redeals, tile=double)
                return cls._opening(rules, hands, out, decision)
            redeals += 1

    @classmethod
    def _opening(
        cls,
        rules: Rules,
        hands: tuple[tuple[Tile, ...], ...],
        out: tuple[Tile, ...],
        decision: LeadDecision,
    ) -> Round:
        return cls(rules, hands, Chain(), out, decision.leader, decision.leader, (), decision)

    @classmethod
    def from_hands(
        cls,
        rules: Rules,
        hands: Sequence[Iterable[Tile] | str],
        *,
        leader: int = 0,
        chain: Chain | None = None,
        turn: int | None = None,
        out_of_play: Iterable[Tile] | None = None,
        waive_opening: bool = False,
    ) -> Round:
        """A hand-made position: any hands (tiles or text like ``"[1|4] [2|3]"``), one per seat.

        The chain (default empty) may be given for a position in mid-round; ``turn``
        defaults to the leader. Tiles in no hand and not in the chain lie out of play
        unless ``out_of_play`` says which; in the draw game they are the pot, drawn in
        the order given (by default, set order). The opening is not played here: with
        an empty chain the leader opens as the rules say (and must hold the tile to),
        unless ``waive_opening`` sets the rules' opening aside for a lesson: then with any
        tile.
        """
        parsed = tuple(
            parse_tiles(hand) if isinstance(hand, str) else _tiles_given(hand) for hand in hands
        )
        if len(parsed) != rules.players:
            raise RulesError("error.round.hands_count", given=len(parsed), players=rules.players)
        chain = chain or Chain()
        _check_seat(rules, leader)
        turn = leader if turn is None else turn
        _check_seat(rules, turn)
        if any(not hand for hand in parsed):
            raise RulesError("error.round.empty_hand")
        seen: set[Tile] = set()
        for tile in (*(t for hand in parsed for t in hand), *chain.tiles):
            if tile in seen:
                raise RulesError("error.round.tile_twice", tile=tile)
            seen.add(tile)
        out = None
        if out_of_play is not None:
            out = tuple(out_of_play) if rules.pot else tuple(sorted(out_of_play))
        if out is None:
            out = tuple(tile for tile in DOUBLE_SIX if tile not in seen)
        for tile in out:
            if tile in seen:
                raise RulesError("error.round.tile_twice", tile=tile)
            seen.add(tile)
        sorted_hands = tuple(tuple(sorted(hand)) for hand in parsed)
        decision = LeadDecision(leader, given=True, opening_waived=waive_opening)
        position = cls(rules, sorted_hands, chain, out, turn, leader, (), decision)
        if not chain.tiles:
            position._required_opening()
        return position

    # -- queries ---------------------------------------------------------------------

    @property
    def hand(self) -> tuple[Tile, ...]:
        """The hand of the seat to move."""
        return self.hands[self.turn]

    @property
    def dominoer(self) -> int | None:
        """The seat that played its last tile, if any."""
        for seat, hand in enumerate(self.hands):
            if not hand:
                return seat
        return None

    @property
    def pot(self) -> tuple[Tile, ...]:
        """The draw game's pot, top tile first: the undealt tiles not yet drawn.

        Empty in the Block presets, whose undealt tiles nobody ever draws.
        """
        return self.out_of_play if self.rules.pot else ()

    @property
    def is_blocked(self) -> bool:
        """Nobody can play: the chain is open, every hand still holds tiles but none a
        tile for either end, and (in the draw game) the pot is empty. A round that ended
        with a domino is not blocked, even if no tile left fits."""
        numbers = self.chain.numbers
        if numbers is None or self.pot or not all(self.hands):
            return False
        wanted = 1 << numbers[0] | 1 << numbers[1]
        for hand in self.hands:
            for tile in hand:
                if tile.mask & wanted:
                    return False
        return True

    @property
    def is_over(self) -> bool:
        """The round has ended: a player dominoed, or nobody can play."""
        over = self._over
        if over is None:
            over = not all(self.hands) or self.is_blocked
            _set_over(self, over)
        return over

    @property
    def result(self) -> RoundResult | None:
        """Winners and points once the round is over; ``None`` while it goes on."""
        if not self.is_over:
            return None
        return score(self.rules, self.totals, dominoer=self.dominoer)

    @property
    def totals(self) -> tuple[int, ...]:
        """Each seat's hand total: the pips on both halves of every tile left."""
        return tuple(hand_total(hand) for hand in self.hands)

    def legal_moves(self) -> tuple[Move, ...]:
        """Every play the seat to move may make: each fitting tile at each end it fits.

        Before the opening, the tiles the leader may open with. After the round, none.
        """
        moves = self._moves
        if moves is None:
            moves = self._find_moves()
            _set_moves(self, moves)
        return moves

    def _find_moves(self) -> tuple[Move, ...]:
        if self.is_over:
            return ()
        if not self.chain.tiles:
            return tuple([_move((tile, None)) for tile in self._openers()])
        ends = self.chain.open_ends
        return tuple(
            [
                _move((tile, end))
                for tile in self.hands[self.turn]
                for end in ends
                if tile.mask >> end.pips & 1
            ]
        )

    def can_play(self) -> bool:
        """Whether the seat to move has a legal play."""
        return bool(self.legal_moves())

    def can_draw(self) -> bool:
        """Whether the seat to move must draw: the draw game, nothing fits, the pot has tiles."""
        return bool(self.pot) and not self.is_over and not self.legal_moves()

    def _openers(self) -> tuple[Tile, ...]:
        required = self._required_opening()
        return self.hand if required is None else (required,)

    def _required_opening(self) -> Tile | None:
        """The tile the leader must open with: their highest double, or [6|6]; else none.

        A leader without that tile cannot open: the position is refused. Nothing is
        required where the opening rule was waived.
        """
        if self.lead is not None and self.lead.opening_waived:
            return None
        hand = self.hands[self.turn]
        if self.rules.opening is Opening.DOUBLE_SIX:
            if Tile(6, 6) not in hand:
                raise RulesError("error.round.leader_lacks_double_six", seat=self.turn)
            return Tile(6, 6)
        if self.rules.opening is Opening.HIGHEST_DOUBLE:
            double = highest_double(hand)
            if double is None:
                raise RulesError("error.round.leader_has_no_double", seat=self.turn)
            return double
        return None

    # -- actions ---------------------------------------------------------------------

    def play(self, move: Move | Tile, end: OpenEnd | None = None) -> Round:
        """The position after the seat to move places a tile.

        Takes a ``Move`` from ``legal_moves()``, or a tile and (where it fits two
        places) the end. An illegal play raises ``IllegalMoveError``; nothing changes.
        """
        tile, end = (move.tile, move.end) if isinstance(move, Move) else (move, end)
        if self.is_over:
            raise IllegalMoveError("error.round.over")
        hand = self.hands[self.turn]
        if tile not in hand:
            raise IllegalMoveError("error.round.not_in_hand", tile=tile)
        chain = self.chain
        if not chain.tiles:
            self._check_opening(tile)
        elif end is None:
            fitting = chain.ends_for(tile)
            end = fitting[0] if len(fitting) == 1 else None
        placed = chain.play(tile, end)
        seat = self.turn
        hands = list(self.hands)
        index = hand.index(tile)
        hands[seat] = hand[:index] + hand[index + 1 :]
        return _round(
            self.rules,
            tuple(hands),
            placed,
            self.out_of_play,
            self.rules.next_seat(seat),
            self.leader,
            (*self.history, _play((seat, tile, end))),
            self.lead,
            None,
            None,
        )

    def _check_opening(self, tile: Tile) -> None:
        required = self._required_opening()
        if required is None or tile is required:
            return
        if self.rules.opening is Opening.DOUBLE_SIX:
            raise IllegalMoveError("error.round.opening_double_six")
        raise IllegalMoveError("error.round.opening_highest_double", required=required)

    def _refuse_with_moves(self, key: str) -> None:
        """Refuse a pass or a draw while the seat to move has a legal play (``key`` says
        which): a player who can play must play."""
        if self.is_over:
            raise IllegalMoveError("error.round.over")
        moves = self.legal_moves()
        if moves:
            playable = tuple(dict.fromkeys(move.tile for move in moves))
            raise IllegalMoveError(key, tiles=playable)

    def pass_turn(self) -> Round:
        """The position after the seat to move passes, without drawing.

        Refused with ``IllegalMoveError`` while that seat has a legal play: a player who
        can play must play; in the draw game also while the pot has tiles to draw.
        """
        self._refuse_with_moves("error.round.pass_with_move")
        if self.pot:
            raise IllegalMoveError("error.round.pass_with_pot", count=len(self.pot))
        return _round(
            self.rules,
            self.hands,
            self.chain,
            self.out_of_play,
            self.rules.next_seat(self.turn),
            self.leader,
            (*self.history, Pass(self.turn)),
            self.lead,
            None,
            False,
        )

    def draw(self) -> Round:
        """The position after the seat to move draws the pot's top tile (the draw game).

        The seat stays to move: it draws again while nothing fits and the pot has
        tiles, and must play a tile once one fits. Refused with ``IllegalMoveError``
        while a tile fits, when the pot is empty, and in Block, where nobody ever draws.
        """
        if not self.rules.pot:
            raise IllegalMoveError("error.round.no_pot")
        self._refuse_with_moves("error.round.draw_with_move")
        if not self.pot:
            raise IllegalMoveError("error.round.pot_empty")
        seat, tile = self.turn, self.out_of_play[0]
        hands = list(self.hands)
        hands[seat] = tuple(sorted((*hands[seat], tile), key=BY_INDEX))
        return _round(
            self.rules,
            tuple(hands),
            self.chain,
            self.out_of_play[1:],
            seat,
            self.leader,
            (*self.history, Draw(seat, tile)),
            self.lead,
            None,
            None,
        )

    def _repr_svg_(self) -> str:
        """The diagram Jupyter shows (an ``svg.SvgImage``, which is text)."""
        from blockdomino import svg  # presentation, imported lazily

        return svg.table(self)

    # -- the game interface (``engine.game``) ------------------------------------------

    @property
    def current_round(self) -> Round:
        """The round being played: this one."""
        return self

    def returns(self) -> tuple[int, ...]:
        """Each seat's points: its award once the round is over (``result``), else 0."""
        result = self.result
        return (0,) * self.rules.players if result is None else result.points


def _tiles_given(hand: object) -> tuple[Tile, ...]:
    """A hand given as tiles, each checked to be one (``1`` or ``None`` is no tile)."""
    return tuple(as_tile(tile) for tile in (hand if isinstance(hand, Iterable) else (hand,)))


def _check_seat(rules: Rules, seat: int) -> None:
    if not 0 <= seat < rules.players:
        raise RulesError("error.round.bad_seat", seat=seat, players=rules.players)


_round = maker(Round)
_move = tuple_maker(Move)
_play = tuple_maker(Play)
_set_moves = Round.__dict__["_moves"].__set__
_set_over = Round.__dict__["_over"].__set__
