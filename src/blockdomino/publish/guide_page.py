"""The teachers' guide laid out as one web page and as Markdown.

The page is whole in itself: its style inline, its screenshots as ``data:`` addresses,
no script and nothing fetched from anywhere, so it reads the same offline, saved to a
file or printed from the browser. Every word is escaped; a `code` span of the catalogs
becomes ``<code>``. The Markdown is what ``docs/guide/<lang>.md`` holds, so the guide
reads on a code host too (its commands there are checked like every other document's).
"""

from __future__ import annotations

import base64
import html
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any, Final

from blockdomino.files import write_atomic
from blockdomino.publish.guide import PICTURES, guide
from blockdomino.words.i18n import LANGS, translate

CODE: Final = re.compile(r"`([^`]+)`")
STYLE: Final = """
body { font: 18px/1.5 system-ui, sans-serif; max-width: 46rem; margin: 0 auto;
  padding: 1rem; color: #111; background: #fff; }
h1 { font-size: 1.8rem; line-height: 1.2; } h2 { margin-top: 2.2rem; font-size: 1.35rem; }
code, pre { font-family: ui-monospace, monospace; background: #f1f1ee; border-radius: 4px; }
code { padding: 0 .2em; } pre { padding: .6rem .8rem; white-space: pre-wrap; margin-bottom: .3rem; }
pre + p { margin-top: 0; } li { margin: .5rem 0; }
table { border-collapse: collapse; width: 100%; } th, td { border: 1px solid #999;
  padding: .4rem; text-align: left; vertical-align: top; }
figure { margin: 1rem 0; } img { max-width: 100%; height: auto; border: 1px solid #999; }
figcaption { font-size: .9rem; } nav.languages a { margin-right: 1rem; }
@media print { nav { display: none; } body { font-size: 12pt; max-width: none; } }
"""


def inline(text: str) -> str:
    """``text`` escaped for HTML, its `code` spans as ``<code>``."""
    return CODE.sub(lambda match: f"<code>{match[1]}</code>", html.escape(text))


def picture_address(file: str) -> str:
    """A screenshot as a ``data:`` address, so the page needs no other file."""
    data = base64.b64encode((PICTURES / file).read_bytes()).decode("ascii")
    return f"data:image/png;base64,{data}"


def _part_html(part: dict[str, Any]) -> str:
    kind = part["kind"]
    if kind == "text":
        return f"<p>{inline(part['text'])}</p>"
    if kind in ("steps", "points"):
        tag = "ol" if kind == "steps" else "ul"
        items = "".join(f"<li>{inline(item)}</li>" for item in part["items"])
        return f"<{tag}>{items}</{tag}>"
    if kind == "command":
        typed = html.escape(part["command"])
        return f"<pre><code>{typed}</code></pre><p>{inline(part['text'])}</p>"
    if kind == "picture":
        caption = inline(part["text"])
        alt = html.escape(CODE.sub(r"\1", part["text"]))
        source = picture_address(part["file"])
        picture = f'<img src="{source}" alt="{alt}">'
        return f"<figure>{picture}<figcaption>{caption}</figcaption></figure>"
    head = "".join(f'<th scope="col">{inline(cell)}</th>' for cell in part["head"])
    rows = "".join(
        "<tr>" + "".join(f"<td>{inline(cell)}</td>" for cell in row) + "</tr>"
        for row in part["rows"]
    )
    return f"<table><thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table>"


def html_page(lang: str, link: Callable[[str], str] | None = None) -> str:
    """The guide in ``lang`` as one page; with ``link`` (a language → its page's
    address), links to the guide in the other languages at its top."""
    shown = guide(lang)
    languages = ""
    if link is not None:
        links = "".join(
            f'<a href="{html.escape(link(other))}" lang="{other}">'
            f"{html.escape(translate(f'app.lang.{other}', other))}</a>"
            for other in LANGS
            if other != shown["lang"]
        )
        said = html.escape(translate("app.language", shown["lang"]))
        languages = f'<nav class="languages" aria-label="{said}">{links}</nav>\n'
    contents = "".join(
        f'<li><a href="#{section["anchor"]}">{inline(section["heading"])}</a></li>'
        for section in shown["sections"]
    )
    sections = "\n".join(
        f'<section id="{section["anchor"]}"><h2>{inline(section["heading"])}</h2>\n'
        + "\n".join(_part_html(part) for part in section["parts"])
        + "</section>"
        for section in shown["sections"]
    )
    return f"""<!doctype html>
<html lang="{shown["lang"]}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{inline(shown["title"])}</title>
<style>{STYLE}</style>
</head>
<body>
{languages}<main>
<h1>{inline(shown["title"])}</h1>
<p>{inline(shown["intro"])}</p>
<nav aria-label="{html.escape(shown["contents"])}">
<h2>{inline(shown["contents"])}</h2><ol>{contents}</ol></nav>
{sections}
</main>
</body>
</html>
"""


def write_pages(folder: Path, lang: str) -> None:
    """The guide as a built site's own pages, for a site served by any web server (the
    class server answers ``/guide`` itself): ``folder/index.html`` in ``lang`` and
    ``folder/<lang>/index.html`` in each language, each linking the others."""
    for each in LANGS:
        (folder / each).mkdir(parents=True, exist_ok=True)
        write_atomic(folder / each / "index.html", html_page(each, link=lambda o: f"../{o}/"))
    write_atomic(folder / "index.html", html_page(lang, link=lambda other: f"{other}/"))


def _cell(text: str) -> str:
    """A Markdown table's cell: its bars escaped."""
    return text.replace("|", "\\|")


def _part_markdown(part: dict[str, Any], pictures: str) -> str:
    kind = part["kind"]
    if kind == "text":
        return str(part["text"])
    if kind == "steps":
        return "\n".join(f"{number}. {item}" for number, item in enumerate(part["items"], 1))
    if kind == "points":
        return "\n".join(f"- {item}" for item in part["items"])
    if kind == "command":
        return f"```sh\n{part['command']}\n```\n\n{part['text']}"
    if kind == "picture":
        alt = CODE.sub(r"\1", part["text"])
        return f"![{alt}]({pictures}/{part['file']})\n\n*{part['text']}*"
    lines = ["| " + " | ".join(_cell(cell) for cell in part["head"]) + " |",
             "|" + "---|" * len(part["head"])]  # fmt: skip
    lines += ["| " + " | ".join(_cell(cell) for cell in row) + " |" for row in part["rows"]]
    return "\n".join(lines)


def markdown(lang: str, pictures: str) -> str:
    """The guide in ``lang`` as Markdown, its screenshots linked from the folder
    ``pictures`` (relative to where the Markdown is kept)."""
    shown = guide(lang)
    blocks = [f"# {shown['title']}", shown["intro"]]
    for section in shown["sections"]:
        blocks.append(f"## {section['heading']}")
        blocks += [_part_markdown(part, pictures) for part in section["parts"]]
    return "\n\n".join(blocks) + "\n"
