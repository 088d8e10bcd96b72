"""A site build that stops before the end loses nothing: the site built before stays
whole, no temporary folder is left beside it, and no build step keeps running. A build
that ends puts the new site in place, stamped (``blockdomino.publish.staging``).

The build's steps that need the network or minutes (Pyodide, JupyterLite) are replaced
by small ones writing what they would write.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from conftest import alive

from blockdomino.publish import site, staging

SRC = Path(__file__).resolve().parents[2] / "src"
PREVIOUS = {"index.html": "<p>the site of yesterday</p>", "jupyter-lite.json": "{}"}


def previous_site(parent: Path) -> Path:
    """A site built before, stamped, in ``parent / "site"``, alone in ``parent``."""
    out = parent / "site"
    out.mkdir(parents=True)
    for name, text in PREVIOUS.items():
        (out / name).write_text(text, encoding="utf-8")
    staging.write_stamp(out)
    return out


def assert_untouched(out: Path) -> None:
    """``out`` is the previous site, whole, and nothing else lies beside it."""
    assert sorted(path.name for path in out.parent.iterdir()) == [out.name]
    assert {path.name for path in out.iterdir()} == {*PREVIOUS, staging.STAMP}
    for name, text in PREVIOUS.items():
        assert (out / name).read_text(encoding="utf-8") == text
    assert staging.is_complete(out)


def fake_jupyterlite(out: Path) -> None:
    """What JupyterLite's build writes that the steps after it read."""
    for app in site.APPS:
        (out / app).mkdir(parents=True)
        (out / app / "index.html").write_text("<html><head></head></html>", encoding="utf-8")
    (out / site.LOCK).parent.mkdir(parents=True)
    (out / site.LOCK).write_text(json.dumps({"packages": {}}), encoding="utf-8")
    (out / "jupyter-lite.json").write_text(json.dumps(site.page_config()), encoding="utf-8")


@pytest.fixture
def fake_steps(monkeypatch: pytest.MonkeyPatch) -> list[Path]:
    """JupyterLite's input and build replaced; the folders the build wrote into."""
    written: list[Path] = []

    def prepare(lite: Path, root: Path, cache: Path | None, out: Path, lang: str) -> None:
        written.append(out)

    def run(command: list[str], *, cwd: Path | None = None) -> None:
        fake_jupyterlite(written[-1])

    monkeypatch.setattr(site, "_prepare", prepare)
    monkeypatch.setattr(site, "_run", run)
    return written


def test_a_build_stopped_in_a_step_leaves_the_previous_site_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = previous_site(tmp_path)

    def stopped(lite: Path, root: Path, cache: Path | None, into: Path, lang: str) -> None:
        into.mkdir(parents=True)
        (into / "index.html").write_text("half", encoding="utf-8")
        raise KeyboardInterrupt

    monkeypatch.setattr(site, "_prepare", stopped)
    with pytest.raises(KeyboardInterrupt):
        site.build(out)
    assert_untouched(out)


def test_a_build_stopped_in_its_last_part_leaves_the_previous_site_whole(
    tmp_path: Path, fake_steps: list[Path]
) -> None:
    """The app is the build's last part: stopped there, the new site is not used."""
    out = previous_site(tmp_path)

    def app(into: Path) -> int:
        (into / "app").mkdir()
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        site.build(out, also=[app])
    assert_untouched(out)


