"""The pages a tournament's system has (arbiter/core/systems.py), as links in templates."""

from django import template
from django.urls import reverse

from arbiter.core.models import Tournament
from arbiter.core.systems import Link

register = template.Library()


@register.simple_tag
def page_url(link: Link, tournament: Tournament) -> str:
    """The address of one of the system's pages for this tournament."""
    return reverse(link.url_name, args=[tournament.pk, *link.args])


@register.filter
def has_page(system, url_name: str) -> bool:
    """Whether the system has the page (``PairingSystem.has_page``): a team event's tabs."""
    return system.has_page(url_name)
