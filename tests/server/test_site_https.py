"""``blockdomino serve --cert FILE --key FILE`` serves HTTPS: a secure origin on the
school network. A certificate made in the test for 127.0.0.1 is trusted by the test's
client, which fetches the app's page through it; a certificate or key that is missing,
cannot be read, is no PEM file or does not match is refused before the server starts,
with exit status 2 and the reason in the teacher's language."""

from __future__ import annotations

import datetime
import http.client
import ipaddress
import shutil
import ssl
import subprocess
from pathlib import Path

import pytest
from serving import make_site, running

from blockdomino.cli import main
from blockdomino.server.run import open_server
from blockdomino.words.i18n import translate


def _with_cryptography(folder: Path, name: str) -> tuple[Path, Path]:
    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import NameOID

    key = ec.generate_private_key(ec.SECP256R1())
    subject = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "klassi.lan")])
    now = datetime.datetime.now(datetime.UTC)
    cert = (
        x509.CertificateBuilder()
        .subject_name(subject)
        .issuer_name(subject)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(minutes=5))
        .not_valid_after(now + datetime.timedelta(days=1))
        .add_extension(
            x509.SubjectAlternativeName([x509.IPAddress(ipaddress.ip_address("127.0.0.1"))]),
            critical=False,
        )
        .sign(key, hashes.SHA256())
    )
    cert_path, key_path = folder / f"{name}.crt", folder / f"{name}.key"
    cert_path.write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    key_path.write_bytes(
        key.private_bytes(
            serialization.Encoding.PEM,
            serialization.PrivateFormat.PKCS8,
            serialization.NoEncryption(),
        )
    )
    return cert_path, key_path


def _with_openssl(folder: Path, name: str) -> tuple[Path, Path]:
    cert_path, key_path = folder / f"{name}.crt", folder / f"{name}.key"
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256",
         "-nodes", "-days", "1", "-subj", "/CN=klassi.lan", "-addext",
         "subjectAltName=IP:127.0.0.1", "-keyout", str(key_path), "-out", str(cert_path)],
        check=True, capture_output=True, timeout=60,
    )  # fmt: skip
    return cert_path, key_path


def self_signed(folder: Path, name: str = "class") -> tuple[Path, Path]:
    """A certificate for 127.0.0.1 that signs itself, and its key (PEM, no password)."""
    try:
        return _with_cryptography(folder, name)
    except ImportError:
        if shutil.which("openssl") is None:
            pytest.skip("neither the cryptography package nor openssl to make a certificate")
        return _with_openssl(folder, name)


def test_a_site_served_with_a_certificate_is_https(tmp_path: Path) -> None:
    cert, key = self_signed(tmp_path)
    site = make_site(tmp_path)
    server = open_server(
        site, host="127.0.0.1", port=0, lang="sv", data=tmp_path / "t.sqlite3", cert=cert, key=key
    )
    assert server.site.url.startswith(f"https://127.0.0.1:{server.port}/")
    assert server.class_address is not None
    assert server.class_address.startswith("https://")
    trusted = ssl.create_default_context(cafile=str(cert))
    with running(server):
        connection = http.client.HTTPSConnection(
            "127.0.0.1", server.port, context=trusted, timeout=10
        )
        connection.request("GET", "/index.html")
        answer = connection.getresponse()
        assert answer.status == 200
        assert answer.read() == b"{}"
        connection.close()
        plain = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
        plain.request("GET", "/index.html")
        with pytest.raises((ConnectionError, http.client.HTTPException)):
            plain.getresponse()
        plain.close()


def refused(capsys: pytest.CaptureFixture[str], site: Path, *options: str) -> str:
    """What ``serve`` says when it refuses to start with ``options`` (exit status 2)."""
    assert main(["serve", str(site), "--host", "127.0.0.1", "--port", "0", "--lang", "fi",
                 "--data", str(site / "t.sqlite3"), *options]) == 2  # fmt: skip
    return capsys.readouterr().err.strip().removeprefix("blockdomino: ")


def test_a_missing_unreadable_or_mismatched_certificate_is_refused_in_words(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    cert, key = self_signed(tmp_path)
    _, other_key = self_signed(tmp_path, "other")
    site = make_site(tmp_path)
    missing = tmp_path / "missing.crt"
    text = tmp_path / "notes.txt"
    text.write_text("not a certificate\n", encoding="utf-8")
    cases = [
        (("--cert", str(cert)), translate("serve.error.cert_pair", "fi")),
        (
            ("--cert", str(missing), "--key", str(key)),
            translate("serve.error.cert_missing", "fi", path=str(missing)),
        ),
        (
            ("--cert", str(tmp_path), "--key", str(key)),
            translate(
                "serve.error.cert_unreadable", "fi", path=str(tmp_path), reason="Is a directory"
            ),
        ),
        (
            ("--cert", str(text), "--key", str(key)),
            translate("serve.error.cert_invalid", "fi", path=str(text)),
        ),
        (
            ("--cert", str(cert), "--key", str(text)),
            translate("serve.error.key_invalid", "fi", path=str(text)),
        ),
        (
            ("--cert", str(cert), "--key", str(other_key)),
            translate("serve.error.cert_mismatch", "fi", cert=str(cert), key=str(other_key)),
        ),
    ]
    for options, said in cases:
        assert refused(capsys, site, *options) == said, options
