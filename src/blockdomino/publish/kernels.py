"""The classroom's kernels, capped: a page that would start one more than the cap is
answered that the classroom is full, so that a pupil reloading a page in a loop (each
load starts a kernel) cannot fill the laptop's memory. Voilà runs this manager
(``--VoilaConfiguration.multi_kernel_manager_class``); the idle ones are culled as any
kernel of jupyter-server's (``MappingKernelManager.cull_idle_timeout``).
"""

from __future__ import annotations

from typing import Any, Final

from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from tornado.web import HTTPError
from traitlets import Integer, Unicode

from blockdomino.publish.limits import MAX_KERNELS

FULL: Final = 503
"""The answer to a page when the classroom is full: Service Unavailable."""


class CappedKernelManager(AsyncMappingKernelManager):
    """jupyter-server's kernel manager, starting at most ``max_kernels`` at once."""

    max_kernels = Integer(MAX_KERNELS, config=True, help="The most kernels running at once.")
    full = Unicode(
        "The classroom is full. Close a page you do not need, or wait a few minutes.",
        config=True,
        help="What a page is answered when the classroom is full.",
    )

    async def start_kernel(self, *args: Any, **kwargs: Any) -> str:  # type: ignore[override]
        """Start a kernel, or refuse when ``max_kernels`` run (a kernel asked for by the
        id of one running is that one, and always given)."""
        running = self.list_kernel_ids()
        if kwargs.get("kernel_id") not in running and len(running) >= self.max_kernels:
            self.log.warning("%d kernels running: the classroom is full", len(running))
            raise HTTPError(FULL, reason=self.full)
        kernel_id: str = await super().start_kernel(*args, **kwargs)
        return kernel_id
