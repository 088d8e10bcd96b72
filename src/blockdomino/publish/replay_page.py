"""A replay as one self-contained HTML page: ``blockdomino replay RECORD.json --out page.html``.

Every step's words are in the page; its diagrams are inline SVG. The styles sit in the
page and a few lines of plain JavaScript step through with the buttons, the slider and
the arrow keys; each step taken is said to screen readers through the page's one live
region (a region that was hidden when the page loaded is not reliably read). Nothing
is fetched: a teacher can mail the file or put it on a learning platform.

A long match stays a small page: the page holds every tile face once, as SVG symbols,
and the diagrams' stylesheet once (``svg.shared_sheet``); the diagrams drawn with shared
faces place their tiles as ``<use>`` references to the symbols. The diagrams of the
first ``PACK`` steps are inline, and those of the later steps are packed ``PACK`` steps
at a time (JSON, gzip, base64; SVG of one game repeats itself, so a pack shrinks about
tenfold). The browser unpacks a pack (``DecompressionStream``) and draws a step's
diagrams only when the step is shown.

A record longer than a page replays (``MAX_STEPS``, ``MAX_RECORD_BYTES``) is refused
before any work, in words that name the limit (``check_length``).
"""

from __future__ import annotations

import base64
import gzip
import html
import json
from collections.abc import Sequence
from typing import Final

from blockdomino import svg
from blockdomino.engine.errors import BlockdominoError
from blockdomino.play.walkthrough import Frame, figures_html, frame_html
from blockdomino.publish import pages
from blockdomino.words.i18n import parse_lang, translate

STYLE: Final = """
body{font-family:DejaVu Sans,Verdana,sans-serif;margin:1em auto;max-width:70em;padding:0 1em}
nav{display:flex;flex-wrap:wrap;gap:.5em;align-items:center;margin:.5em 0}
button{font-size:1em;padding:.4em .9em}
.bd-frame svg{max-width:100%;height:auto}
.bd-figure{margin:.5em 0}
.bd-unseen{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);
white-space:nowrap}
"""

MAX_STEPS: Final = 25_000
"""The most steps (plays, passes and draws) one page replays. A two-player match of
2,000 rounds has about 23,000: its page is 16 MB, written in about 18 s
(``benchmarks/bench_replay.py``), and the time and the memory grow with every step, so
a longer record would take minutes and make a page too large for a browser."""
MAX_RECORD_BYTES: Final = 8 * 1024 * 1024
"""The largest record a page is made from (25,000 steps are about 4 MB of record)."""
PROGRESS_STEPS: Final = 2_000
"""Records of at least this many steps (a few seconds' work) show a progress bar."""

PACK: Final = 32
"""Steps whose diagrams are packed together; the first ``PACK`` steps' are inline."""

SCRIPT: Final = """
(function () {
  var frames = document.querySelectorAll(".bd-frame");
  var packs = JSON.parse(document.getElementById("bd-packs").textContent);
  var unpacked = {};
  var slider = document.getElementById("bd-slider");
  var last = frames.length - 1;
  var step = 0;
  function unpack(number) {
    if (!unpacked[number]) {
      var bytes = Uint8Array.from(atob(packs[number]), function (c) { return c.charCodeAt(0); });
      var stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
      unpacked[number] = new Response(stream).text().then(JSON.parse);
    }
    return unpacked[number];
  }
  function draw(frame) {
    var pack = frame.getAttribute("data-pack");
    if (pack === null || frame.getAttribute("data-drawn")) { return; }
    frame.setAttribute("data-drawn", "1");
    unpack(Number(pack)).then(function (figures) {
      frame.querySelector(".bd-figures").innerHTML = figures[Number(frame.getAttribute("data-at"))];
    });
  }
  function say(frame) {
    var words = [frame.querySelector("h4").textContent];
    frame.querySelectorAll(".bd-said p").forEach(function (line) { words.push(line.textContent); });
    document.getElementById("bd-now").textContent = words.join(" ");
  }
  function show(next, quietly) {
    step = Math.max(0, Math.min(next, last));
    for (var index = 0; index <= last; index += 1) {
      frames[index].hidden = index !== step;
    }
    draw(frames[step]);
    slider.value = step;
    document.getElementById("bd-first").disabled = step === 0;
    document.getElementById("bd-back").disabled = step === 0;
    document.getElementById("bd-forward").disabled = step === last;
    document.getElementById("bd-last").disabled = step === last;
    if (!quietly) { say(frames[step]); }
  }
  var moves = {
    "bd-first": function () { return 0; },
    "bd-back": function () { return step - 1; },
    "bd-forward": function () { return step + 1; },
    "bd-last": function () { return last; }
  };
  Object.keys(moves).forEach(function (id) {
    document.getElementById(id).addEventListener("click", function () { show(moves[id]()); });
  });
  slider.addEventListener("input", function () { show(Number(slider.value)); });
  var keys = {ArrowLeft: "bd-back", ArrowRight: "bd-forward", Home: "bd-first", End: "bd-last"};
  document.addEventListener("keydown", function (event) {
    if (keys[event.key] && event.target !== slider) {
      event.preventDefault();
      show(moves[keys[event.key]]());
    }
  });
  show(0, true);
})();
"""


