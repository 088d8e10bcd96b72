"""Rebuilding a description's chain by legal play, and diagnosing where it goes wrong.

The first listed tile opens the chain; every other tile is placed by its join, in the
order the joins are listed, by legal play; the continuations listed must be exactly the
chain's two open ends, each with the number it shows, in canonical order (only a
different order is a warning rather than an error).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from blockdomino.engine.chain import Chain, Join, OpenEnd, Piece, Side
from blockdomino.engine.errors import IllegalMoveError
from blockdomino.engine.tiles import Tile
from blockdomino.verify.findings import Finding, Problem, _finding
from blockdomino.verify.reading import _Described


def sides_of(tile: Tile) -> tuple[Side, Side]:
    """The sides a placed tile has: line A and line B of a double, else higher and lower end."""
    return (Side.LINE_A, Side.LINE_B) if tile.is_double else (Side.HIGHER_END, Side.LOWER_END)


def number_at(tile: Tile, side: Side) -> int:
    """The number a tile shows at one of its sides (a double shows its number on both lines)."""
    return tile.high if side is Side.HIGHER_END else tile.low


def touching_side(tile: Tile, number: int) -> Side:
    """The side with which ``tile`` joins an end showing ``number``: a double's line A,
    else the end of the tile that shows the number."""
    if tile.is_double:
        return Side.LINE_A
    return Side.HIGHER_END if number == tile.high else Side.LOWER_END


def _listing_findings(described: _Described) -> list[Finding]:
    """Tiles listed twice, placed twice, never joined, joined but not listed, or out of order."""
    tiles = described.tiles
    listed = set(tiles)
    findings: list[Finding] = []
    if len(listed) < len(tiles):
        counts = Counter(tiles)
        findings.extend(
            _finding(Problem.TILE_LISTED_TWICE, tile=tile)
            for tile in dict.fromkeys(tiles)
            if counts[tile] > 1
        )
    placed = {tiles[0]}
    joined: list[Tile] = []
    for join in described.joins:
        findings.extend(
            _finding(Problem.TILE_NOT_LISTED, tile=tile, join=join)
            for tile in dict.fromkeys((join.chain_tile, join.tile))
            if tile not in listed
        )
        if join.tile in placed:
            findings.append(_finding(Problem.TILE_PLACED_TWICE, tile=join.tile, join=join))
        else:
            placed.add(join.tile)
            joined.append(join.tile)
    findings.extend(
        _finding(Problem.TILE_NOT_JOINED, tile=tile)
        for tile in dict.fromkeys(tiles[1:])
        if tile not in placed
    )
    listed_order = [tile for tile in dict.fromkeys(tiles) if tile in placed]
    joined_order = [tile for tile in (tiles[0], *joined) if tile in listed]
    if listed_order != joined_order:
        findings.append(
            _finding(Problem.ORDER_MISMATCH, tiles=tuple(listed_order), joined=tuple(joined_order))
        )
    return findings


def _join_step(chain: Chain, join: Join) -> tuple[Chain | None, list[Finding]]:
    """Make one join by legal play: the chain after it (``None`` if it cannot be made)."""
    if join.chain_tile not in chain:
        return None, [_finding(Problem.NOT_YET_PLACED, tile=join.chain_tile, join=join)]
    for tile, side in ((join.chain_tile, join.chain_side), (join.tile, join.side)):
        if side not in sides_of(tile):
            findings = [
                _finding(
                    Problem.NO_SUCH_SIDE, tile=tile, side=side, sides=sides_of(tile), join=join
                )
            ]
            return None, findings
    try:
        end = chain.end(join.chain_tile, join.chain_side)
    except IllegalMoveError:
        problem = Problem.BRANCH if join.chain_tile.is_double else Problem.SIDE_NOT_FREE
        return None, [_finding(problem, tile=join.chain_tile, side=join.chain_side, join=join)]
    number = number_at(join.tile, join.side)
    if number != end.pips:
        mismatch = _finding(
            Problem.NUMBERS_MISMATCH,
            join=join,
            chain_tile=join.chain_tile,
            chain_side=join.chain_side,
            chain_number=end.pips,
            tile=join.tile,
            side=join.side,
            number=number,
        )
        return None, [mismatch]
    findings = []
    if join.tile.is_double and join.side is not Side.LINE_A:
        findings.append(
            _finding(
                Problem.DOUBLE_JOINS_LINE_A,
                join=join,
                tile=join.tile,
                given=join.side,
                side=Side.LINE_A,
                free=Side.LINE_B,
            )
        )
    return chain.play(join.tile, end), findings


def _rebuild(described: _Described) -> tuple[Chain | None, list[Finding]]:
    """The chain placed by legal play, join by join; stops at the first join it cannot make.

    A join whose tiles the listing checks already found fault with stops it silently.
    """
    listed = set(described.tiles)
    chain: Chain | None = Chain().play(described.tiles[0])
    findings: list[Finding] = []
    for join in described.joins:
        if chain is None or join.tile in chain or not {join.tile, join.chain_tile} <= listed:
            return None, findings
        chain, made = _join_step(chain, join)
        findings.extend(made)
    return chain, findings


def _continuation_findings(chain: Chain, listed: Sequence[OpenEnd]) -> list[Finding]:
    """The listed continuations against the chain's two open ends and their numbers."""
    if tuple(listed) == chain.open_ends:
        return []
    actual = {(end.tile, end.side): end for end in chain.open_ends}
    seen: set[tuple[Tile, Side]] = set()
    findings = []
    for end in listed:
        key = (end.tile, end.side)
        if key in seen:
            findings.append(_finding(Problem.CONTINUATION_TWICE, end=end))
        elif key not in actual:
            findings.append(_finding(Problem.NOT_LEGAL, end=end))
        elif actual[key].pips != end.pips:
            findings.append(
                _finding(
                    Problem.WRONG_NUMBER,
                    tile=end.tile,
                    side=end.side,
                    shown=end.pips,
                    actual=actual[key].pips,
                )
            )
        seen.add(key)
    findings.extend(
        _finding(Problem.MISSING_CONTINUATION, end=end)
        for key, end in actual.items()
        if key not in seen
    )
    if not findings and tuple(listed) != chain.open_ends:
        findings.append(
            _finding(Problem.NOT_CANONICAL, given=tuple(listed), canonical=chain.open_ends)
        )
    return findings


