"""What moves a section's public version when the event link on its pages changes.

A section's public pages name the event they belong to (templates/public/_layout.html) and are
kept under the section's version (a tournament's ``stamp``: its version and save time; a
competition day's versions: its own version and save time, and its categories'). Neither a
tournament nor a competition knows about events, so when a section is added to an event or
removed from it, or the event is renamed, published or unpublished, their pages would go on
showing the old link: these receivers move those versions on, in the change's own transaction.

Only their save times move (both are part of their public versions); their audited versions,
which stale forms compare, stay.
"""

from django.db.models.signals import post_delete, post_init, post_save
from django.dispatch import receiver
from django.utils import timezone

from arbiter.core.models import Tournament
from arbiter.core.public_cache import forget
from arbiter.events.models import Event, Section
from judo.models import Competition


def touch(tournament_ids: list[int], competition_ids: list[int]) -> None:
    """The public pages of these tournaments and competition days are to be built again."""
    if tournament_ids:
        Tournament.objects.filter(pk__in=tournament_ids).update(updated_at=timezone.now())
        for pk in tournament_ids:
            forget(pk)
    if competition_ids:
        Competition.objects.filter(pk__in=competition_ids).update(updated_at=timezone.now())


@receiver(post_save, sender=Section)
@receiver(post_delete, sender=Section)
def _section_changed(sender, instance: Section, **kwargs) -> None:
    touch(
        [instance.tournament_id] if instance.tournament_id else [],
        [instance.competition_id] if instance.competition_id else [],
    )


@receiver(post_init, sender=Event)
def _remember_link(sender, instance: Event, **kwargs) -> None:
    instance._public_link = (instance.name, instance.is_published)


@receiver(post_save, sender=Event)
def _event_saved(sender, instance: Event, created: bool, **kwargs) -> None:
    link = (instance.name, instance.is_published)
    if not created and link != instance._public_link:
        sections = list(instance.sections.values_list("tournament_id", "competition_id"))
        touch([t for t, _ in sections if t], [c for _, c in sections if c])
    instance._public_link = link
