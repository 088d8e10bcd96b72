"""Worksheets as a Moodle XML question bank: one multiple-choice question per item.

Each question holds its words in one language, its name too (its place on the sheets
and the question, shortened), its diagrams, the right choice at 100 % and the others at
0 % with the mistake each stands for as the choice's feedback, and the explanation as
general feedback. Questions are filed in a category per topic and
level ("Block/Scoring/Level 2"), topic by topic, in the order of the sheets within each.

The diagrams travel as Moodle's own ``<file>`` elements, referred to as
``@@PLUGINFILE@@/name.svg``: that is how Moodle itself exports images, so its import
stores them as files of the question. A ``data:`` URI in the HTML would instead pass
through the site's HTML cleaning, which may drop it. The pictures are cut down to their
tiles and drawn as compactly as SVG allows (``practice.compact``), and the XML is not
indented, so that a bank for a class of 30 (12 items each) stays under the 2 MB upload
limit that many school Moodles keep.
"""

from __future__ import annotations

import base64
import html
import re
import xml.etree.ElementTree as ET
from collections.abc import Sequence
from typing import Final

from blockdomino.practice.compact import minified, trimmed
from blockdomino.practice.export import figures
from blockdomino.practice.items import Item
from blockdomino.practice.topics import TOPIC_NAMES, TOPICS
from blockdomino.practice.wording import chain_in_words, hand_in_words, seats_in_words, words
from blockdomino.words.i18n import translate

NAME_LENGTH: Final = 70
"""About the longest a question's name grows: a line of the question bank's list."""


def _text(parent: ET.Element, tag: str, content: str, *, html_format: bool = True) -> ET.Element:
    """``<tag format="html"><text>content</text></tag>`` under ``parent``."""
    element = ET.SubElement(parent, tag, {"format": "html"} if html_format else {})
    ET.SubElement(element, "text").text = content
    return element


def _paragraphs(text: str) -> str:
    return f"<p>{html.escape(text)}</p>"


def _category(parent: ET.Element, topic: str, level: int, lang: str) -> None:
    path = "/".join(
        (
            "$course$/top/Block",
            translate(TOPIC_NAMES[topic], lang),
            translate("practice.sheet.level", lang, level=level),
        )
    )
    question = ET.SubElement(parent, "question", {"type": "category"})
    _text(question, "category", path, html_format=False)


def _alts(item: Item, lang: str) -> list[str]:
    """Each diagram in words, in the order of ``figures``, for a pupil who cannot see it:
    the chain tile by tile with its open ends, each hand's tiles, where the four players
    sit. The visible caption says what the picture is, so no screen reader says one
    text twice."""
    position = item.position
    said = [chain_in_words(position.chain, lang)] if position.chain.tiles else []
    said += [hand_in_words(position.hands[seat], lang) for seat in item.shown]
    if position.rules.partnership:
        said.append(seats_in_words(lang))
    return said


def _question_text(parent: ET.Element, item: Item, lang: str, question: str) -> None:
    body = [_paragraphs(question)]
    files = []
    drawn = zip(figures(item, lang), _alts(item, lang), strict=True)
    for number, ((caption, image), alt) in enumerate(drawn, 1):
        name = f"{number}.svg"
        label = html.escape(caption or translate("practice.figure.the_chain", lang))
        body.append(f'<p>{label}<br><img src="@@PLUGINFILE@@/{name}" alt="{html.escape(alt)}"></p>')
        files.append((name, base64.b64encode(minified(trimmed(image)).encode()).decode("ascii")))
    element = _text(parent, "questiontext", "".join(body))
    for name, data in files:
        ET.SubElement(
            element, "file", {"name": name, "path": "/", "encoding": "base64"}
        ).text = data


def question_name(place: str, question: str) -> str:
    """A question's name in the bank, in its language: its place on the sheets ("3.7",
    sheet and item) and the question itself, shortened: the sentence that asks, then
    the givens, cut at a word to about ``NAME_LENGTH`` characters."""
    sentences = re.split(r"(?<=[.?!])\s+", question)
    ask = next((s for s in reversed(sentences) if s.endswith("?")), sentences[-1])
    said = " ".join([ask, *(s for s in sentences if s != ask)])
    if len(said) > NAME_LENGTH:
        said = said[: said.rfind(" ", 0, NAME_LENGTH)].rstrip(",.:;") + " …"
    return f"{place} {said}"


def _question(parent: ET.Element, place: str, item: Item, lang: str) -> None:
    text = words(item, lang)
    question = ET.SubElement(parent, "question", {"type": "multichoice"})
    _text(question, "name", question_name(place, text.question), html_format=False)
    _question_text(question, item, lang, text.question)
    _text(question, "generalfeedback", _paragraphs(text.explanation))
    for tag, value in (  # Moodle's defaults left out: a grade of 1, not hidden
        ("penalty", "0"),
        ("single", "true"),
        ("shuffleanswers", "false"),
        ("answernumbering", "ABCD"),
    ):
        ET.SubElement(question, tag).text = value
    for choice, words_of_choice, note in zip(item.choices, text.choices, text.notes, strict=True):
        fraction = "100" if choice.is_right else "0"
        answer = _text(question, "answer", html.escape(words_of_choice))
        answer.set("fraction", fraction)
        if note:
            _text(answer, "feedback", html.escape(note))


def question_bank(sheets: Sequence[Sequence[Item]], lang: str) -> bytes:
    """The Moodle XML of every item of ``sheets`` in ``lang``: the same sheets, the same
    bytes."""
    quiz = ET.Element("quiz")
    named = [
        (f"{sheet}.{number}", item)
        for sheet, items in enumerate(sheets, 1)
        for number, item in enumerate(items, 1)
    ]
    category = None
    for name, item in sorted(named, key=lambda entry: TOPICS.index(entry[1].topic)):
        if category != (item.topic, item.level):
            category = (item.topic, item.level)
            _category(quiz, item.topic, item.level, lang)
        _question(quiz, name, item, lang)
    written: bytes = ET.tostring(quiz, encoding="utf-8", xml_declaration=True)
    return written + b"\n"
