"""The JupyterLab extensions the site holds: the ones it needs, whatever else is installed.

JupyterLite's build copies every prebuilt JupyterLab extension of the environment it runs
in (``sys.prefix/share/jupyter/labextensions``) into the site, and lists each one for
every learner's browser to load: an environment with Voilà or jupytext gives a bigger
site, with menus of its own, than one without. The site is built from the extensions it
needs alone (:data:`NEEDED`): the environment's are ignored and these named one by one,
so that any environment gives the same site.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any, Final

NEEDED: Final = ("@jupyterlite/pyodide-kernel-extension", "@jupyter-widgets/jupyterlab-manager")
"""The extensions the site needs: the Pyodide kernel (``jupyterlite-pyodide-kernel``)
and the widgets' manager, which draws the chapters' games (``jupyterlab_widgets``, which
``ipywidgets`` requires)."""
ADDON: Final = "federated_extensions"
"""JupyterLite's part of the build that copies the extensions."""


class MissingExtensionError(LookupError):
    """An extension the site needs is not installed where the build looks for it."""


def installed_folder() -> Path:
    """Where the environment's prebuilt extensions lie, as JupyterLite looks for them."""
    return Path(sys.prefix) / "share" / "jupyter" / "labextensions"


def build_settings(folder: Path | None = None) -> dict[str, Any]:
    """The settings of JupyterLite's build (``LiteBuildConfig``) that take the extensions
    of :data:`NEEDED` from ``folder`` (default: :func:`installed_folder`) and no other;
    ``MissingExtensionError`` naming one that is not there."""
    root = installed_folder() if folder is None else folder
    found = []
    for name in NEEDED:
        path = root / name
        if not (path / "package.json").is_file():
            raise MissingExtensionError(f"the JupyterLab extension {name} is not in {root}")
        found.append(str(path))
    return {"ignore_sys_prefix": [ADDON], "federated_extensions": found}
