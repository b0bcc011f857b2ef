"""The client's address behind the reverse proxies we trust (`TRUSTED_PROXIES`), in one place.

Behind the shipped nginx every request reaches Django from nginx's address; nginx appends the
address it saw to `X-Forwarded-For`. That header is believed only from a trusted proxy, and read
from the right: each address a trusted proxy added is skipped, the first other one is the client.
Anything a client wrote into the header itself sits further left and is never reached, so a
client cannot choose its address. Login lockouts (django-axes, `AXES_CLIENT_IP_CALLABLE`) and the
request limits (`config.rate_limits`) count by this address.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Iterable
from functools import lru_cache

from django.conf import settings
from django.http import HttpRequest

Network = ipaddress.IPv4Network | ipaddress.IPv6Network


@lru_cache(maxsize=8)
def _networks(entries: tuple[str, ...]) -> tuple[Network, ...]:
    return tuple(ipaddress.ip_network(entry, strict=False) for entry in entries)


def _address(text: str) -> str | None:
    """The address in an X-Forwarded-For item or REMOTE_ADDR, normalised; None if it is not one."""
    text = text.strip().strip('"')
    if text.startswith("[") and "]" in text:  # [v6]:port
        text = text[1 : text.index("]")]
    elif text.count(":") == 1:  # v4:port
        text = text.split(":", 1)[0]
    try:
        return str(ipaddress.ip_address(text))
    except ValueError:
        return None


def is_trusted(address: str, trusted: Iterable[Network]) -> bool:
    """Whether `address` is one of the trusted proxies."""
    parsed = ipaddress.ip_address(address)
    return any(parsed in network for network in trusted)


def client_address(request: HttpRequest) -> str:
    """The address of the client that sent `request` (see the module's docstring)."""
    remote = _address(request.META.get("REMOTE_ADDR", "")) or "0.0.0.0"  # noqa: S104 - no address
    trusted = _networks(tuple(settings.TRUSTED_PROXIES))
    if not trusted or not is_trusted(remote, trusted):
        return remote
    forwarded = request.META.get("HTTP_X_FORWARDED_FOR", "")
    address = remote
    for item in reversed(forwarded.split(",")):
        hop = _address(item)
        if hop is None:
            break  # a malformed item: nothing left of it can be believed
        address = hop
        if not is_trusted(hop, trusted):
            break
    return address
