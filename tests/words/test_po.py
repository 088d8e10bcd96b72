"""The catalogs' quick reader agrees with Babel's PO parser on every catalog."""

from __future__ import annotations

from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from blockdomino.words.i18n import LANGS, catalog_root
from blockdomino.words.po import read_messages

CATALOGS = sorted(path for lang in LANGS for path in (catalog_root() / lang).glob("*.po"))


@pytest.mark.parametrize("path", CATALOGS, ids=lambda path: f"{path.parent.name}/{path.name}")
def test_every_catalog_reads_as_babel_reads_it(path: Path) -> None:
    with path.open("rb") as file:
        expected = {m.id: m.string for m in read_po(file, locale=path.parent.name) if m.id}
    assert read_messages(path.read_text(encoding="utf-8"), name=path.name) == expected


def test_strings_run_over_lines_and_escapes_are_undone() -> None:
    text = (
        'msgid ""\nmsgstr "Language: fi\\n"\n\n'
        "#. a comment\n"
        'msgid "a.key"\nmsgstr ""\n"line one\\n"\n"\\"quoted\\" \\\\ [6\\\\|6]\\ttab\\r"\n'
    )
    assert read_messages(text) == {"a.key": 'line one\n"quoted" \\ [6\\|6]\ttab\r'}


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ('msgid "a"\nmsgstr "b"\nnonsense\n', "x.po:3"),
        ('"stray"\n', "x.po:1"),
        ('msgstr "no id"\n', "without its msgid"),
    ],
)
def test_a_catalog_out_of_shape_is_a_fault_named_by_file_and_line(text: str, said: str) -> None:
    with pytest.raises(ValueError, match=said):
        read_messages(text, name="x.po")
