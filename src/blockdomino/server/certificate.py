"""HTTPS for a school that has a certificate: ``blockdomino serve --cert FILE --key FILE``.

Over plain http on the school network a browser gives the app no service worker and no
Cache Storage: no offline reload, no memory snapshot kept. A secure origin has them, as
``localhost`` has. :func:`checked` reads the certificate and its private key (both PEM,
the key without a password) before the server starts, so that a file that is missing,
cannot be read, is no certificate or key, or a key that is not the certificate's is
told in the teacher's language, not met by a browser that cannot connect.
"""

from __future__ import annotations

import os
import ssl
from dataclasses import dataclass
from pathlib import Path

from blockdomino.publish.serve import ServeError


@dataclass(frozen=True)
class Certificate:
    """A certificate and its private key, both read once already."""

    cert: Path
    key: Path


def _readable(path: Path) -> None:
    """Refuse a file that is not there or cannot be read, naming it."""
    try:
        with path.open("rb"):
            pass
    except FileNotFoundError:
        raise ServeError("serve.error.cert_missing", path=str(path)) from None
    except OSError as error:
        reason = os.strerror(error.errno) if error.errno else str(error)
        raise ServeError("serve.error.cert_unreadable", path=str(path), reason=reason) from None


def _no_password() -> str:
    """The answer to a key's request for its password: none (a key with one is refused,
    rather than the server asking for it on the terminal)."""
    return ""


def checked(cert: Path | None, key: Path | None) -> Certificate | None:
    """The certificate ``cert`` with its ``key``, checked (none without either);
    ``ServeError`` for one given without the other, a file missing or unreadable, one
    that is no PEM certificate or key, or a key that is not the certificate's."""
    if cert is None and key is None:
        return None
    if cert is None or key is None:
        raise ServeError("serve.error.cert_pair")
    _readable(cert)
    _readable(key)
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    try:
        context.load_verify_locations(cafile=cert)
    except (ssl.SSLError, ValueError):
        raise ServeError("serve.error.cert_invalid", path=str(cert)) from None
    try:
        context.load_cert_chain(cert, key, password=_no_password)
    except ssl.SSLError as error:
        if "KEY_VALUES_MISMATCH" in str(error):
            raise ServeError("serve.error.cert_mismatch", cert=str(cert), key=str(key)) from None
        raise ServeError("serve.error.key_invalid", path=str(key)) from None
    return Certificate(cert.resolve(), key.resolve())
