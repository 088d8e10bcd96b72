"""The offline site's build steps that need no network: diagrams JupyterLite can inline,
the empty lock, the slimmed Babel wheel, the landing page and the check for outside URLs.

The whole build, run in Chromium with every outside request aborted, is in
``tests/browser/test_site.py``.
"""

from __future__ import annotations

import hashlib
import json
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest
from markupsafe import escape

from blockdomino.analysis.lab import blocked_plot, heavy_plot, measure, pips_plot
from blockdomino.analysis.lab.plots import PlotNote
from blockdomino.cli import main
from blockdomino.publish.downloads import PYODIDE_VERSION
from blockdomino.publish.site import (
    LOCK,
    SiteError,
    ascii_svg,
    build,
    copy_tutorial,
    empty_lock,
    external_urls,
    folder_notice,
    landing_page,
    page_config,
    send_to_the_landing_page,
    slim_babel,
)
from blockdomino.words.i18n import LANGS, translate

ROOT = Path(__file__).resolve().parents[2]


def test_svg_is_ascii_with_the_same_characters() -> None:
    """btoa() takes only Latin-1, and a lone ä byte is no UTF-8: every non-ASCII
    character becomes a character reference, the rest stays byte for byte."""
    text = "<svg><title>Ketju – pää</title><desc>[1|4]</desc></svg>"
    written = ascii_svg(text)
    assert written.isascii()
    assert written == "<svg><title>Ketju &#8211; p&#228;&#228;</title><desc>[1|4]</desc></svg>"


def test_copied_diagrams_are_ascii(tmp_path: Path) -> None:
    """Every chapter of every language is copied, and every copied SVG is ASCII."""
    copied = copy_tutorial(ROOT / "notebooks", tmp_path)
    for lang in LANGS:
        on_disk = sorted(path.name for path in (ROOT / "notebooks" / lang).glob("[0-9]*.ipynb"))
        assert sorted(path.name for path in copied if path.parent.name == lang) == on_disk
        svgs = list((tmp_path / lang / "images").glob("*.svg"))
        assert svgs
        assert all(path.read_bytes().isascii() for path in svgs)


def test_copied_notebooks_keep_text_as_strings(tmp_path: Path) -> None:
    """Every multiline text of a copied notebook is one string (JupyterLite would show a
    list of lines with commas); the cells and their text are the same."""
    for copied in copy_tutorial(ROOT / "notebooks", tmp_path):
        saved = json.loads((ROOT / "notebooks" / copied.parent.name / copied.name).read_text())
        written = json.loads(copied.read_text(encoding="utf-8"))
        assert len(written["cells"]) == len(saved["cells"])
        for before, after in zip(saved["cells"], written["cells"], strict=True):
            assert after["source"] == "".join(before["source"])
            for old, new in zip(before.get("outputs", []), after.get("outputs", []), strict=True):
                if "text" in old:
                    assert new["text"] == "".join(old["text"])
                for kind, value in new.get("data", {}).items():
                    assert isinstance(value, str) or kind.endswith("json"), (copied, kind)


def test_empty_lock_keeps_the_platform_and_names_the_version() -> None:
    lock = {"info": {"arch": "wasm32", "python": "3.14.2"}, "packages": {"micropip": {}}}
    emptied = empty_lock(lock)
    assert emptied["packages"] == {}
    assert emptied["info"] == {"arch": "wasm32", "python": "3.14.2", "version": PYODIDE_VERSION}
    assert lock["packages"], "the input lock is unchanged"


def test_kernel_never_falls_back_to_pypi() -> None:
    settings = page_config()["jupyter-config-data"]["litePluginSettings"]
    assert settings["@jupyterlite/pyodide-kernel-extension:kernel"]["disablePyPIFallback"]


def _site_with_lock(out: Path, packages: dict[str, object]) -> Path:
    (out / LOCK).parent.mkdir(parents=True)
    (out / LOCK).write_text(json.dumps({"info": {}, "packages": packages}), encoding="utf-8")
    (out / "jupyter-lite.json").write_text(json.dumps(page_config()), encoding="utf-8")
    return out


