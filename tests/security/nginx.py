"""The shipped proxy (`config/nginx.conf`) started in front of a test server, and an HTTP client
that connects from a chosen loopback address (127.0.0.2, 127.0.0.3, ...) so that nginx sees
several clients on one machine."""

from __future__ import annotations

import contextlib
import http.client
import re
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlencode

from benchmarks.loadtest_server import NGINX
from tests.conftest import require_server

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def proxy_configuration(upstream: str, port: int, root: Path) -> str:
    """`config/nginx.conf` with both pools at `upstream`, nginx on 127.0.0.1:`port`."""
    text = (ROOT / "config/nginx.conf").read_text()
    for deployed, here in (
        ("server web:8000;", f"server {upstream};"),
        ("server arbiters:8000;", f"server {upstream};"),
        ("listen 80;", f"listen 127.0.0.1:{port};"),
        ("/var/cache/nginx/swiss", f"{root}/cache"),
    ):
        assert deployed in text, f"config/nginx.conf no longer holds {deployed!r}"
        text = text.replace(deployed, here)
    return text


@contextlib.contextmanager
def nginx_in_front_of(upstream: str) -> Iterator[int]:
    """Run the shipped proxy in front of `upstream` (host:port); yield nginx's port."""
    require_server(shutil.which("nginx") is not None, "nginx (apt-get install -y nginx)")
    root = Path(tempfile.mkdtemp(prefix="faults-nginx-"))
    root.chmod(0o755)
    port = free_port()
    (root / "swiss.conf").write_text(proxy_configuration(upstream, port, root))
    (root / "nginx.conf").write_text(NGINX.format(root=root))
    process = subprocess.Popen(  # noqa: S603 - our own command line
        ["nginx", "-c", str(root / "nginx.conf"), "-p", str(root)],  # noqa: S607
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 10
        while True:
            with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), 1):
                break
            if time.monotonic() > deadline or process.poll() is not None:
                raise RuntimeError((root / "error.log").read_text())
            time.sleep(0.05)
        yield port
    finally:
        process.terminate()
        process.wait(10)
        shutil.rmtree(root, ignore_errors=True)


class Browser:
    """A client from `address` (a loopback address) with its cookies; nothing else of a browser."""

    def __init__(self, port: int, address: str) -> None:
        self.port, self.address = port, address
        self.cookies: dict[str, str] = {}
        self.timeout = 30.0

    def request(
        self, method: str, path: str, form: dict[str, str] | None = None, **headers: str
    ) -> tuple[int, str]:
        connection = http.client.HTTPConnection(
            "127.0.0.1", self.port, timeout=self.timeout, source_address=(self.address, 0)
        )
        head = {"Host": f"127.0.0.1:{self.port}", **headers}
        if self.cookies:
            head["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        body = None
        if form is not None:
            body = urlencode(form)
            head["Content-Type"] = "application/x-www-form-urlencoded"
            head["Referer"] = f"http://127.0.0.1:{self.port}{path}"
        try:
            connection.request(method, path, body=body, headers=head)
            response = connection.getresponse()
            text = response.read().decode()
        finally:
            connection.close()
        for header in response.headers.get_all("Set-Cookie") or []:
            name, _, rest = header.partition("=")
            self.cookies[name.strip()] = rest.split(";", 1)[0]
        return response.status, text

    def post_form(
        self, path: str, form: dict[str, str], page: str | None = None, **headers: str
    ) -> int:
        """GET `page` (default: `path`) for its CSRF token, then POST `form` to `path` with it;
        the POST's status."""
        _, text = self.request("GET", page or path)
        found = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', text)
        assert found, f"no CSRF token on {page or path}"
        status, _ = self.request(
            "POST", path, {**form, "csrfmiddlewaretoken": found.group(1)}, **headers
        )
        return status
