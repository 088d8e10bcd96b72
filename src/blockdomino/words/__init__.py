"""The game in Finnish, Swedish and English: every word a learner reads comes from here.

A public module: what the notebooks and the documents word, they import from here.

- ``describe(chain, lang)``: a chain in the words of the rules' worked examples;
  ``describe_join``, ``describe_end``: one join, one open end.
- ``explain(error, lang)``: a refused action or input, worded for a learner.
- ``explanation_steps(result, lang)``: the end of a round in a teacher's steps.
- ``player_name(seat, lang)``: "Pelaaja 1", "Spelare 1", "Player 1".
- ``tile_in_words(tile, lang)``, ``tiles_in_words(tiles, lang)``: tiles as a pupil reads
  and hears them, "yksi–viisi", never "[1|5]" (a screen reader spells the notation);
  ``line_in_words(chain, lang)``: a chain's tiles as they lie, in words.
- ``translate(key, lang, **values)``: any message of the catalogs; ``format_list``: items
  joined as the language does ("1 ja 4").
- ``Lang``, ``LANGS``: the languages ("fi", "sv", "en"); ``parse_lang(text)``: the
  language a text names, or an error that lists every one.
- ``CHAIN_EXAMPLES``, ``chain_example(id)``, ``SCORING_FIGURES``: the worked examples of
  the rules documents.

The modules, by concern: ``i18n`` (the catalogs), ``text`` (descriptions and
explanations), ``errors`` (errors worded), ``narration`` (a game told turn by turn),
``examples`` (the worked examples).
"""

from blockdomino.words.errors import explain
from blockdomino.words.examples import (
    CHAIN_EXAMPLES,
    SCORING_FIGURES,
    ChainExample,
    ScoringFigure,
    chain_example,
)
from blockdomino.words.i18n import LANGS, Lang, LanguageError, format_list, parse_lang, translate
from blockdomino.words.text import (
    describe,
    describe_end,
    describe_join,
    explain_result,
    explanation_steps,
    line_in_words,
    player_name,
    side_name,
    tile_in_words,
    tiles_in_words,
)

__all__ = [
    "CHAIN_EXAMPLES",
    "LANGS",
    "SCORING_FIGURES",
    "ChainExample",
    "Lang",
    "LanguageError",
    "ScoringFigure",
    "chain_example",
    "describe",
    "describe_end",
    "describe_join",
    "explain",
    "explain_result",
    "explanation_steps",
    "format_list",
    "line_in_words",
    "parse_lang",
    "player_name",
    "side_name",
    "tile_in_words",
    "tiles_in_words",
    "translate",
]