def test_a_failed_build_leaves_the_previous_site_whole(
    tmp_path: Path, fake_steps: list[Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    out = previous_site(tmp_path)
    monkeypatch.setattr(site, "external_urls", lambda folder: ["index.html: https://cdn"])
    with pytest.raises(site.SiteError, match="outside"):
        site.build(out)
    assert_untouched(out)


def test_a_finished_build_replaces_the_site_and_is_stamped_last(
    tmp_path: Path, fake_steps: list[Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The new site is built outside ``out`` and then stands in its place; the stamp
    names every file, and its bytes depend on ``SOURCE_DATE_EPOCH``, not the clock."""
    out = previous_site(tmp_path)
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    size = site.build(out, also=[lambda into: len((into / "index.html").read_bytes())])
    assert fake_steps[0].parent != out.parent
    assert fake_steps[0].parent.parent == out.parent
    assert sorted(path.name for path in tmp_path.iterdir()) == ["site"]
    assert "yesterday" not in (out / "index.html").read_text(encoding="utf-8")
    assert staging.is_complete(out)
    stamp = json.loads((out / staging.STAMP).read_text(encoding="utf-8"))
    assert stamp["built"] == "2023-11-14T22:13:20Z"
    files = {path.relative_to(out).as_posix() for path in out.rglob("*") if path.is_file()}
    assert set(stamp["files"]) == files - {staging.STAMP}
    assert size == sum(entry["size"] for entry in stamp["files"].values()) + len(
        (out / "index.html").read_bytes()
    )
    first = (out / staging.STAMP).read_bytes()
    site.build(out)
    assert (out / staging.STAMP).read_bytes() == first


def test_a_site_missing_a_stamped_file_or_its_stamp_is_not_complete(tmp_path: Path) -> None:
    out = previous_site(tmp_path)
    (out / "index.html").write_text("cut short", encoding="utf-8")
    assert not staging.is_complete(out)
    (out / "index.html").unlink()
    assert not staging.is_complete(out)
    assert not staging.is_complete(previous_site(tmp_path / "other") / "nowhere")
    (tmp_path / "other" / "site" / staging.STAMP).write_text("[]", encoding="utf-8")
    assert not staging.is_complete(tmp_path / "other" / "site")


STEP = """
import os, subprocess, sys, time
from pathlib import Path
sleeper = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(120)"])
Path(sys.argv[1]).write_text(f"{os.getpid()} {sleeper.pid}")
time.sleep(120)
"""
"""A build step that starts a child of its own, says both their ids, and waits."""

BUILD = """
import sys
from pathlib import Path
from blockdomino.publish import processes, site

def step(lite, root, cache, out, lang):
    out.mkdir(parents=True)
    (out / "index.html").write_text("half")
    processes.run([sys.executable, "-c", sys.argv[3], sys.argv[2]])

site._prepare = step
site.build(Path(sys.argv[1]))
"""
"""The site build, its first step replaced by :data:`STEP`."""


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="reads /proc")
@pytest.mark.parametrize("stop", [signal.SIGTERM, signal.SIGINT, signal.SIGHUP])
def test_a_signal_stops_the_build_and_every_step_it_started(
    tmp_path: Path, stop: signal.Signals
) -> None:
    """SIGTERM (``kill``), SIGINT (Ctrl-C, which reaches only the command: its steps run
    in a process group of their own) and SIGHUP (the terminal closed) stop the build with
    the previous site whole, no temporary folder, and no step left running."""
    out = previous_site(tmp_path / "sites")
    ids = tmp_path / "ids"
    env = {**os.environ, "PYTHONPATH": str(SRC)}
    command = [sys.executable, "-c", BUILD, str(out), str(ids), STEP]
    build = subprocess.Popen(command, env=env, stderr=subprocess.PIPE, text=True)
    try:
        for _ in range(600):
            if ids.is_file() and ids.read_text():
                break
            time.sleep(0.05)
        pids = [int(pid) for pid in ids.read_text().split()]
        build.send_signal(stop)
        _, err = build.communicate(timeout=60)
    finally:
        build.kill()
    assert "KeyboardInterrupt" in err
    for _ in range(200):
        if not any(map(alive, pids)):
            break
        time.sleep(0.05)
    assert not any(map(alive, pids))
    assert_untouched(out)


def test_the_stamp_is_written_after_every_other_file(tmp_path: Path) -> None:
    """Inside :func:`staging.staged`, the stamp is not there; once the block ends it is."""
    out = tmp_path / "site"
    seen: list[Any] = []
    with staging.staged(out) as new:
        new.mkdir()
        (new / "a.txt").write_text("a", encoding="utf-8")
        seen.append((new / staging.STAMP).exists())
    assert seen == [False]
    assert staging.is_complete(out)
    assert sorted(path.name for path in tmp_path.iterdir()) == ["site"]