def test_outside_urls_are_found(tmp_path: Path) -> None:
    """A lock entry pointing at a CDN is reported; relative paths are not."""
    cdn = "https://cdn.jsdelivr.net/pyodide/v314.0.6/full/micropip-0.11.1-py3-none-any.whl"
    site = _site_with_lock(
        tmp_path, {"a": {"file_name": "a-1-py3-none-any.whl"}, "micropip": {"file_name": cdn}}
    )
    assert external_urls(site) == [f"{LOCK.as_posix()}: {cdn}"]


def test_outside_addresses_an_html_page_fetches_are_found(tmp_path: Path) -> None:
    """A page of the site that would load a stylesheet, a script or a font from another
    host is reported (as an app's page asking a CDN for an icon font would be); a link a
    reader follows, an XML namespace and the site's own files are not."""
    site = _site_with_lock(tmp_path, {"a": {"file_name": "a-1-py3-none-any.whl"}})
    page = site / "lab" / "index.html"
    page.parent.mkdir()
    page.write_text(
        '<html><head><link rel="stylesheet" href="https://cdn.example.org/fa/all.min.css">'
        '<script src="//cdn.example.org/x.js"></script><script src="../build/app.js"></script>'
        "<style>@font-face{src:url('https://fonts.example.org/f.woff2')}</style></head>"
        '<body><a href="https://jupyter.org">Jupyter</a>'
        '<svg xmlns="http://www.w3.org/2000/svg"></svg></body></html>',
        encoding="utf-8",
    )
    assert external_urls(site) == [
        "lab/index.html: https://cdn.example.org/fa/all.min.css",
        "lab/index.html: //cdn.example.org/x.js",
        "lab/index.html: https://fonts.example.org/f.woff2",
    ]


def test_babel_keeps_only_the_tutorials_locales(tmp_path: Path) -> None:
    """Locale data of fi, sv, en (and their regional variants) and root stay; the others
    go, from the files and the RECORD; the lock records the new wheel's hash."""
    names = ["fi", "fi_FI", "sv", "sv_FI", "en", "en_GB", "root", "de", "fil", "sw"]
    site = _site_with_lock(tmp_path, {"babel": {"file_name": "babel-2-py3-none-any.whl"}})
    wheel = site / LOCK.parent / "babel-2-py3-none-any.whl"
    record = "".join(f"babel/locale-data/{name}.dat,,\n" for name in names)
    with zipfile.ZipFile(wheel, "w") as archive:
        for name in names:
            archive.writestr(f"babel/locale-data/{name}.dat", b"x" * 1000)
        archive.writestr("babel/core.py", "")
        archive.writestr("babel-2.dist-info/RECORD", record)
    assert slim_babel(site) > 0
    with zipfile.ZipFile(wheel) as archive:
        kept = set(archive.namelist())
        left = archive.read("babel-2.dist-info/RECORD").decode()
    stems = {"fi", "fi_FI", "sv", "sv_FI", "en", "en_GB", "root"}
    assert {f"babel/locale-data/{stem}.dat" for stem in stems} | {"babel/core.py"} <= kept
    assert not {"babel/locale-data/de.dat", "babel/locale-data/fil.dat"} & kept
    assert "fi.dat" in left
    assert "de.dat" not in left
    assert "fil.dat" not in left
    lock = json.loads((site / LOCK).read_text(encoding="utf-8"))
    assert lock["packages"]["babel"]["sha256"] == hashlib.sha256(wheel.read_bytes()).hexdigest()


def test_landing_page_links_every_chapter() -> None:
    """Each language in its own words, its welcome notebook first, every chapter by its
    title, JupyterLite's root configuration kept (the apps read it)."""
    page = landing_page()
    assert 'id="jupyter-config-data"' in page
    assert "config-utils.js" not in page, "the landing page must not redirect"
    for lang in LANGS:
        section = page[page.index(f'<section lang="{lang}">') :]
        section = section[: section.index("</section>")]
        assert translate("site.start", lang) in section
        app = f'<a class="app" href="app/?lang={lang}">{escape(translate("site.app", lang))}</a>'
        assert section.index(app) < section.index(escape(translate("site.start", lang)))
        chapters = sorted((ROOT / "notebooks" / lang).glob("[0-9]*.ipynb"))
        assert f'href="lab/index.html?path={lang}/{chapters[0].name}"' in section
        for chapter in chapters:
            assert f"?path={lang}/{chapter.name}" in section
        for key in ("nb.welcome.title", "nb.strategy.title", "nb.draw.title"):
            assert f">{escape(translate(key, lang))}</a></li>" in section


