"""The words the verifier's readers look for: one word file a language.

Each language has a module here (``fi.py``, ``sv.py``, ``en.py``) with one list of words
for each kind below, and nothing else: a fourth language is one more such file, named by
its catalog's language code, with the same kinds (a test insists). Each reader asks for
its kinds (``vocabulary.phrases``, ``numbers``), never for a language's words by name.

A word is matched without regard to case, as a whole word; a word ending in ``*`` also
matches every ending (``pelausjärjesty*``: *pelausjärjestyksessä*).
"""

from __future__ import annotations

import functools
import importlib
from typing import Final

from blockdomino.words.i18n import LANGS

KINDS: Final = {
    "wrong_on_purpose": 'An example an author shows as wrong on purpose: "Väärin: [4|1] [2|5]".',
    "order_of_play": "Tiles listed in the order they were played, each at either end.",
    "negation": "Words that say a rule is not so.",
    "cannot_play": "The condition before a rule about drawing: it says nothing against it.",
    "stock": 'Drawing from a stock, which Block has not: "nostaa pakasta".',
    "draw_game": "Words that set another game against Block: no Block rule is said there.",
    "spinner": "A double played on from its sides too, which Block has not.",
    "rounding": "Points rounded to five, which Block's points never are.",
    "turn": "What a sentence about the order of turns speaks of.",
    "clockwise": "The turn passing clockwise (to the left).",
    "anticlockwise": "The turn passing anticlockwise (to the right).",
    "blocked": "A round nobody can go on with.",
    "wins": "A verb or noun of winning.",
    "lowest": "The lowest hand.",
    "highest": "The highest hand.",
    "tie": "Two hands as low as each other.",
    "no_winner": "How a tie for the lowest hand ends: nobody wins.",
    "tie_break": "Ways of breaking a tie that Block has not.",
    "plays": 'A verb of playing a tile, in a story of play: "Ville vastasi laatalla 5-2".',
    "team_wins": 'A verb of two partners winning: "Aino ja Eero voittavat".',
    "award": 'A verb that gives a player points: "saa 12 pistettä".',
    "team": "Partners playing together: their game scores no points.",
    "against": 'Two teams playing against each other: "Anna and Cecilia play against Ben and Dan".',
    "each_alone": 'Players each for themselves again, after a team game: "each for themselves".',
    "other_players": 'A game of other than four players, after a team game: "a game of three".',
    "play_game": 'A verb of playing a game, after its players: "Anna, Ben and Eve played".',
    "new_game": 'A new game begun, whose teams the text may not say: "then we played a new game".',
    "new_deal": "A new deal: in a team game that one round decides, a new game.",
    "team_label": 'A team named by a letter or number: "team A", "pari 1", "lag B".',
    "team_holds": 'Two partners hold a count of pips: "Anna and Cecilia have 8 pips".',
    "target": 'The points a match is played to: "to 100 points", "100 pisteeseen".',
    "column_round": "A table's column counting the rounds of a match.",
    "holds": 'A player holds a count of pips: "Anna has 5", "Ainolla on 5".',
    "nobody_played": "How a story says a round was blocked.",
    "went_out": 'A player who played their last tile: "dominoaja", "den som går ut".',
    "opponents": 'The others\' hands, which a domino scores: "vastustajille jää".',
    "column_total": "A table's column of one player's running total: \"Aino yhteensä\".",
    "column_winner": "A table's column naming who won each round.",
    "column_points": "A table's column of the points each round awards.",
    "match_won": 'A sentence naming who won a whole match: "Aino voitti ottelun".',
    "column_pips": "A table's column counting the pips of a hand.",
    "numbers": "The numbers nought to twelve as words, in order; alternatives parted by /.",
    "and": 'The word "and" between items of a list.',
    "pips": "What the pips of a hand are called.",
    "points": "What points are called.",
    "ends": "What the open ends of a chain are called in a claim of them.",
    "total": "Words that say a count is what tiles add up to.",
    "is": "What says a count is the tiles' own, with no word for pips after it.",
    "in_hand": "Words that say tiles are still held.",
    "hand_place": "Words that say where a hand's tiles are, or lead on to their count.",
    "so": '"So", which leads on to a count without saying the tiles are held.',
    "played": "A verb of playing just before tiles: they are played, not held.",
    "both": '"Both" opponents, counting a hand twice.',
    "no_award": "Words that say nobody scores a round.",
    "articles": 'Number words that are also articles ("one", "en"): never a count alone.',
    "common": "The most common words of the language, which tell a leaflet's language.",
    "award_noun": 'A noun for the points a round awards: "hyvitys on 10".',
    "award_is": 'What ties the noun for the points to their number: "hyvitys on 10".',
    "goes_to": 'What ties points to who gets them: "10 points go to Anna".',
    "we": 'The writer\'s own team, in the first person plural: "we", "our team", "vårt lag".',
    "we_won": 'A verb of winning or scoring that says "we" by itself: "voitimme", "fick vi".',
    "we_won_named": 'A verb of "we" winning, the players named in brackets: "Me (Aino ja Eero)'
    ' voitimme".',
    "we_scored_named": 'A verb of "we" scoring, the players named in brackets, and after "/" the'
    ' verb the two partners score with, where it is another: "Me (Aino ja Eero) saamme/saavat".',
}
"""Each kind of words a language's file lists, and what the words of that kind say."""


@functools.cache
def language_words(lang: str) -> dict[str, tuple[str, ...]]:
    """The words of the language ``lang``, by kind, from its word file."""
    module = importlib.import_module(f"{__name__}.{lang}")
    words: dict[str, tuple[str, ...]] = module.WORDS
    return words


def words(kind: str) -> dict[str, tuple[str, ...]]:
    """The words of ``kind`` in every language."""
    return {lang: language_words(lang)[kind] for lang in LANGS}
