"""The words a reader sees in a Markdown text, each on the line where it is written.

The Markdown parser (``markdown-it-py``) finds the blocks: paragraphs, headings, list
items, quotes, tables' cells, code blocks. The marks inside a block are taken off here,
in one pass of a regular expression, rather than by the parser's inline rules, whose
search for the end of a link's text costs time that grows with the square of a long
paragraph full of brackets (10 MB of ``[1|`` took minutes): a leaflet's marks are few,
and what the verifier needs of them is only the words they hold.

- a backslash before a mark of punctuation goes (``\\[2\\|5\\]`` is ``[2|5]``);
- a code span's backticks go, its text stays as written;
- a link or an image leaves its text (``[the rules](rules.md)`` is ``the rules``); an
  autolink its address;
- emphasis marks go: a run of ``*`` next to a word, a run of ``_`` at a word's edge;
- character references are read (``&#124;`` is ``|``); a line break stays a line break.

Each pattern looks at most ``SPAN`` characters ahead, so the pass is linear in the text.

A text of plain paragraphs and headings alone (no line that starts a list, a quote, a
code block, a table or a link's reference) is read without the parser, line by line,
into the blocks the parser finds: most of a long leaflet is such text, and the parser
takes most of the time of reading it.
"""

from __future__ import annotations

import functools
import html
import re
from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, Final

from blockdomino.verify.places import text_lines
from blockdomino.verify.tables import row_text

if TYPE_CHECKING:
    from markdown_it import MarkdownIt

_RULE_UNDER_HEADING: Final = "| --- |"
SPAN: Final = 1000
"""The longest code span, link text or link address read as one."""


def _marks(*, spaced_breaks: bool) -> re.Pattern[str]:
    """Every mark a block's words may hold; a line break after two spaces only when
    ``spaced_breaks``. The characters a mark starts with come first, in a lookahead, so
    that the engine tries the marks only where one may start: a space is one only for
    such a line break, and spaces are everywhere, so a block without one is read with
    the expression that does not stop at every space."""
    breaks = r" {2,}\n|\\\n" if spaced_breaks else r"\\\n"
    return re.compile(
        rf"(?=[\\`!\[<*_&{' ' if spaced_breaks else ''}])(?:"
        + "|".join(
            (
                r"\\(?P<escaped>[!-/:-@\[-`{-~])",
                rf"(?P<ticks>`+)(?P<code>[^`]{{1,{SPAN}}}?)(?P=ticks)(?!`)",
                rf"!?\[(?P<label>[^\[\]\n]{{0,{SPAN}}})\]\([^()\s]{{0,{SPAN}}}"
                rf"(?:\s+\"[^\"\n]{{0,{SPAN}}}\")?\)",
                rf"<(?P<address>[a-zA-Z][a-zA-Z0-9+.-]{{1,31}}:[^\s<>]{{0,{SPAN}}})>",
                r"(?P<stars>(?<=\S)\*+|\*+(?=\S))",
                r"(?P<underscores>(?<![^\W_])_+|_+(?![^\W_]))",
                r"(?P<entity>&(?:#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[a-zA-Z][a-zA-Z0-9]{1,31});)",
                rf"(?P<hard_break>{breaks})",
            )
        )
        + ")"
    )


_INLINE: Final = _marks(spaced_breaks=True)
_INLINE_UNSPACED: Final = _marks(spaced_breaks=False)
"""The marks of a block with no two spaces before a line break (most blocks)."""


def _shown(match: re.Match[str]) -> str:
    """What a reader sees of one mark."""
    group = match.lastgroup
    if group == "escaped":
        return match["escaped"]
    if group in ("ticks", "code"):
        code = match["code"]
        trimmed = len(code) > 2 and code[0] == code[-1] == " " and code.strip()
        return code[1:-1] if trimmed else code
    if group == "label":
        return match["label"]
    if group == "address":
        return match["address"]
    if group == "entity":
        return html.unescape(match[0])
    if group == "hard_break":
        return "\n"
    return ""