def _button(ident: str, key: str, tooltip: str, lang: str) -> str:
    label = html.escape(translate(key, lang))
    title = html.escape(translate(tooltip, lang))
    return f'<button type="button" id="{ident}" title="{title}">{label}</button>'


def page(frames: Sequence[Frame], *, lang: str, large: bool = False) -> str:
    """The whole page: a title, the step controls, every frame (all but the first hidden),
    and the tile faces the frames' diagrams share (see ``walkthrough.frames``)."""
    parse_lang(lang)
    title = html.escape(translate("replay.page.title", lang))
    buttons = "".join(
        (
            _button("bd-first", "replay.button.first", "replay.button.first.tooltip", lang),
            _button("bd-back", "replay.button.back", "replay.button.back.tooltip", lang),
            _button("bd-forward", "replay.button.forward", "replay.button.forward.tooltip", lang),
            _button("bd-last", "replay.button.last", "replay.button.last.tooltip", lang),
        )
    )
    slider = (
        f"<label>{html.escape(translate('replay.slider', lang))} "
        f'<input type="range" id="bd-slider" min="0" max="{len(frames) - 1}" value="0"></label>'
    )
    shown, packs = _frames_html(frames, large=large)
    keys = html.escape(translate("replay.page.keys", lang))
    body = (
        f"{svg.shared_sheet()}\n<h1>{title}</h1>\n<p>{keys}</p>\n<nav>{buttons}{slider}</nav>\n"
        f'<main>{shown}</main>\n<div id="bd-now" class="bd-unseen" aria-live="polite"></div>\n'
        f'<script type="application/json" id="bd-packs">{packs}</script>\n'
        f"<script>{SCRIPT}</script>\n"
    )
    return pages.page(lang=lang, title=translate("replay.page.title", lang), style=STYLE, body=body)


def _frames_html(frames: Sequence[Frame], *, large: bool) -> tuple[str, str]:
    """Every frame's HTML (all but the first hidden), and the packs of the later frames'
    diagrams as a JSON list (see the module docstring)."""
    parts = []
    packs: list[str] = []
    for start in range(0, len(frames), PACK):
        chunk = frames[start : start + PACK]
        number = len(packs)
        for at, frame in enumerate(chunk):
            hidden = " hidden" if start + at else ""
            if start:
                where = f'{hidden} data-pack="{number}" data-at="{at}"'
                parts.append(frame_html(frame, large=large, attributes=where, figures=""))
            else:
                parts.append(frame_html(frame, large=large, attributes=hidden))
        if start:
            packs.append(_packed([figures_html(frame) for frame in chunk]))
    return "".join(parts), json.dumps(packs)


def _packed(figures: list[str]) -> str:
    """Diagrams' HTML as gzip-compressed JSON in base64 (the same bytes every time)."""
    data = json.dumps(figures, ensure_ascii=False).encode("utf-8")
    return base64.b64encode(gzip.compress(data, compresslevel=6, mtime=0)).decode("ascii")


def check_length(record: bytes) -> int:
    """The steps of ``record`` (its rounds' events), counted without replaying them; a
    record of more than ``MAX_STEPS`` is refused with a ``BlockdominoError`` that names
    the limit. Text that is no record is left to ``records.read`` to refuse."""
    try:
        data = json.loads(record)
    except (ValueError, RecursionError):
        return 0
    rounds = data.get("rounds") if isinstance(data, dict) else None
    steps = sum(
        len(events)
        for entry in (rounds if isinstance(rounds, list) else ())
        if isinstance(entry, dict) and isinstance(events := entry.get("events"), list)
    )
    if steps > MAX_STEPS:
        raise BlockdominoError("replay.error.too_long", steps=steps, most=MAX_STEPS)
    return steps
