"""The read API, `/api/v1/` (issue 35): django-ninja, chosen in docs/api.md.

Every operation reads through `hub.selectors` and the apps' selectors (the same the public pages
read) and answers through `hub.api.http` (the limit per client, then the cache by version).
The OpenAPI document is `/api/v1/openapi.json`, its page `/api/v1/docs`.
"""

from __future__ import annotations

from django.views.decorators.http import require_safe
from ninja import NinjaAPI, Swagger

from hub.api import events, players, tournaments

api = NinjaAPI(
    title="SwissArbiter read API",
    version="1",
    description=(
        "Public data of the tournaments of this site: events, tournaments (sections), rounds, "
        "pairings, results, standings with tie-break values, players and their profiles. "
        "JSON, no key needed; ETag and 304; CORS open for reading; a limit per client address. "
        "Guide: docs/api.md."
    ),
    urls_namespace="api-v1",
    docs=Swagger(settings={"defaultModelsExpandDepth": 0}),
    docs_url="/docs",
    openapi_url="/openapi.json",
    docs_decorator=require_safe,  # the document and its page: GET and HEAD only
)
api.add_router("", tournaments.router)
api.add_router("", players.router)
api.add_router("", events.router)
