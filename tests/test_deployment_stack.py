"""The stack we ship is the stack we measured (issue 22): docker-compose.yml runs nginx with
config/nginx.conf in front of the public workers and the arbiters' workers, with the worker
counts and the Redis cache of `make loadtest --proxy` (benchmarks/loadtest.py), and nothing
reaches gunicorn but through the proxy. `docker compose config` is not available on the test
machine, so the file is read here; nginx checks the proxy's configuration (the test skips without
nginx, and fails in CI, which installs it: .ci/run)."""

from __future__ import annotations

import ipaddress
import shutil
import subprocess
from pathlib import Path
from typing import Any

import yaml

from benchmarks.loadtest import arguments
from benchmarks.loadtest_server import NGINX, proxy_configuration
from tests.conftest import require_server

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_CPU_SHARES = 1024


def _services() -> dict[str, Any]:
    compose = yaml.safe_load((ROOT / "docker-compose.yml").read_text())
    services: dict[str, Any] = compose["services"]
    return services


def _option(command: list[str], name: str) -> str:
    return command[command.index(name) + 1]


def test_the_proxy_runs_the_measured_nginx_configuration_and_is_the_only_way_in() -> None:
    services = _services()
    proxy = services["proxy"]

    assert "./config/nginx.conf:/etc/nginx/conf.d/default.conf:ro" in proxy["volumes"]
    assert proxy["ports"] == ["127.0.0.1:8000:80"]
    assert {"web", "arbiters"} <= set(proxy["depends_on"])
    assert [name for name, service in services.items() if "ports" in service] == ["proxy"]


def test_the_workers_are_those_of_the_load_test_with_the_shared_cache() -> None:
    services = _services()
    measured = arguments().parse_args([])

    for name, workers in (("web", measured.workers), ("arbiters", measured.arbiter_workers)):
        command = services[name]["command"]
        assert command[:2] == ["gunicorn", "config.wsgi"]
        assert _option(command, "--bind") == "0.0.0.0:8000"
        assert int(_option(command, "--workers")) == workers
        assert services[name]["environment"]["CACHE_URL"].startswith("redis://redis:6379/")
    others = [service.get("cpu_shares", DEFAULT_CPU_SHARES) for service in services.values()]
    assert services["arbiters"]["cpu_shares"] == 8 * max(sorted(others)[:-1])
    assert measured.arbiter_nice == -9  # 1.25 ** 9: about 8 times the CPU share of nice 0


def test_the_nginx_configuration_sends_each_request_to_the_compose_services() -> None:
    text = (ROOT / "config/nginx.conf").read_text()

    assert "server web:8000;" in text and "server arbiters:8000;" in text
    assert "listen 80;" in text
    assert "proxy_cache_bypass $cookie_sessionid;" in text
    assert "proxy_no_cache $cookie_sessionid;" in text


def test_nginx_accepts_the_configuration(tmp_path: Path) -> None:
    require_server(shutil.which("nginx") is not None, "nginx (apt-get install -y nginx)")
    (tmp_path / "swiss.conf").write_text(proxy_configuration(8000, tmp_path))
    (tmp_path / "nginx.conf").write_text(NGINX.format(root=tmp_path))

    checked = subprocess.run(
        ["nginx", "-t", "-c", str(tmp_path / "nginx.conf"), "-p", str(tmp_path)],
        capture_output=True,
        text=True,
        check=False,
    )

    assert checked.returncode == 0, checked.stderr


def test_the_application_trusts_the_proxys_fixed_address_for_the_client_address() -> None:
    """Issue 30: login lockouts count by the client's address, which only the proxy knows."""
    compose = yaml.safe_load((ROOT / "docker-compose.yml").read_text())
    services = compose["services"]
    proxy_address = services["proxy"]["networks"]["default"]["ipv4_address"]
    subnet = compose["networks"]["default"]["ipam"]["config"][0]["subnet"]

    assert ipaddress.ip_address(proxy_address) in ipaddress.ip_network(subnet)
    for name in ("web", "arbiters"):
        trusted = services[name]["environment"]["TRUSTED_PROXIES"]
        assert trusted == f"${{TRUSTED_PROXIES:-{proxy_address}}}"
    text = (ROOT / "config/nginx.conf").read_text()
    assert "proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;" in text


def test_long_requests_have_the_time_gunicorn_and_nginx_both_give_them() -> None:
    """Issue 30: the 4000-player TRF import runs over 120 s under load; gunicorn's default 30 s
    killed the worker. The arbiters' workers and nginx wait 300 s."""
    arbiters = _services()["arbiters"]["command"]
    text = (ROOT / "config/nginx.conf").read_text()

    assert int(_option(arbiters, "--timeout")) == 300
    assert "proxy_read_timeout 300s;" in text
