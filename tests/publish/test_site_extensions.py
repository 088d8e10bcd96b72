"""The same site from the same input: JupyterLite's build takes from the environment
only the JupyterLab extensions the site needs (``publish.extensions``), never Voilà's
preview or jupytext's menus that came with another tool, so an environment with more
extensions installed builds the same site."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from jupyterlite_core.addons.federated_extensions import FederatedExtensionAddon
from jupyterlite_core.manager import LiteManager

from blockdomino.publish import extensions, site

OTHERS = ("@voila-dashboards/jupyterlab-preview", "jupyterlab-jupytext", "jupyterlab_pygments")
"""Extensions another tool installs."""


def environment(folder: Path, names: tuple[str, ...]) -> Path:
    """A folder of installed prebuilt extensions, as ``pip install`` lays them out."""
    for name in names:
        (folder / name / "static").mkdir(parents=True)
        built = {"_build": {"load": "static/remoteEntry.js", "extension": "./extension"}}
        package = {"name": name, "jupyterlab": built}
        (folder / name / "package.json").write_text(json.dumps(package))
        (folder / name / "static" / "remoteEntry.js").write_text(f"// {name}\n")
    return folder


def copied(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, installed: Path, settings: dict[str, object]
) -> list[str]:
    """The extensions JupyterLite's build copies into the site from ``installed`` with
    the build's ``settings``."""
    monkeypatch.setattr(FederatedExtensionAddon, "labextensions_path", installed)
    manager = LiteManager(lite_dir=tmp_path, output_dir=tmp_path / "out", **settings)
    addon = manager._addons[extensions.ADDON]
    return sorted(task["name"].removeprefix("copy:ext:") for task in addon.pre_build(manager))


def test_only_the_extensions_the_site_needs_are_built_in_whatever_is_installed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    crowded = environment(tmp_path / "crowded", (*extensions.NEEDED, *OTHERS))
    bare = environment(tmp_path / "bare", extensions.NEEDED)
    assert len(copied(tmp_path, monkeypatch, crowded, {})) == 5, "JupyterLite takes them all"
    taken = [
        copied(tmp_path, monkeypatch, folder, extensions.build_settings(folder))
        for folder in (crowded, bare)
    ]
    assert taken == [sorted(extensions.NEEDED)] * 2


def test_the_site_build_names_the_needed_extensions_of_this_environment(tmp_path: Path) -> None:
    built = site.lite_config(tmp_path / "project.whl", tmp_path / "out", "0.9.0")
    config = built["LiteBuildConfig"]
    assert config["ignore_sys_prefix"] == [extensions.ADDON]
    assert [Path(path).relative_to(extensions.installed_folder()).as_posix()
            for path in config["federated_extensions"]] == list(extensions.NEEDED)  # fmt: skip


def test_a_needed_extension_missing_stops_the_build_and_says_which(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    environment(tmp_path, extensions.NEEDED[:1])
    monkeypatch.setattr(extensions, "installed_folder", lambda: tmp_path)
    with pytest.raises(site.SiteError, match="jupyterlab-manager is not in"):
        site.lite_config(tmp_path / "project.whl", tmp_path / "out", "0.9.0")
