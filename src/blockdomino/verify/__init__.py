"""Check the worked examples of a rules document: find each chain description, rebuild, compare.

A rules document (text in any common encoding, Markdown, HTML, Word .docx, OpenDocument
.odt or a PDF's text layer, in Finnish, Swedish or English; see ``formats``) shows chains
in the words ``describe`` writes::

    Laatat: [1|4], [1|1]. Liitokset: [1|4] (pienempi pää) – [1|1] (linja A).
    Lailliset jatkokohdat: [1|1] (linja B, 1); [1|4] (suurempi pää, 4).

``verify_text`` finds every such description, whatever surrounds it and however it is
wrapped (a Markdown quote's ``>`` included), and checks it against the rules. The first
listed tile opens the chain; every other tile is placed by its join, in the order the
joins are listed, by legal play; the continuations listed must be exactly the chain's
two open ends, each with the number it shows, in canonical order (only a different order
is a warning rather than an error). It also finds lines of play written as tiles in the
order they lie (``[1|3] [3|6] [6|6] [6|2]``, see ``chains``) and rebuilds them; a list
of tiles that is no line (a hand) is reported as not checked; tiles listed in the order
they were played ("Spelordning: 4-4, 4-2, 4-6") go to either end (``order``), and an
example the author shows wrong on purpose ("Väärin:", "The wrong way:") is said to be
so, never counted as an error. Claims in the prose (the
open ends beside a chain, the pips of a hand, the points of a round: ``claims``,
``scores``) are checked against the chain or hands they speak of and the rules of a
preset (``--rules``; by default the one the document names, "Säännöt: block", else
``match``); a claim that cannot be tied to a chain or to hands is not checked. Each discrepancy is a
``Finding``: a kind and the values involved, worded through the catalogs (``verify.*``)
in any language.

The words the reader looks for come from the catalogs that ``describe`` writes with, so
rewording a description there rewords what the verifier reads. Reading is linear in the
length of the text: one regular expression finds where descriptions start, and the
expressions that read them never backtrack further than one list item.

``--json`` output of ``blockdomino verify`` (``report_json``), version 1::

    {"version": 1, "status": 0 | 1 | 2,
     "files": [{"path": str, "language": "fi" | "sv" | "en" | null (the document's own),
                "rules": "match" | "block" | "partnership" | "draw" (claims checked by),
                "status": 0 | 1 | 2, "problem": FINDING | null,
                "stopped": bool (the search stopped at MAX_FAILURES failing examples),
                "not_checked": [{"line": int, "place": PLACE, "text": str (quoted),
                                 "reason": "tiles" | "ends" | "ends_unread" | "points" | "pips"
                                           | "wrong_on_purpose" (an example the author
                                             shows as wrong: what makes it so, in
                                             "finding"; no error of the document)
                                           | "marked_wrong" (shown as wrong, its tiles join),
                                 "message": str, "finding"?: FINDING}],
                "examples": [EXAMPLE, …],
                "claims": [EXAMPLE, …] (kind "claim"; chain: the chain it speaks of)}]}
    EXAMPLE = {"line": int (of the text read), "place": PLACE,
               "kind": "description" | "line" (tiles in a row) | "claim",
               "text": str (what was checked, quoted, shortened),
               "language": "fi" | "sv" | "en", "ok": bool,
               "chain": ["[1|4]", …] | null, "findings": [FINDING, …],
               "more_findings": int (findings of a kind beyond the first
                                     SAME_KIND_SHOWN, left out)}
    PLACE = {"line": int} (text, Markdown, HTML) | {"paragraph": int, "page"?: int}
          (.docx, .odt: paragraphs with text, a table's row one, counted from 1)
          | {"page": int, "line": int} (PDF); a table's row also has
          "table": int, "row": int (both counted from 1, the heading row 1)
    FINDING = {"kind": str, "severity": "error" | "warning", "message": str,
               "found": VALUE | null (what the text has), "expected": VALUE | null
               (what it should have), "values": {name: VALUE}}
    VALUE = int | str (a tile "[1|4]", a side "lower_end", quoted text) | list of VALUE
          | {"chain_tile", "chain_side", "tile", "side"} (a join)
          | {"tile", "side", "pips"} (an open end) | {"value": "tile" | "number"}

``status`` is 0 when every example checks, 1 when one fails, 2 for unusable input.

The public names are what a Python user checking a document needs: ``verify_text`` (a
text's examples), ``examine`` (its claims too), ``verify_file`` (a file in any format),
``verify_bytes`` (a file's bytes and name, as the app's "Check a leaflet" has them) and
``verify_document`` (a document already read), ``read_chain`` (one description read back
as its chain, or refused with a ``DescriptionError``), the reports (``ExampleReport``,
``FileReport``, ``Finding`` with its ``Problem`` and ``Expect``, ``Unchecked``,
``Place``), their words and JSON (``report_text``, ``report_json``) and the statuses
(``OK``, ``FAILED``, ``UNUSABLE``, ``MAX_FAILURES``). The rest is the package's inside:
it reads descriptions (``reading``), rebuilds and diagnoses their chains
(``diagnosis``) and lines of play (``chains``), reads the claims in the prose
(``sentences``: where its sentences end, found once; ``claims``: open ends; ``hands``:
pips; ``scores``: points; ``winners``: who wins a blocked round; ``numbers``: how
numbers, pips and points are written; the words of each language in ``lexicon``, one
file a language), reads tables as rows of cells and checks
what they claim (``tables``: running totals, the end and the winner of a match, hands),
words what it finds (``findings``), reads files in their formats with the place of each
line (``formats``, ``decoding``: a text file's encoding, ``places``; a text whose name
does not tell, such as pasted text, as its marks tell: ``kinds``), checks whole documents
(``documents``), reports on files (``reports``) and as a page (``page``), and runs the
command (``command``).
"""

from blockdomino.verify.documents import (
    FAILED,
    MAX_FAILURES,
    OK,
    UNUSABLE,
    DescriptionError,
    examine,
    read_chain,
    verify_text,
)
from blockdomino.verify.findings import ExampleReport, Expect, Finding, Problem, Unchecked
from blockdomino.verify.places import Place
from blockdomino.verify.reports import (
    FileReport,
    report_json,
    report_text,
    verify_bytes,
    verify_document,
    verify_file,
)

__all__ = [
    "FAILED",
    "MAX_FAILURES",
    "OK",
    "UNUSABLE",
    "DescriptionError",
    "ExampleReport",
    "Expect",
    "FileReport",
    "Finding",
    "Place",
    "Problem",
    "Unchecked",
    "examine",
    "read_chain",
    "report_json",
    "report_text",
    "verify_bytes",
    "verify_document",
    "verify_file",
    "verify_text",
]
