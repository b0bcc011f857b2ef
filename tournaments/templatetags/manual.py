"""The Help link of every page: the manual section that explains the page being shown."""

from __future__ import annotations

from django import template
from django.urls import reverse

from tournaments.manual.context import help_target

register = template.Library()


@register.simple_tag(takes_context=True)
def help_url(context: template.Context) -> str:
    """`/help/<page>/#<section>` for the page being shown, or `/help/` when it has no section."""
    request = context.get("request")
    match = getattr(request, "resolver_match", None)
    target = help_target(match.url_name if match else None)
    if target is None:
        return reverse("help")
    page, anchor = target
    return reverse("help-page", args=[page]) + f"#{anchor}"
