"""The hall's address: the one players' phones reach on the hall's network (`--lan`)."""

from __future__ import annotations

import ipaddress
import socket

LOOPBACK = "127.0.0.1"
UNROUTED = "10.255.255.255"
"""A private address to "connect" a UDP socket to: nothing is sent, but the system picks the
interface (and so the address) it would route through, the one the hall's network reaches."""


def lan_address() -> str:
    """The address of this machine on its local network, else the loopback address (no network:
    the hall is served to this machine only)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect((UNROUTED, 1))
            address = str(probe.getsockname()[0])
        except OSError:
            return LOOPBACK
    return address if not ipaddress.ip_address(address).is_unspecified else LOOPBACK


def base_url(host: str, port: int) -> str:
    """`http://host:port` (an IPv6 address in brackets)."""
    shown = f"[{host}]" if ":" in host else host
    return f"http://{shown}:{port}" if port != 80 else f"http://{shown}"
