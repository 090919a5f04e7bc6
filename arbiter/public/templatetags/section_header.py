"""The head of a section's public pages (a tournament's, a competition day's, a judo category's):
the event it belongs to, linked, and when it last changed (docs/events.md).

Read in one query when the page is built, then kept with the page under the section's version
(arbiter/platform/public_live.py): a page served from the cache reads nothing here. What moves
that version when the link changes (a section added to or removed from an event, the event
renamed or unpublished) is in arbiter/public/signals.py.
"""

import datetime
from dataclasses import dataclass

from django import template
from django.db.models import Max

from arbiter.core.models import Tournament
from judo.models import Competition

register = template.Library()


@dataclass(frozen=True)
class SectionHead:
    event_id: int | None
    event_name: str
    last_updated: datetime.datetime | None


@register.simple_tag(takes_context=True)
def section_head(context) -> SectionHead | None:
    """The published event of the page's subject (its ``competition``, else its
    ``tournament``: a chess tournament or a judo category's) and the time of its last change:
    its save, or its latest audit entry (every change of a tournament writes one; a day's:
    its categories')."""
    subject = context.get("competition") or context.get("tournament")
    if isinstance(subject, Tournament):
        rows = Tournament.objects.filter(pk=subject.pk).values(
            "updated_at",
            "section__event_id",
            "section__event__name",
            "section__event__is_published",
            "category__competition__section__event_id",
            "category__competition__section__event__name",
            "category__competition__section__event__is_published",
        )
        audit = "audit_entries__at"
        own, day = "section__event", "category__competition__section__event"
    elif isinstance(subject, Competition):
        rows = Competition.objects.filter(pk=subject.pk).values(
            "updated_at",
            "section__event_id",
            "section__event__name",
            "section__event__is_published",
        )
        audit = "categories__tournament__audit_entries__at"
        own = day = "section__event"
    else:
        return None
    row = next(iter(rows.annotate(audited=Max(audit))), None)
    if row is None:
        return None
    event_id, name = None, ""
    for via in (own, day):
        if row.get(f"{via}_id") and row.get(f"{via}__is_published"):
            event_id, name = row[f"{via}_id"], row[f"{via}__name"]
            break
    times = [t for t in (row["updated_at"], row["audited"]) if t]
    return SectionHead(event_id, name, max(times) if times else None)
