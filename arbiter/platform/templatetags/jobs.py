"""The tournament's background job, named on each of its arbiter pages
(arbiter/platform/jobs.py)."""

from django import template

from arbiter.core.models import BackgroundJob, Tournament
from arbiter.platform import jobs

register = template.Library()


@register.simple_tag
def shown_job(tournament: Tournament) -> BackgroundJob | None:
    """The job waiting, running or just failed on the tournament: one query a page."""
    return jobs.shown_on_pages(tournament)