def _laid(tile: Tile, number: int, side: Side, *, rightwards: bool) -> Piece | None:
    """``tile`` joining an end that shows ``number`` with its ``side``, as it then lies in
    the line, right or left of that end; ``None`` unless that is legal play: a half of the
    tile shows the number, and ``side`` is the side that touches (a double's line A)."""
    if not tile.has(number) or side is not touching_side(tile, number):
        return None
    other = tile.other(number)
    free = Side.LINE_B if tile.is_double else touching_side(tile, other)
    if rightwards:
        return Piece(tile, number, other, side, free)
    return Piece(tile, other, number, free, side)


def _walk(described: _Described) -> Chain | None:
    """The chain the joins build from the first listed tile, each join checked as legal
    play: its chain tile and side are one of the two open ends, its tile is not yet in the
    chain and touches that end with the side named, showing the end's number. ``None`` if
    a join is not so.

    The tiles are laid out directly, outward from the opening tile, rather than played
    one at a time with ``Chain.play``: a fraction of the work, the same chain (the tests
    check both against each other).
    """
    opening = Chain().play(described.tiles[0]).line[0]
    before: list[Piece] = []  # the tiles left of the opening tile, nearest first
    after: list[Piece] = []  # and those right of it
    placed = [opening.tile]
    for join in described.joins:
        leftmost = before[-1] if before else opening
        rightmost = after[-1] if after else opening
        if join.tile in placed:
            return None
        if join.chain_tile is rightmost.tile and join.chain_side is rightmost.right_side:
            piece, pieces = _laid(join.tile, rightmost.right, join.side, rightwards=True), after
        elif join.chain_tile is leftmost.tile and join.chain_side is leftmost.left_side:
            piece, pieces = _laid(join.tile, leftmost.left, join.side, rightwards=False), before
        else:
            return None
        if piece is None:
            return None
        pieces.append(piece)
        placed.append(join.tile)
    return Chain(line=(*reversed(before), opening, *after), tiles=tuple(placed))


def _check(described: _Described) -> tuple[tuple[Finding, ...], Chain | None]:
    """Every finding about a description, and the chain it rebuilds to (if it does).

    A description is right exactly when it states what ``describe`` would of the chain
    its joins build by legal play: the same joins (``_walk`` makes them as described),
    the same tiles in order, the same continuations. That comparison settles most
    descriptions; only one that differs is examined finding by finding.
    """
    chain = _walk(described)
    if chain is not None and chain.tiles == described.tiles and chain.open_ends == described.ends:
        return (), chain
    return _diagnose(described)


def _diagnose(described: _Described) -> tuple[tuple[Finding, ...], Chain | None]:
    """Every finding about a description, and the chain it rebuilds to (if it does).

    The continuations are compared only with a chain rebuilt without a fault and holding
    every listed tile: otherwise they would only repeat the fault already found.
    """
    findings = _listing_findings(described)
    chain, made = _rebuild(described)
    findings.extend(made)
    if chain is not None and not made and set(chain.tiles) == set(described.tiles):
        findings.extend(_continuation_findings(chain, described.ends))
    return tuple(findings), chain