def test_landing_page_explains_a_folder_in_every_language() -> None:
    """Each language's notice is on the page, under a heading, with every text of its
    catalog and the command that serves a folder; it shows only where the page checks
    that it was opened from a folder (the browser test opens it so)."""
    page = landing_page()
    assert 'location.protocol === "file:"' in page
    for lang in LANGS:
        notice = page[page.index(f'<div class="folder-notice" lang="{lang}">') :]
        notice = notice[: notice.index("</div>")]
        assert f"<h2>{escape(translate('site.folder.title', lang))}</h2>" in notice
        for key in ("why", "serve", "host", "export"):
            assert f"<p>{escape(translate(f'site.folder.{key}', lang))}</p>" in notice
        assert "<code>python3 -m http.server -d <span" in notice
        assert folder_notice(lang).command in notice
    assert ".folder-notice,.from-folder section{display:none}" in page


def test_app_pages_opened_from_a_folder_go_to_the_landing_page(tmp_path: Path) -> None:
    """JupyterLab's and the one-notebook view's pages get the check first in their head;
    a page without a head is an error, not a page left blank."""
    for app in ("lab", "notebooks"):
        (tmp_path / app).mkdir()
        (tmp_path / app / "index.html").write_text("<html><head><title>x</title></head></html>")
    send_to_the_landing_page(tmp_path)
    for app in ("lab", "notebooks"):
        text = (tmp_path / app / "index.html").read_text(encoding="utf-8")
        assert text.startswith("<html><head>\n<script>if (location.protocol === 'file:')")
        assert text.count("location.replace('../index.html')") == 1
        for lang in LANGS:
            assert json.dumps(translate("site.no_worker", lang), ensure_ascii=False) in text
            assert json.dumps(translate("site.no_worker.app", lang), ensure_ascii=False) in text
        assert '"../app/?lang=" + lang' in text
    (tmp_path / "lab" / "index.html").write_text("<html></html>")
    with pytest.raises(SiteError, match="no <head>"):
        send_to_the_landing_page(tmp_path)


def test_build_refuses_a_folder_that_is_not_a_site(tmp_path: Path) -> None:
    """The clean build empties only an earlier site: any other folder is left alone."""
    (tmp_path / "notes.txt").write_text("mine", encoding="utf-8")
    with pytest.raises(SiteError, match="not empty"):
        build(tmp_path)
    assert (tmp_path / "notes.txt").read_text(encoding="utf-8") == "mine"


def test_the_library_needs_no_matplotlib() -> None:
    """Pyodide has no matplotlib: the wheel does not require it (the ``lab`` extra does,
    and the tutorial, classroom and test extras pull that in), and the lab and the widgets
    import without it."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert not [need for need in project["dependencies"] if "matplotlib" in need]
    assert project["optional-dependencies"]["lab"] == ["matplotlib>=3.8"]
    for extra in ("tutorial", "classroom", "test"):
        assert any("lab" in need for need in project["optional-dependencies"][extra]), extra
    code = (
        "import sys; sys.modules['matplotlib'] = None\n"
        "import blockdomino.analysis.lab, blockdomino.widgets\n"
        "assert not [name for name in sys.modules if name.startswith('matplotlib.')]\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


@pytest.mark.parametrize("lang", LANGS)
def test_plots_without_matplotlib_are_a_translated_note(
    lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """In the offline site a re-run plot cell shows a note in the learner's language,
    never a traceback; the figures themselves are still measured."""
    lab = measure((2,), 3, seed=1)
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    for plot in (blocked_plot, pips_plot, heavy_plot):
        note = plot(lab, lang)
        assert isinstance(note, PlotNote)
        assert note == translate("site.no_plots", lang)
        assert note._repr_html_().startswith('<p class="bd-lab-note"')
        assert "blockdomino[lab]" in note


def test_lab_command_without_matplotlib_says_how_to_install(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``blockdomino lab`` without the extra names the install command and writes nothing."""
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    assert main(["lab", "--rounds", "3", "--out", str(tmp_path / "plots")]) == 2
    assert 'pip install "blockdomino[lab]"' in capsys.readouterr().err
    assert not (tmp_path / "plots").exists()
