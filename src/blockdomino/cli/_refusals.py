"""argparse's refusals said again in the learner's language.

argparse words what it refuses in English (through ``gettext``, which our catalogs do
not feed). Each of its messages is matched here against the English templates it uses
(Python 3.11 to 3.14 word them alike; 3.12 and later write a choice without quotes and
may add "maybe you meant …"), and said anew from the catalogs (``cli.po``). A message
no template knows is said as a sentence in the learner's language that names the option
and points to ``--help``: never English inside a Finnish or Swedish sentence.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Mapping, Sequence
from typing import Final, NamedTuple

from blockdomino.words.errors import quoted
from blockdomino.words.i18n import format_list, translate

_ARGUMENT: Final = re.compile(r"argument (?P<option>[^:\s]+): (?P<detail>.*)", re.DOTALL)
"""argparse's frame for a refusal of one option or argument: ``argument --level: …``
(``-o/--output`` for an option with two names)."""

_CHOICE: Final = re.compile(
    r"invalid choice: (?P<value>.*?)(?:, maybe you meant .*\?)? \(choose from (?P<known>.*)\)",
    re.DOTALL,
)
"""A value an option does not have; its list of choices is cut short when quoted as a
whole, so the command line words it itself with every choice."""


class Template(NamedTuple):
    """One of argparse's messages as a pattern, the catalog key that says it, and whether
    the names it lists are alternatives ("--domino or --blocked")."""

    pattern: re.Pattern[str]
    key: str
    either: bool = False


def _template(pattern: str, key: str, *, either: bool = False) -> Template:
    return Template(re.compile(pattern, re.DOTALL), key, either)


OF_AN_OPTION: Final = (
    _template(r"invalid int value: (?P<value>.*)", "cli.argparse.int"),
    _template(r"invalid float value: (?P<value>.*)", "cli.argparse.float"),
    _template(r"invalid \S+ value: (?P<value>.*)", "cli.error.choice"),
    _template(r"expected (?:one|1) argument", "cli.argparse.one"),
    _template(r"expected at most one argument", "cli.argparse.at_most_one"),
    _template(r"expected at least one argument", "cli.argparse.at_least_one"),
    _template(r"expected (?P<count>\d+) arguments?", "cli.argparse.count"),
    _template(r"not allowed with argument (?P<other>\S+)", "cli.argparse.together"),
    _template(r"ignored explicit argument (?P<value>.*)", "cli.argparse.no_value"),
)
"""argparse's refusals of one option (after ``argument --level: ``), each said with the
option's name."""

OF_THE_LINE: Final = (
    _template(r"unrecognized arguments: (?P<words>.*)", "cli.argparse.unrecognized"),
    _template(r"the following arguments are required: (?P<names>.*)", "cli.argparse.required"),
    _template(
        r"one of the arguments (?P<names>.*) is required", "cli.argparse.one_of", either=True
    ),
    _template(
        r"ambiguous option: (?P<value>\S+) could match (?P<names>.*)",
        "cli.argparse.ambiguous",
        either=True,
    ),
)
"""argparse's refusals of the command line as a whole."""

USER_TEXT: Final = ("value", "words")
"""The parts of a message that are what the learner typed: quoted as input is (one
line, control characters escaped, cut short)."""


def unquoted(text: str) -> str:
    """A value argparse wrote as ``repr`` (``'match'``), as the learner typed it."""
    try:
        value = ast.literal_eval(text)
    except (ValueError, SyntaxError):
        return text
    return value if isinstance(value, str) else text


def _name(option: str) -> str:
    """An option as the refusal names it: ``--output`` for ``-o/--output``."""
    return option.rsplit("/", 1)[-1]


def _filled(
    match: re.Match[str], either: bool, lang: str, names: Mapping[str, str]
) -> dict[str, str]:
    """The parts of a matched message as the catalog text takes them: the learner's words
    quoted, the names of options and arguments joined as the language joins them (as
    alternatives with ``either``), each in the learner's word where ``names`` has one."""
    parts = {name: value for name, value in match.groupdict().items() if value is not None}
    for part in USER_TEXT:
        if part in parts:
            parts[part] = quoted(unquoted(parts[part]))
    if "names" in parts:
        listed = [names.get(name, _name(name)) for name in re.split(r",? ", parts["names"])]
        parts["names"] = format_list(listed, lang, either=either)
    if "other" in parts:
        parts["other"] = _name(parts["other"])
    return parts


def _said(
    message: str, templates: Sequence[Template], lang: str, names: Mapping[str, str], **known: str
) -> str | None:
    """The message said from the first template it matches whole, or ``None``."""
    for template in templates:
        match = template.pattern.fullmatch(message)
        if match:
            parts = _filled(match, template.either, lang, names)
            return translate(template.key, lang, **known, **parts)
    return None


def unknown_words(words: Sequence[str], lang: str, prog: str) -> str:
    """The words of a command line that the command ``prog`` does not know, refused in
    ``lang``."""
    said = translate("cli.argparse.unrecognized", lang, words=quoted(" ".join(words)))
    return translate("cli.error.arguments", lang, detail=said, prog=prog)


def refusal(message: str, lang: str, prog: str, names: Mapping[str, str] | None = None) -> str:
    """argparse's ``message`` as one line in ``lang`` for the command ``prog``.

    ``names`` gives the learner's word for a name argparse uses (``command`` for the
    list of commands), so that a missing command is asked for in the learner's words."""
    names = names or {}
    argument = _ARGUMENT.fullmatch(message)
    if argument:
        option, detail = _name(argument["option"]), argument["detail"]
        choice = _CHOICE.fullmatch(detail)
        if choice:
            return _choice(option, choice, lang)
        said = _said(detail, OF_AN_OPTION, lang, names, option=option)
        said = said or translate("cli.argparse.option", lang, option=option)
    else:
        said = _said(message, OF_THE_LINE, lang, names) or translate("cli.argparse.line", lang)
    return translate("cli.error.arguments", lang, detail=said, prog=prog)


def _choice(option: str, choice: re.Match[str], lang: str) -> str:
    """A value an option (or the list of commands) does not have, with every choice named."""
    known = ", ".join(map(unquoted, choice["known"].split(", ")))
    value = quoted(unquoted(choice["value"]))
    key = "cli.error.choice" if option.startswith("-") else "cli.error.command"
    said = translate(key, lang, option=option, value=value)
    return f"{said} {translate('cli.error.choices', lang, known=known)}"
