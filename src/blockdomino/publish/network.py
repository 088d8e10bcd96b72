"""This computer on the local network: the address a pupil's tablet opens.

A server listening on every address (``0.0.0.0``) cannot be opened at that address from
another device: the address to print is this computer's own on the local network.
"""

from __future__ import annotations

import ipaddress
import socket
from typing import Final

_LAN_PROBES: Final = ("10.255.255.255", "172.31.255.255", "192.168.255.255")
EVERY_ADDRESS: Final = ("", "0.0.0.0")
"""The ways to listen on every IPv4 address."""


def lan_address() -> str | None:
    """This computer's IPv4 address on its local network, or ``None`` without one.

    The address the system would send from to a private network's broadcast address: a
    UDP socket is connected (which sends nothing) and asked its own address.
    """
    for probe in _LAN_PROBES:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sender:
            try:
                sender.connect((probe, 9))
            except OSError:
                continue
            found = ipaddress.ip_address(sender.getsockname()[0])
        if not (found.is_loopback or found.is_unspecified):
            return str(found)
    return None


def reachable(host: str) -> str:
    """The address to open a server listening on ``host`` at: ``host`` itself, or for
    every address the local network's (127.0.0.1 without a network)."""
    if host in EVERY_ADDRESS:
        return lan_address() or "127.0.0.1"
    return host
