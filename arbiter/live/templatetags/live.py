"""``{% live_script %}``: the push's client on a page (docs/live.md), when push is on."""

from django import template
from django.conf import settings
from django.templatetags.static import static
from django.utils.html import format_html

register = template.Library()


@register.simple_tag
def live_script() -> str:
    """Where the push service is and its script (static/js/live.js), or nothing when push is
    off (``LIVE_URL`` empty): the pages then poll only."""
    if not settings.LIVE_URL:
        return ""
    return format_html(
        '<meta name="live-url" content="{}">\n  <script src="{}" defer></script>',
        settings.LIVE_URL,
        static("js/live.js"),
    )
