"""Sentences of worked examples as authors write them, right or with one planted fault.

Each strategy draws a short text in fi, sv or en: a chain and the open ends named beside
it, a hand and the pips counted for it, or the hands left after a domino and the points
the winner scores. Numbers are written in digits or, up to twelve, as words; the styles
are those of real leaflets (commas, colons, brackets, "so", "så", "joten", points
named before or after the winner). Each text comes with the kinds of what is wrong in
it: the fault planted, and in a game that scores nothing (``block``, ``partnership``,
``draw``) any points awarded.
"""

from __future__ import annotations

from dataclasses import dataclass

from hypothesis import strategies as st

from blockdomino.engine.tiles import DOUBLE_SIX, Tile

NUMBER_WORDS = {
    "fi": [
        "nolla",
        "yksi",
        "kaksi",
        "kolme",
        "neljä",
        "viisi",
        "kuusi",
        "seitsemän",
        "kahdeksan",
        "yhdeksän",
        "kymmenen",
        "yksitoista",
        "kaksitoista",
    ],
    "sv": [
        "noll",
        "ett",
        "två",
        "tre",
        "fyra",
        "fem",
        "sex",
        "sju",
        "åtta",
        "nio",
        "tio",
        "elva",
        "tolv",
    ],
    "en": [
        "zero",
        "one",
        "two",
        "three",
        "four",
        "five",
        "six",
        "seven",
        "eight",
        "nine",
        "ten",
        "eleven",
        "twelve",
    ],
}
"""Nought to twelve as words, written here apart from the reader's own list."""
AND = {"fi": "ja", "sv": "och", "en": "and"}
NAMES = ("Anna", "Ben", "Cecilia", "Daniel")
TO = {"Anna": "Annalle", "Ben": "Benille", "Cecilia": "Cecilialle", "Daniel": "Danielille"}
"""Each name as Finnish says "to Anna"."""
LABELS = {
    "fi": ("Ketju: ", "Laatat: ", "Ketju on nyt ", ""),
    "sv": ("Kedjan: ", "Brickor: ", "Så här ser kedjan ut: ", ""),
    "en": ("The chain: ", "Tiles: ", "The line of play is ", ""),
}

ENDS = {
    "fi": (
        "Päihin voi liittää silmäluvut {a} ja {b}.",
        "Päät ovat nyt {a} ja {b}, joten {name} voi pelata {tile}.",
        "Ketjun vapaat silmäluvut ovat {a} ja {b}.",
    ),
    "sv": (
        "De öppna ändarna är {a} och {b}.",
        "Ändarna är nu {a} och {b}, så {name} kan lägga en bricka med {b}.",
        "Kedjans öppna ändar visar {a} och {b}.",
    ),
    "en": (
        "The open ends are {a} and {b}.",
        "The open ends are now {a} and {b}, so {name} can play {tile}.",
        "The ends show {a} and {b}.",
    ),
}
PIPS = {
    "fi": (
        "Kädessä on {tiles}: yhteensä {n} silmää.",
        "Pelaajalle 2 jää {tiles} ({n} silmää).",
        "Pelaajalla 2 on kädessä {tiles}, {n} silmää.",
        "Pelaajalla 2 on jäljellä {tiles}, eli {n} silmää.",
        "{name} laskee kätensä: {tiles}, yhteensä {n} silmää.",
        "{N} silmää: {tiles}.",
    ),
    "sv": (
        "Spelare 2 har {tiles} kvar, {n} prickar.",
        "Spelare 2 har {tiles} på handen: {n} prickar sammanlagt.",
        "Handen {tiles} ({n} prickar).",
        "{N} prickar: {tiles}.",
        "{name} har {n} prickar på handen: {tiles}.",
    ),
    "en": (
        "{name} has {tiles} left: {n} pips in all.",
        "{name} holds {tiles} ({n} pips).",
        "{name} has {n} pips in {tiles}.",
        "{name} has {tiles} in hand, so {n} pips.",
        "{tiles}: {n} pips.",
    ),
}
POINTS = {
    "fi": (
        "{w} pelasi viimeisen laattansa. {to_a} jää {ta} ({na} silmää) ja {to_b} {tb} "
        "({nb} silmää), joten {w} saa {p} pistettä.",
        "Jos yhdelle vastustajalle jää {na} silmää ja toiselle {nb} silmää, dominoaja saa "
        "{p} pistettä.",
        "{w} saa {p} pistettä, kun vastustajille jää {na} ja {nb} silmää.",
        "Vastustajille jää {na} ja {nb} silmää, joten {p} pistettä menee {to_w}.",
        "{to_a} jää {ta} ({na} silmää) ja {to_b} {tb}, joten {to_w} tulee {p} pistettä.",
    ),
    "sv": (
        "{w} går ut. {a} har {ta} kvar ({na} prickar) och {b} har {tb} kvar, så {w} får {p} poäng.",
        "Om en motståndare har {na} prickar kvar och en annan {nb} prickar får vinnaren {p} poäng.",
        "{p} poäng går till {w}, för motståndarna har {na} och {nb} prickar kvar.",
        "{a} har {na} prickar kvar och {b} har {nb}, så får {w} {p} poäng.",
    ),
    "en": (
        "{w} went out. {a} holds {ta} ({na} pips) and {b} holds {tb} ({nb} pips), so {w} "
        "scores {p} points.",
        "{a} has {na} pips left and {b} has {nb} pips left, so {w} scores {p} points.",
        "{p} points go to {w}: {a} is left with {na} pips and {b} with {nb} pips.",
        "So {w} gets {p} points, as {a} holds {ta} ({na} pips) and {b} holds {tb}.",
    ),
}


