"""Tiles listed in the order they were played, examples shown wrong on purpose, claims
after a tile played in the same sentence, and sums of pips: read as their authors mean
them, never called wrong when right.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from blockdomino.engine.chain import Chain
from blockdomino.engine.tiles import DOUBLE_SIX, Tile
from blockdomino.verify.documents import examine

IN_ORDER = {"fi": "Pelausjärjestys:", "sv": "Spelordning:", "en": "In order of play:"}
ENDS = {
    "fi": "Päät ovat nyt {a} ja {b}.",
    "sv": "Ändarna är nu {a} och {b}.",
    "en": "The ends are now {a} and {b}.",
}
WRONG = {"fi": "Väärin:", "sv": "Fel sätt:", "en": "The wrong way:"}


@st.composite
def rounds(draw: st.DrawFn) -> tuple[tuple[Tile, ...], Chain]:
    """The tiles of a legal round in the order they were played, each at either end."""
    chain = Chain().play(draw(st.sampled_from(DOUBLE_SIX)))
    played = [chain.tiles[0]]
    for _ in range(draw(st.integers(2, 9))):
        moves = [(tile, end) for tile in DOUBLE_SIX for end in chain.ends_for(tile)]
        if not moves:
            break
        tile, end = draw(st.sampled_from(moves))
        chain = chain.play(tile, end)
        played.append(tile)
    return tuple(played), chain


def _written(tiles: tuple[Tile, ...], dashes: bool) -> str:
    if dashes:
        return ", ".join(f"{tile.high}-{tile.low}" for tile in tiles)
    return ", ".join(str(tile) for tile in tiles)


def _errors(text: str) -> list[str]:
    examples, claims, _ = examine(text)
    return [finding.kind for report in (*examples, *claims) for finding in report.errors]


def _ends(chain: Chain) -> tuple[int, int]:
    a, b = sorted(end.pips for end in chain.open_ends)
    return a, b


@pytest.mark.parametrize("lang", ["fi", "sv", "en"])
@settings(max_examples=60, deadline=None)
@given(round_=rounds(), dashes=st.booleans())
def test_a_round_in_order_of_play_is_right_and_its_ends_checked(
    lang: str, round_: tuple[tuple[Tile, ...], Chain], dashes: bool
) -> None:
    tiles, chain = round_
    a, b = _ends(chain)
    text = f"{IN_ORDER[lang]} {_written(tiles, dashes)}. {ENDS[lang].format(a=a, b=b)}"
    assert _errors(text) == [], text
    wrong = f"{IN_ORDER[lang]} {_written(tiles, dashes)}. {ENDS[lang].format(a=a, b=b + 7)}"
    assert _errors(wrong) in ([], ["ends"]), wrong


@pytest.mark.parametrize("lang", ["fi", "sv", "en"])
@settings(max_examples=60, deadline=None)
@given(round_=rounds(), dashes=st.booleans())
def test_a_tile_that_fits_no_end_of_a_round_in_order_of_play_is_found(
    lang: str, round_: tuple[tuple[Tile, ...], Chain], dashes: bool
) -> None:
    tiles, _ = round_
    shown = {number for tile in tiles for number in (tile.low, tile.high)}
    stray = [tile for tile in DOUBLE_SIX if not {tile.low, tile.high} & shown]
    if not stray:
        return
    text = f"{IN_ORDER[lang]} {_written((*tiles, stray[0]), dashes)}."
    assert _errors(text) == ["no_end"], text


def test_a_line_with_no_arrows_that_works_only_in_order_of_play_is_no_error() -> None:
    assert _errors("Line: [5|5] [5|6] [5|2] [6|6]. The open ends are now 2 and 6.") == []
    assert _errors("Line: [5|5] → [5|6] → [5|2].") == ["no_join"]


@pytest.mark.parametrize("lang", ["fi", "sv", "en"])
def test_an_example_shown_wrong_on_purpose_is_a_note_not_an_error(lang: str) -> None:
    examples, claims, unchecked = examine(f"{WRONG[lang]} [2|5] [5|1] [3|4].")
    assert [report for report in (*examples, *claims) if not report.ok] == []
    (note,) = unchecked
    assert note.reason == "verify.unchecked.wrong_on_purpose"
    assert note.detail is not None
    assert note.detail.kind == "no_join"
    assert "[3|4]" in note.message(lang)


def test_a_legal_example_marked_wrong_is_listed_as_not_checked() -> None:
    _, _, unchecked = examine("Not allowed: [1|2] [2|3].")
    assert [item.reason for item in unchecked] == ["verify.unchecked.marked_wrong"]


def test_a_claim_after_a_wrong_example_is_not_checked_against_the_chain_above() -> None:
    text = "Line: [2|5] [5|5] [5|3].\nThe wrong way: [2|5] [3|4].\nThe ends would be 2 and 4."
    _, claims, unchecked = examine(text)
    assert claims == ()
    assert "verify.unchecked.ends" in [item.reason for item in unchecked]


@pytest.mark.parametrize(
    ("text", "ok"),
    [
        ("Line: [5|5] [5|6]. Then [6|1] went on the six, so the ends were 5 and 1.", True),
        ("Line: [5|5] [5|6]. Then [6|1] went on the six, so the ends were 5 and 6.", False),
        ("Ketju [3|3] [3|5]. Minna pelaa [5|2], jolloin päät ovat 3 ja 2.", True),
    ],
)
def test_ends_claimed_after_a_tile_played_in_the_same_sentence(text: str, ok: bool) -> None:
    _, claims, _ = examine(text)
    assert [report.ok for report in claims] == [ok]


_LINES_WITHOUT_STOPS = {
    "fi": "Pelausjärjestys: [3|3], [3|5], [3|1], [5|6]\nPäät ovat nyt 1 ja 6\n"
    "Pelausjärjestys: [2|2], [2|4], [2|0]\nPäät ovat nyt 0 ja {}\n",
    "sv": "Spelordning: [4|4], [4|6], [4|1], [6|3]\nÄndarna är nu 1 och 3\n"
    "Spelordning: [0|0], [0|2], [0|5]\nÄndarna är nu 2 och {}\n",
    "en": "In order of play: [5|5], [5|6], [5|2], [6|6]\nThe open ends are now 2 and 6\n"
    "- In order of play: [1|1], [1|2], [1|4]\n- The open ends are now 2 and {}\n",
}
"""Lists in order of play and the ends after each, one a line with no full stop (the
second claim right with the first number, wrong with the second)."""


@pytest.mark.parametrize("lang", sorted(_LINES_WITHOUT_STOPS))
@pytest.mark.parametrize("ok", [True, False])
def test_a_line_without_a_full_stop_is_a_sentence_of_its_own(lang: str, ok: bool) -> None:
    right = {"fi": 4, "sv": 5, "en": 4}[lang]
    text = _LINES_WITHOUT_STOPS[lang].format(right if ok else 3)
    _, claims, unchecked = examine(text)
    assert [report.ok for report in claims] == [True, ok]
    assert [item.reason for item in unchecked] == []


@pytest.mark.parametrize(
    ("text", "kinds"),
    [
        # The count may be of both lines' tiles: not called wrong.
        ("Hands left:\nAnna [4|4]\nBen [1|2], 11 pips in all\n", []),
        ("Kvar på handen:\nAlva [4|4]\nNils [1|2], 11 prickar sammanlagt\n", []),
        # The award is of both lines' hands: right, and wrong when it is not their sum.
        ("Hands left:\nAnna [4|4]\nBen [1|2], so Cy scores 11 points\n", []),
        ("Kädessä:\nAino [4|4]\nVille [1|2], joten Oona saa 12 pistettä\n", ["points"]),
        # Open ends claimed after a tile played on the line before.
        ("Line: [5|5] [5|6] [6|6]\nThen [6|1] went on the six\nSo the ends are 5 and 1\n", []),
        (
            "Line: [5|5] [5|6] [6|6]\nThen [6|1] went on the six\nSo the ends are 5 and 6\n",
            ["ends"],
        ),
    ],
)
def test_a_count_run_on_from_a_line_of_tiles_is_read_with_it(text: str, kinds: list[str]) -> None:
    assert _errors(text) == kinds


@pytest.mark.parametrize(
    "text",
    [
        "Anna has 3 + 4 + 6 = 13 pips left and Ben has 5 pips.",
        "Bo har 2 + 5 = 7 prickar kvar och Ada har 6 prickar.",
        "Pekalla oli 3 + 4 + 6 = 13 silmää, kun kierros loppui.",
    ],
)
def test_a_sum_of_pips_is_a_hand_not_points(text: str) -> None:
    assert _errors(text) == []
    assert _errors(text.replace("= 13", "= 14").replace("= 7", "= 8")) == ["sum"]


@pytest.mark.parametrize(
    "text",
    [
        "Mia goes out. Tom holds [1|3] and [0|5], which is 4 + 5 = 9 pips, so Mia scores 9 points.",
        "Mia goes out. Tom holds [1|3] and [0|5], that makes 9 pips and Mia scores 9 points.",
        "Eero pelaa viimeisen laattansa. Liisalle jää [1|3] ja [0|5] eli 4 + 5 = 9 silmää, "
        "joten Eero saa 9 pistettä.",
        "Eero går ut. Lisa har kvar [1|3] och [0|5], alltså 4 + 5 = 9 prickar, "
        "så Eero får 9 poäng.",
    ],
)
def test_a_count_adding_up_the_tiles_before_it_is_their_total_not_another_hand(text: str) -> None:
    assert _errors(text) == []
    assert _errors(
        text.replace("får 9", "får 12")
        .replace("s 9 points", "s 12 points")
        .replace("saa 9", "saa 12")
    ) == ["points"]


@pytest.mark.parametrize(
    ("text", "wrong"),
    [
        ("Nobody can play. Kim has 2 pips and Lee 9 pips, so Kim scores 7 points.", "11"),
        ("Ingen kan lägga. Kim har 2 prickar och Lee 9 prickar, så Kim får 7 poäng.", "11"),
        ("Kukaan ei voi pelata. Kimillä on 2 silmää ja Leellä 9, joten Kim saa 7 pistettä.", "11"),
    ],
)
def test_an_award_to_a_player_who_still_holds_tiles_is_that_of_a_blocked_round(
    text: str, wrong: str
) -> None:
    assert _errors(text) == []
    assert _errors(text.replace(" 7 p", f" {wrong} p")) == ["points"]


def test_an_award_a_blocked_round_would_give_is_never_called_wrong_as_a_domino() -> None:
    text = "Nobody can play. One has 2 pips and the other 9 pips, so the winner scores 7 points."
    assert _errors(text) == []
    assert _errors("Kim went out, and Lee and Mo held 9 and 3 pips, so Kim scores 12 points.") == []


@pytest.mark.parametrize(
    "text",
    [
        "Eerolle jäi 16 ja Liisalle 20 silmää, joten Jonna saa 36 pistettä.",
        "Kim had 16 and Lee 20 pips, so Jo gets 36 points.",
    ],
)
def test_hands_named_with_a_word_between_are_both_read(text: str) -> None:
    assert _errors(text) == []
    assert _errors(text.replace("36", "35")) == ["points"]


def test_points_beside_a_number_read_as_no_hand_are_not_checked() -> None:
    text = "Round 3: Kim held 16 pips, so Jo gets 30 points."
    _, _, unchecked = examine(text)
    assert _errors(text) == []
    assert [item.reason for item in unchecked] == ["verify.unchecked.points"]


@pytest.mark.parametrize(
    ("text", "points"),
    [
        ("Med 10 och 7 prickar hos motståndarna får den som går ut 17 poäng.", 17),
        ("Kun vastustajilla on 5 ja 7 silmää, ulos mennyt pelaaja sai 12 pistettä.", 12),
        ("With 5 and 7 pips left to the others, the player who goes out gets 12 points.", 12),
    ],
)
def test_an_award_to_the_player_who_goes_out_is_read_in_every_language(
    text: str, points: int
) -> None:
    assert _errors(text) == []
    assert _errors(text.replace(f"{points} p", f"{points + 1} p")) == ["points"]


@pytest.mark.parametrize(
    "text",
    [
        "Kun Matti meni ulos, hänen parinsa sai vastustajien 8 ja 12 silmää eli 20 pistettä.",
        "När Elin gick ut fick laget 14 poäng.",
        "After Dan went out, his team scored 23 points.",
    ],
)
def test_points_for_a_team_are_wrong_since_partners_score_none(text: str) -> None:
    assert _errors(text) == ["unscored"]


@pytest.mark.parametrize(
    ("text", "right"),
    [
        ("Kädessä 6-6, 6-5 ja 5-5 (33 silmää).", True),
        ("Kädessä 6-6, 6-5 ja 5-5 (34 silmää).", False),
        ("Handen 6:6 och 1:2 har 15 prickar.", True),
        ("A hand of 2-1 and 0-0 (4 pips) is a good one.", False),
    ],
)
def test_a_hand_written_without_brackets_is_a_hand_with_its_pips(text: str, right: bool) -> None:
    examples, claims, _ = examine(text)
    assert examples == ()
    assert [[finding.kind for finding in claim.errors] for claim in claims] == [
        [] if right else ["pips"]
    ]


def test_a_range_of_players_is_no_hand_but_a_hand_beside_it_is() -> None:
    assert examine("Kun pelaajia on 2-4, jokainen saa 5 laattaa.") == ((), (), ())
    _, claims, _ = examine("Kun pelaajia on 2-4, kädessä on 2-4 ja 1-1 (8 silmää).")
    assert [report.ok for report in claims] == [True]


def test_a_list_said_to_have_a_mistake_is_no_example_shown_wrong_on_purpose() -> None:
    assert _errors("Fel: [2|5] [5|4] [3|1].") == []
    assert _errors("En kedja med ett fel: [2|5] [5|4] [3|1].") == ["no_join"]
