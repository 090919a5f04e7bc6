"""Write a static copy of an event's public pages (docs/publishing.md, "Static copy").

python manage.py export_static EVENT_ID DIR     # then rsync DIR to any web host
"""

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from arbiter.events.models import Event
from arbiter.publishing import collect
from arbiter.publishing.static_copy import export


class Command(BaseCommand):
    help = "Write the event's public pages as files any web host serves."

    def add_arguments(self, parser):
        parser.add_argument("event_id", type=int)
        parser.add_argument("directory")

    def handle(self, *args, event_id, directory, **options):
        event = Event.objects.filter(pk=event_id, is_published=True).first()
        if event is None:
            raise CommandError(f"No published event {event_id}.")
        try:
            written = export(event, Path(directory))
        except collect.TooBig as error:
            raise CommandError(str(error)) from error
        self.stdout.write(f"{written} pages of {event.name} written to {directory}")
