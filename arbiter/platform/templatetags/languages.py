"""The language switch on every page (templates/public/base.html, templates/base.html)."""

from urllib.parse import urlencode

from django import template
from django.conf import settings
from django.urls import reverse
from django.utils.translation import get_language

register = template.Library()


def _page_path(context) -> str:
    """The page's path and query: a public page passes its own (`page_path`, the same for every
    visitor: no request is rendered into a kept page), an arbiter's page has its request."""
    if context.get("page_path"):
        return context["page_path"]
    request = context.get("request")
    return request.get_full_path() if request is not None else "/"


@register.simple_tag(takes_context=True)
def language_links(context) -> list[dict]:
    """Each language with a plain link to this page in it (arbiter/platform/i18n.py, ``choose``)."""
    here = get_language()
    query = urlencode({"next": _page_path(context)})
    return [
        {
            "code": code,
            "name": name,
            "url": f"{reverse('choose_language', args=[code])}?{query}",
            "current": code == here,
        }
        for code, name in settings.LANGUAGES
    ]


@register.simple_tag(takes_context=True)
def language_next(context) -> str:
    """Where the arbiter's language form goes back to: this page."""
    return _page_path(context)