def inline_text(source: str) -> str:
    """The words of a block's Markdown source, its marks taken off."""
    marks = _INLINE if "  \n" in source else _INLINE_UNSPACED
    return marks.sub(_shown, source)


@functools.cache
def _parser() -> MarkdownIt:
    """A CommonMark parser (with tables) that finds blocks only."""
    from markdown_it import MarkdownIt

    parser = MarkdownIt("commonmark").enable("table")
    parser.core.ruler.disable("inline")
    return parser


def markdown_blocks(text: str) -> Iterable[tuple[int, str]]:
    """Each block of a Markdown text as the line it starts on (from 0) and its words;
    code blocks keep their text, since a chain may be shown in one; a table's row is
    one block, its cells parted by bars (``tables.row_text``), the line of dashes under
    its heading row kept, so that the table's rows stay together."""
    plain = _plain_blocks(text)
    return _parsed_blocks(text) if plain is None else plain


_NOT_PLAIN: Final = re.compile(
    r"\n(?:[ \t]*[|:-][|:\- \t]*(?=\n|\Z)|[ \t]+[^ \t\n]|[>*+=_`~<:-]|\d{1,9}[.)])"
)
"""A line that may be more than a paragraph's text, wherever it stands (after a line
break, which the engine looks for first): one that starts with a space or a tab and
then words, with a list's, a quote's, a fence's, a rule's or an HTML block's mark, or
with a number and a dot; a line of a table's dashes."""


def _plain_blocks(text: str) -> Iterator[tuple[int, str]] | None:
    """The blocks of a text of paragraphs parted by blank lines and headings ("## …")
    alone, read without the parser, as the parser reads them: a paragraph's lines
    joined, trimmed of white space at both ends; ``None`` for any other text. The
    blocks are read one at a time, as they are asked for."""
    first_line = text[: text.find("\n") + 1 or len(text)]
    if (
        "\r" in text
        or "\0" in text
        or "]:" in text  # "[label]: address" is a link's
        or _NOT_PLAIN.match("\n" + first_line)
        or _NOT_PLAIN.search(text)
    ):
        return None  # the parser rewrites line ends and nulls
    return _paragraphs(text)


def _paragraphs(text: str) -> Iterator[tuple[int, str]]:
    from markdown_it.common.utils import mdTrim

    paragraph: list[str] = []
    first = 0
    for number, line in enumerate(text_lines(text)):
        heading = _heading(line) if line.startswith("#") else None
        if heading is not None or not line.strip(" \t"):
            if paragraph:
                yield first, inline_text(mdTrim("\n".join(paragraph)))
                paragraph.clear()
            if heading is not None:
                yield number, inline_text(heading)
            continue
        first = first if paragraph else number
        paragraph.append(line)
    if paragraph:
        yield first, inline_text(mdTrim("\n".join(paragraph)))


@functools.lru_cache(maxsize=1024)
def _heading(line: str) -> str | None:
    """The words of a heading written on ``line`` ("## Tiles"), ``None`` if it is none
    (a document repeats its headings: each is parsed once)."""
    tokens = _parser().parse(line)
    return tokens[1].content if tokens and tokens[0].type == "heading_open" else None


def _parsed_blocks(text: str) -> list[tuple[int, str]]:
    """The blocks of a Markdown text as the parser finds them."""
    blocks = []
    row: list[str] | None = None
    for token in _parser().parse(text):
        if token.type == "tr_open":
            row, row_line = [], token.map[0] if token.map else 0
        elif token.type == "tr_close" and row is not None:
            blocks.append((row_line, row_text(row)))
            row = None
        elif token.type == "thead_close":
            blocks.append((row_line + 1, _RULE_UNDER_HEADING))
        if token.map is None:
            continue
        if token.type == "inline" and row is not None:
            row.append(inline_text(token.content))
        elif token.type == "inline":
            blocks.append((token.map[0], inline_text(token.content)))
        elif token.type in ("fence", "code_block"):
            blocks.append((token.map[0] + (token.type == "fence"), token.content))
    return blocks
