"""The venue's background tasks (django-tasks; docs/background-tasks.md): the notifications,
sent by the worker, never inside the web request that published a round or confirmed a bout."""

from django_tasks import task

from arbiter.venue.services import notify


@task()
def round_published(tournament_id: int, number: int | None = None) -> None:
    """Tell the players of the tournament's round just published (``number``, else its last
    published one) their pairing."""
    notify.round_published(tournament_id, number)


@task()
def bout_decided(tournament_id: int) -> None:
    """Tell the fighters of the competition now three bouts before their own."""
    notify.bout_decided(tournament_id)