@dataclass(frozen=True)
class Written:
    """A text drawn, and the kinds of what is wrong in it (none: it is right)."""

    text: str
    faults: tuple[str, ...]


def spelled(draw: st.DrawFn, value: int, lang: str) -> str:
    """``value`` in digits, or as a word when it is at most twelve."""
    if value <= 12 and draw(st.booleans()):
        return NUMBER_WORDS[lang][value]
    return str(value)


def listed(tiles: list[Tile], lang: str, draw: st.DrawFn) -> str:
    """Tiles of a hand as a sentence lists them: "[4|4], [1|2] ja [0|5]", "[4|4] + [1|2]"."""
    written = [str(tile) for tile in tiles]
    if len(written) == 1:
        return written[0]
    if draw(st.booleans()):
        return " + ".join(written)
    return ", ".join(written[:-1]) + f" {AND[lang]} {written[-1]}"


def wrong(draw: st.DrawFn, right: int, *, besides: tuple[int, ...] = ()) -> int:
    """A number other than ``right`` (and ``besides``), near it."""
    return draw(
        st.sampled_from(
            [
                value
                for value in range(right - 3, right + 4)
                if value >= 0 and value != right and value not in besides
            ]
        )
    )


@st.composite
def lines_of_play(draw: st.DrawFn) -> list[tuple[int, int]]:
    """A line of play, each tile written with its touching half first after the first."""
    first = draw(st.sampled_from(DOUBLE_SIX))
    line = [(first.low, first.high)]
    used = {first}
    for _ in range(draw(st.integers(1, 4))):
        end = line[-1][1]
        choices = [tile for tile in DOUBLE_SIX if tile.has(end) and tile not in used]
        if not choices:
            break
        tile = draw(st.sampled_from(choices))
        used.add(tile)
        line.append((end, tile.low if tile.high == end else tile.high))
    return line


@st.composite
def ends_texts(draw: st.DrawFn, lang: str) -> Written:
    """A chain in plain notation, then a sentence naming its open ends."""
    line = draw(lines_of_play())
    chain = draw(st.sampled_from([" ", ", ", " → ", " - "])).join(f"[{a}|{b}]" for a, b in line)
    ends = [line[0][0], line[-1][1]]
    fault = draw(st.sampled_from([None, "ends"]))
    if fault:
        index = draw(st.integers(0, 1))
        ends[index] = draw(
            st.sampled_from([n for n in range(7) if sorted([n, ends[1 - index]]) != sorted(ends)])
        )
    a, b = draw(st.permutations(ends))
    sentence = draw(st.sampled_from(ENDS[lang])).format(
        a=spelled(draw, a, lang),
        b=spelled(draw, b, lang),
        tile=f"[{b}|{b}]",
        name=draw(st.sampled_from(NAMES)),
    )
    label = draw(st.sampled_from(LABELS[lang]))
    text = f"{label}{chain}\n\n{sentence}\n"
    if draw(st.booleans()):
        # The next chain, as near as the first: a wrong claim must be wrong for it too.
        other = draw(
            lines_of_play().filter(lambda line: sorted([line[0][0], line[-1][1]]) != sorted(ends))
        )
        text += "\n" + " ".join(f"[{a}|{b}]" for a, b in other) + "\n"
    return Written(text, (fault,) if fault else ())


@st.composite
def hands(draw: st.DrawFn, size: int = 3) -> list[Tile]:
    return draw(st.lists(st.sampled_from(DOUBLE_SIX), min_size=1, max_size=size, unique=True))


@st.composite
def pips_texts(draw: st.DrawFn, lang: str) -> Written:
    """A hand and the pips counted for it."""
    tiles = draw(hands())
    right = sum(tile.pips for tile in tiles)
    fault = draw(st.sampled_from([None, "pips"]))
    count = wrong(draw, right) if fault else right
    template = draw(st.sampled_from(PIPS[lang]))
    n = spelled(draw, count, lang)
    sentence = template.format(
        tiles=listed(tiles, lang, draw),
        n=n,
        N=n,
        name=draw(st.sampled_from(NAMES)),
    )
    return Written(_capital(sentence) + "\n", (fault,) if fault else ())


