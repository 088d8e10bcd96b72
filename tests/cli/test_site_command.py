"""``blockdomino site`` stopped says that the site built before is as it was, in the
chosen language; ``blockdomino serve`` refuses a folder whose build did not finish."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from blockdomino.cli import main
from blockdomino.publish import site, staging
from blockdomino.words.i18n import LANGS, translate


@pytest.mark.parametrize("lang", LANGS)
def test_a_stopped_build_says_the_site_is_as_it_was(
    tmp_path: Path, lang: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("jupyterlite_core")

    def stopped(out: Path, **options: Any) -> int:
        raise KeyboardInterrupt

    monkeypatch.setattr(site, "build", stopped)
    assert main(["site", "--out", str(tmp_path / "site"), "--lang", lang]) == 130
    said = translate("site.stopped", lang, path=(tmp_path / "site").resolve())
    assert capsys.readouterr().err == f"blockdomino: {said}\n"


def half_built(folder: Path) -> Path:
    """A folder with a site's top files but no stamp: a build that did not finish."""
    for name in ("index.html", "jupyter-lite.json"):
        (folder / name).write_text("{}", encoding="utf-8")
    return folder


@pytest.mark.parametrize("lang", LANGS)
def test_serve_refuses_a_site_without_its_stamp_in_the_language(
    tmp_path: Path, lang: str, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("segno")
    folder = half_built(tmp_path)
    assert main(["serve", str(folder), "--host", "127.0.0.1", "--lang", lang]) == 2
    said = translate("serve.error.incomplete", lang, path=folder)
    assert capsys.readouterr().err == f"blockdomino: {said}\n"


def test_serve_refuses_a_site_missing_a_stamped_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("segno")
    folder = half_built(tmp_path)
    (folder / "lab").mkdir()
    (folder / "lab" / "index.html").write_text("<html></html>", encoding="utf-8")
    staging.write_stamp(folder)
    (folder / "lab" / "index.html").unlink()
    assert main(["serve", str(folder), "--host", "127.0.0.1"]) == 2
    assert translate("serve.error.incomplete", "en", path=folder) in capsys.readouterr().err
