"""The learner's working copy of the tutorial: a newer tutorial comes in, the learner's
changes stay."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from blockdomino.publish import working_copy
from blockdomino.publish.tutorial import CHAPTERS, notebooks_root

WELCOME = "en/00_welcome.ipynb"


@pytest.fixture
def tutorial(tmp_path: Path) -> Path:
    """A copy of the installed tutorial, to make newer versions of."""
    root = tmp_path / "package"
    for lang in ("fi", "sv", "en"):
        shutil.copytree(notebooks_root() / lang, root / lang)
    return root


def test_a_second_run_writes_nothing(tutorial: Path, tmp_path: Path) -> None:
    first = working_copy.update(tmp_path / "mine", root=tutorial)
    assert len(first.written) == len(list(tutorial.rglob("*.*")))
    assert len(first.tutorial_notebooks) == 3 * len(CHAPTERS)
    again = working_copy.update(tmp_path / "mine", root=tutorial)
    assert again.written == ()
    assert again.beside == ()


def test_an_older_copy_the_learner_left_alone_is_brought_up_to_date(
    tutorial: Path, tmp_path: Path
) -> None:
    folder = tmp_path / "mine"
    working_copy.update(folder, root=tutorial)
    (tutorial / WELCOME).write_text("newer", encoding="utf-8")
    done = working_copy.update(folder, root=tutorial)
    assert done.written == (folder / WELCOME,)
    assert (folder / WELCOME).read_text(encoding="utf-8") == "newer"


def test_a_changed_notebook_stays_and_the_newer_one_goes_beside_it(
    tutorial: Path, tmp_path: Path
) -> None:
    """Changed by the learner and newer in the package: the learner's file stays and the
    newer version goes beside it, once, however often the command runs."""
    folder = tmp_path / "mine"
    working_copy.update(folder, root=tutorial)
    (folder / WELCOME).write_text("my work", encoding="utf-8")
    assert working_copy.update(folder, root=tutorial).beside == ()
    (tutorial / WELCOME).write_text("newer", encoding="utf-8")
    for _ in range(2):
        done = working_copy.update(folder, root=tutorial)
        newer = folder / f"en/00_welcome-{working_copy.version()}.ipynb"
        assert done.beside == (working_copy.Beside(folder / WELCOME, newer),)
        assert newer in done.tutorial_notebooks
    assert (folder / WELCOME).read_text(encoding="utf-8") == "my work"
    assert newer.read_text(encoding="utf-8") == "newer"
    newer.write_text("my work too", encoding="utf-8")
    (tutorial / WELCOME).write_text("newest", encoding="utf-8")
    done = working_copy.update(folder, root=tutorial)
    assert done.beside[0].newer == newer.with_name(newer.stem + "-2.ipynb")
    assert newer.read_text(encoding="utf-8") == "my work too"


def test_a_file_of_the_learners_own_is_never_overwritten(tutorial: Path, tmp_path: Path) -> None:
    """A file in the way that no copy wrote is the learner's too."""
    folder = tmp_path / "mine"
    (folder / "en").mkdir(parents=True)
    (folder / WELCOME).write_text("mine before", encoding="utf-8")
    done = working_copy.update(folder, root=tutorial)
    assert (folder / WELCOME).read_text(encoding="utf-8") == "mine before"
    assert [beside.changed for beside in done.beside] == [folder / WELCOME]


def test_a_missing_notebook_is_an_error(tutorial: Path, tmp_path: Path) -> None:
    (tutorial / WELCOME).unlink()
    with pytest.raises(working_copy.MissingTutorialError, match="00_welcome"):
        working_copy.update(tmp_path / "mine", root=tutorial)
