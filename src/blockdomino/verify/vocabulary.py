"""The words each reader of claims looks for, per language, in one place.

A reader asks for a kind of words (``phrases("wrong_on_purpose")``) and gets one
expression that finds any of them in any language, since a leaflet may quote another
language. Adding a language is adding its words to each kind here.

The words are matched without regard to case, as whole words; a word ending in ``*``
also matches every ending (``pelausjärjesty*``: *pelausjärjestyksessä*).
"""

from __future__ import annotations

import functools
import re
from typing import Final

WORDS: Final[dict[str, dict[str, tuple[str, ...]]]] = {
    "wrong_on_purpose": {
        # An example an author shows as wrong on purpose: "Väärin: [4|1] [2|5]".
        "fi": ("väärin", "virheellinen", "virheellisesti", "ei sallittu", "kielletty", "näin ei"),
        "sv": ("fel sätt", "fel", "felaktigt", "inte tillåtet", "förbjudet", "så här inte"),
        "en": ("the wrong way", "wrong", "not allowed", "incorrect", "illegal", "not like this"),
    },
    "order_of_play": {
        # Tiles listed in the order they were played, each at either end.
        "fi": ("pelausjärjesty*", "pelijärjesty*", "pelattiin", "järjestyksessä kuin"),
        "sv": ("spelordning*", "i den ordning", "i tur och ordning", "spelades"),
        "en": ("in order of play", "order of play", "in the order", "were played"),
    },
    "negation": {
        "fi": ("ei", "eikä", "eivät", "älä", "älkää", "koskaan", "ilman", "nostamatta"),
        "sv": ("inte", "aldrig", "ej", "ingen", "inga", "inget", "utan"),
        "en": ("not", "never", "no", "nobody", "don't", "doesn't", "without", "cannot"),
    },
    "cannot_play": {
        # The condition before a rule about drawing: it says nothing against the rule.
        "fi": ("jos ei voi pelata", "jos et voi pelata", "joka ei voi pelata", "ei voi pelata"),
        "sv": ("kan man inte lägga", "om man inte kan lägga", "som inte kan lägga", "inte kan"),
        "en": ("cannot play", "can't play", "can not play", "unable to play"),
    },
    "stock": {
        # Drawing from a stock, which Block has not: "nostaa pakasta", "drar ur potten".
        "fi": ("pakasta", "pakka", "pakkaa", "nostopakka*", "nostokasa*"),
        "sv": ("ur potten", "från potten", "ur en pott", "ur högen", "från högen", "draghög*"),
        "en": ("boneyard", "from the stock", "from the pot", "the stock", "stock pile"),
    },
    "draw_game": {
        # Words that set another game against Block: what they say of it is no Block rule.
        "fi": ("nostopeli*", "tavallise*", "tavallinen", "perinteise*"),
        "sv": ("standard*", "dragning*", "dragspel*", "vanliga domino*", "skulle"),
        "en": ("draw game", "standard game", "standard domino*", "would"),
    },
    "spinner": {
        # A double played on from its sides too, which Block has not.
        "fi": ("spinneri*", "neljään suuntaan", "neljältä sivulta", "sivuhaara*"),
        "sv": ("spinner*", "åt fyra håll", "från alla fyra sidor", "sidogren*"),
        "en": ("spinner*", "all four sides", "four directions", "side branch*"),
    },
    "rounding": {
        # Points rounded to five, which Block's points never are.
        "fi": ("pyöristetään", "pyöristä*", "lähimpään viiteen", "viidellä jaolli*"),
        "sv": ("avrundas", "avrunda*", "närmaste fem", "delbar* med fem"),
        "en": ("rounded", "round down", "round up", "nearest five", "multiple of five"),
    },
    "turn": {
        # What a sentence about the order of turns speaks of.
        "fi": ("vuoro*", "seuraava pelaaja", "seuraavaksi pelaa"),
        "sv": ("tur", "turen", "turordning*", "nästa spelare", "därefter spelar"),
        "en": ("turn*", "play passes", "play moves", "next player"),
    },
    "clockwise": {
        "fi": ("myötäpäivään", "vasemmalle", "vasemmalla oleva*"),
        "sv": ("medurs", "medsols", "till vänster", "åt vänster"),
        "en": ("clockwise", "to the left"),
    },
    "anticlockwise": {
        "fi": ("vastapäivään", "oikealle", "oikealla oleva*"),
        "sv": ("moturs", "motsols", "till höger", "åt höger"),
        "en": ("anticlockwise", "counterclockwise", "counter-clockwise", "to the right"),
    },
    "blocked": {
        # A round nobody can go on with.
        "fi": ("lukkiutu*", "lukossa", "lukittu*", "jumiin"),
        "sv": ("blockerat", "blockerad", "låst*", "låser"),
        "en": ("blocked", "the round blocks", "the game blocks", "locked"),
    },
    "wins": {
        "fi": ("voittaa", "voitti", "voittaja*"),
        "sv": ("vinner", "vann", "vinnare*"),
        "en": ("wins", "won", "winner*"),
    },
    "lowest": {
        "fi": ("pienin", "pienimmän", "pienimpään", "pienempi", "vähiten", "alhaisin"),
        "sv": ("lägst", "lägsta", "lägre", "minst", "minsta"),
        "en": ("lowest", "lower", "fewest", "least", "smallest"),
    },
    "highest": {
        "fi": ("suurin", "suurimman", "suurempi", "eniten", "korkein"),
        "sv": ("högst", "högsta", "högre", "mest", "flest"),
        "en": ("highest", "higher", "most", "largest", "biggest"),
    },
    "tie": {
        "fi": ("tasapeli*", "tasan", "tasatulos*", "yhtä pieni"),
        "sv": ("lika", "oavgjort"),
        "en": ("tie", "tied", "ties", "equal"),
    },
    "no_winner": {
        # How a tie for the lowest hand ends: nobody wins.
        "fi": ("kukaan ei", "ei kukaan", "tasapeli*", "ei voittajaa", "ei ratkaista"),
        "sv": ("ingen", "oavgjort", "oavgjord"),
        "en": ("nobody", "no one", "drawn", "a draw", "no winner"),
    },
    "tie_break": {
        # Ways of breaking a tie that Block has not.
        "fi": ("vähemmän laattoja", "ensin", "vanhin", "arpa*", "arvo*"),
        "sv": ("färre brickor", "först", "äldst*", "lotta*", "lottning*"),
        "en": ("fewer tiles", "first", "oldest", "lots", "toss"),
    },
    "plays": {
        # A verb of playing a tile, in a story of play: "Ville vastasi laatalla 5-2".
        "fi": (
            "aloitti",
            "aloittaa",
            "vastasi",
            "vastaa",
            "jatkoi",
            "jatkaa",
            "laittoi",
            "laittaa",
            "pelasi",
            "pelaa",
            "liitti",
            "liittää",
            "avasi",
            "avaa",
        ),
        "sv": (
            "började",
            "börjar",
            "lade",
            "lägger",
            "spelade",
            "spelar",
            "svarade",
            "svarar",
            "fortsatte",
            "fortsätter",
            "öppnade",
            "öppnar",
        ),
        "en": (
            "lays",
            "laid",
            "plays",
            "played",
            "puts",
            "put",
            "answers",
            "answered",
            "opens",
            "opened",
            "starts",
            "started",
            "leads",
            "led",
            "adds",
            "added",
        ),
    },
    "award": {
        # A verb that gives a player points: "saa 12 pistettä", "får den som går ut 12 poäng".
        "fi": ("saa", "sai", "saavat", "saivat", "voittaa", "voitti", "tulee", "eli"),
        "sv": ("får", "fick", "vinner", "vann"),
        "en": ("scores", "score", "scored", "gets", "get", "got", "earns", "earned", "wins"),
    },
    "team": {
        # Partners playing together: their game scores no points.
        "fi": ("pari", "parinsa", "parille", "parit", "parin", "pareittain"),
        "sv": ("laget", "lagen", "lag", "lagkamrat*"),
        "en": ("team", "teams", "partners", "partner"),
    },
    "holds": {
        # A player holds a count of pips: "Anna has 5", "Ainolla on 5", "Alva har 5".
        "fi": ("on", "oli", "jäi", "jää"),
        "sv": ("har", "hade"),
        "en": ("has", "had", "holds", "is left with", "was left with"),
    },
    "nobody_played": {
        # How a story says a round was blocked.
        "fi": ("kukaan ei voinut pelata", "kukaan ei voi pelata", "kukaan ei pystynyt"),
        "sv": ("ingen kunde lägga", "ingen kan lägga", "ingen kunde spela"),
        "en": ("nobody could play", "no one could play", "nobody can play"),
    },
    "column_total": {
        # A table's column of one player's running total: "Aino yhteensä", "Alva totalt".
        "fi": ("yhteensä", "yht.", "kaikkiaan"),
        "sv": ("totalt", "summa", "sammanlagt"),
        "en": ("total", "totals", "running total"),
    },
    "column_winner": {
        # A table's column naming who won each round.
        "fi": ("voittaja", "voitti"),
        "sv": ("vinnare", "vann"),
        "en": ("winner", "won by", "won"),
    },
    "column_points": {
        # A table's column of the points each round awards.
        "fi": ("pisteet", "pistettä", "pisteitä"),
        "sv": ("poäng",),
        "en": ("points", "score", "award"),
    },
    "match_won": {
        # A sentence naming who won a whole match: "Aino voitti ottelun".
        "fi": ("voitti ottelun", "voittaa ottelun", "ottelun voittaja", "ottelun voitti"),
        "sv": ("vann matchen", "vinner matchen", "matchens vinnare", "matchen vanns av"),
        "en": ("won the match", "wins the match", "winner of the match", "match was won by"),
    },
    "column_pips": {
        # A table's column counting the pips of a hand.
        "fi": ("silmät", "silmiä", "silmää", "silmäluku"),
        "sv": ("prickar", "prickarna"),
        "en": ("pips",),
    },
}
"""Each kind of words, in each language."""


def _pattern(word: str) -> str:
    stem = word.removesuffix("*")
    body = r"\s+".join(re.escape(part) for part in stem.split())
    return body + (r"\w*" if word.endswith("*") else r"(?!\w)")


@functools.cache
def phrases(*kinds: str) -> re.Pattern[str]:
    """One expression that finds a word of any of ``kinds`` in any language, as a whole
    word.

    It starts with the set of the words' first letters, which the engine looks for
    first: a text is searched at the speed of a character set, not of every word."""
    words = sorted(
        {word for kind in kinds for language in WORDS[kind].values() for word in language},
        key=lambda w: -len(w),
    )
    first = {case(word[0]) for word in words for case in (str.lower, str.upper)}
    letters = "".join(re.escape(letter) for letter in sorted(first))
    alternatives = "|".join(_pattern(word) for word in words)
    return re.compile(rf"(?=[{letters}])(?<!\w)(?:{alternatives})", re.IGNORECASE)
