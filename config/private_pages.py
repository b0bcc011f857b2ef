"""`Cache-Control: private, no-store` on every page that belongs to a signed-in user (issue 30).

The arbiters' pages (`/t/<slug>/manage/...`), the accounts' and the admin's are never kept by a
browser or a proxy, whoever asks; any other response to a signed-in user that does not say how
to cache it is treated the same. Public pages keep the headers their views set (s-maxage and
ETag for nginx's cache, docs/public-pages.md).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from django.http import HttpRequest, HttpResponseBase

PRIVATE_PATHS = re.compile(r"^/(t/[^/]+/manage/|accounts/|admin/)")
PRIVATE = "private, no-store"


class PrivatePagesMiddleware:
    """Mark arbiters' and signed-in users' pages `private, no-store`."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        response = self.get_response(request)
        if PRIVATE_PATHS.match(request.path_info):
            response["Cache-Control"] = PRIVATE
        elif "Cache-Control" not in response:
            user = getattr(request, "user", None)
            if user is not None and user.is_authenticated:
                response["Cache-Control"] = PRIVATE
        return response
