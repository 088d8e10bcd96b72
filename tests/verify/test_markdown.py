"""A Markdown text of plain paragraphs and headings is read without the parser, block for
block as the parser reads it; any other text goes to the parser."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from blockdomino.verify.formats import _markdown_lines, _placed
from blockdomino.verify.markdown import (
    _INLINE,
    _parsed_blocks,
    _plain_blocks,
    _shown,
    inline_text,
    markdown_blocks,
)

PIECES = (
    *("Anna", "laatta", "[1|4]", "[2|5]:", "]:", "6-5", "x  ", "`c`", "<b>", "&amp;", "\\"),
    *("#", "## ", "# H #", "#x", "####### seven", "|", "| a | b |", "|---|", ":-:", "- ", "1. "),
    *("1)", "12.", "*", "_", "=", "===", "---", ">", "~~~", "```", "\f", "\xa0", "\u3000"),
    *(" ", "  ", "    ", "\t", "\n", "\n", "\n\n", " \n", "\r", "\0"),
)


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(PIECES), max_size=30).map("".join))
def test_a_text_read_without_the_parser_has_the_parsers_blocks(text: str) -> None:
    plain = _plain_blocks(text)
    assert plain is None or list(plain) == _parsed_blocks(text)
    assert list(markdown_blocks(text)) == _parsed_blocks(text)


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(PIECES), max_size=30).map("".join))
def test_lines_written_out_as_the_blocks_come_read_as_lines_held_to_the_end(text: str) -> None:
    """A line is written out when the next block starts after it, which gives the text
    that holding every line to the end gives (a block that comes back to a line written
    out, as a line break the parser reads in a lone "\r" makes, has the text placed
    again)."""
    assert _markdown_lines(text) == _placed(text, in_order=False)


@settings(max_examples=400, deadline=None)
@given(
    st.lists(st.sampled_from((*PIECES, "  \n", "   \n", "\\\n", "*a*", "_b_")), max_size=30).map(
        "".join
    )
)
def test_a_block_without_a_spaced_line_break_loses_the_same_marks(text: str) -> None:
    """A block with no two spaces before a line break is read with the expression that
    does not stop at spaces: it takes off the marks that reading every mark takes off."""
    assert inline_text(text) == _INLINE.sub(_shown, text)


def test_a_line_break_after_two_spaces_or_a_backslash_stays_a_line_break() -> None:
    assert inline_text("Ben  \nanswers \\\n[6|5] *now*") == "Ben\nanswers \n[6|5] now"


def test_paragraphs_and_headings_are_read_without_the_parser() -> None:
    text = "# Block\n\nAnna lays [6|6].\nBen  \nanswers | [6|5].\n#tag\n## Points ##\n\n  \nEnd.\n"
    assert list(_plain_blocks(text) or ()) == [
        (0, "Block"),
        (2, "Anna lays [6|6].\nBen\nanswers | [6|5].\n#tag"),
        (6, "Points"),
        (9, "End."),
    ]
    assert list(_plain_blocks(text) or ()) == _parsed_blocks(text)


def test_lists_quotes_tables_code_and_links_go_to_the_parser() -> None:
    for text in (
        "Words\n- an item",
        "Words\n> quoted",
        "| a | b |\n|---|---|\n| 1 | 2 |",
        "Words\n    code",
        "[rules]: rules.md",
        "Words\n1. first",
        "Words\n===",
        "Line\r\nend",
    ):
        assert _plain_blocks(text) is None, text