@st.composite
def points_texts(draw: st.DrawFn, lang: str, rules: str = "match") -> Written:
    """The hands two opponents hold after a domino, and the points the winner scores: in
    ``match`` their pips added, in a game that scores nothing none at all."""
    first, second = draw(hands(2)), draw(hands(2))
    pips = [sum(tile.pips for tile in hand) for hand in (first, second)]
    template = draw(st.sampled_from(POINTS[lang]))
    counted = list(pips)
    fault = draw(
        st.sampled_from([None, "points", "pips"] if "({na}" in template else [None, "points"])
    )
    if fault == "pips":
        counted[0] = wrong(draw, pips[0])
    # A wrong award that a blocked round of these two hands would give (the lower hand
    # scores the difference) is listed as not checked where the sentence does not say
    # who went out: ``test_an_award_a_blocked_round_would_give_is_not_checked``.
    blocked = abs(pips[0] - pips[1])
    points = wrong(draw, sum(pips), besides=(blocked,)) if fault == "points" else sum(pips)
    winner, a, b = draw(st.permutations(NAMES))[:3]
    sentence = template.format(
        w=winner,
        a=a,
        b=b,
        to_a=TO[a],
        to_b=TO[b],
        to_w=TO[winner],
        ta=listed(first, lang, draw),
        tb=listed(second, lang, draw),
        na=spelled(draw, counted[0], lang),
        nb=spelled(draw, counted[1], lang),
        p=spelled(draw, points, lang),
    )
    if rules != "match":
        kinds = [*(["pips"] if fault == "pips" else []), *(["unscored"] if points else [])]
        return Written(_capital(sentence) + "\n", tuple(kinds))
    return Written(_capital(sentence) + "\n", (fault,) if fault else ())


def _capital(sentence: str) -> str:
    return sentence[0].upper() + sentence[1:]


BLOCKED = {
    "fi": (
        "Summilla {totals} pienin käsi saa {sum} = {p} pistettä.",
        "Kierros lukkiutui. Summilla {totals} pienin käsi saa {p} pistettä.",
    ),
    "sv": (
        "Med summorna {totals} får den lägsta handen {sum} = {p} poäng.",
        "Omgången är låst. Med summorna {totals} får den lägsta handen {p} poäng.",
    ),
    "en": (
        "With totals {totals} the lowest hand scores {sum} = {p} points.",
        "The round is blocked. With totals {totals}, the lowest hand scores {p} points.",
    ),
}
UNTIED = {
    "fi": (
        "{a}lla on {tiles}, ja {b} laskee {n} silmää.",
        "Kun {tiles} on pelattu, {a}lla on vielä {n} silmää.",
        "{a} pelaa {tiles}, joten hänelle jää {n} silmää.",
    ),
    "sv": (
        "{a} har {tiles}, och {b} räknar {n} prickar.",
        "Spelare 2 har {tiles} och spelare 3 har [0|1], {n} prickar.",
        "{a} lägger {tiles}, så {n} prickar blir kvar.",
    ),
    "en": (
        "{a} has {tiles}, and {b} counts {n} pips.",
        "After {tiles} was played, {a} still had {n} pips.",
        "{a} plays {tiles}: {n} pips remain.",
        "{a} plays {tiles}, so {n} pips are left in her hand.",
    ),
}


@st.composite
def blocked_texts(draw: st.DrawFn, lang: str) -> Written:
    """The hand totals of a blocked round of three, and the points of the one alone with
    the lowest total: the others' totals minus their own, worked out or not."""
    totals = draw(st.lists(st.integers(0, 30), min_size=3, max_size=3, unique=True))
    low, *others = sorted(totals)
    right = sum(others) - low
    template = draw(st.sampled_from(BLOCKED[lang]))
    worked = "{sum}" in template
    fault = draw(st.sampled_from([None, "sum" if worked else "points"]))
    points = wrong(draw, right) if fault else right
    written = ", ".join(map(str, totals[:-1])) + f" {AND[lang]} {totals[-1]}"
    sentence = template.format(totals=written, sum=f"{others[0]} + {others[1]} − {low}", p=points)
    return Written(sentence + "\n", (fault,) if fault else ())


@st.composite
def untied_texts(draw: st.DrawFn, lang: str) -> Written:
    """A count of pips in a sentence that does not say which tiles it counts."""
    names = draw(st.permutations(NAMES))
    tiles = draw(hands(2))
    pips = sum(tile.pips for tile in tiles)
    # A count that happens to be right for the tiles before it is checked, and right.
    count = draw(st.integers(2, 20).filter(lambda count: count != pips))
    sentence = draw(st.sampled_from(UNTIED[lang])).format(
        a=names[0], b=names[1], tiles=listed(tiles, lang, draw), n=spelled(draw, count, lang)
    )
    return Written(_capital(sentence) + "\n", ())
