"""Players' names as the public lists show them, made once per player in Python.

A list of 1000 players that includes a template and resolves `{% url %}` for every name spends
most of its time there; here the card's URL is reversed once per page and each name is formatted
once per player: title, then "Lastname, Firstname" linked to the card.
"""

from collections.abc import Iterable

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

from arbiter.core.links import url_for_ids
from arbiter.core.models import Entry


def name_html(entry: Entry, card_url: str) -> SafeString:
    """``<span class="title">GM</span> <a href="…">Lastname, Firstname</a>``."""
    title = f'<span class="title">{escape(entry.title)}</span> ' if entry.title else ""
    return mark_safe(f'{title}<a href="{card_url}">{escape(entry.name)}</a>')


def add_names(tournament_id: int, entries: Iterable[Entry]) -> None:
    """Give each entry `card_url` and `name_html`, for the templates to print as they are."""
    card_url = url_for_ids("player_card", tournament_id)
    for entry in entries:
        entry.card_url = card_url(entry.pk)
        entry.name_html = name_html(entry, entry.card_url)
