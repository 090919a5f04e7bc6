"""On the public site: accept the publications a venue signs with this key (docs/publishing.md).

python manage.py publishing_venue "Oslo Open laptop" KEY     # register, or rotate its key
python manage.py publishing_venue "Oslo Open laptop" --revoke
python manage.py publishing_venue --key                      # on the venue: print its key
"""

from django.core.management.base import BaseCommand, CommandError

from arbiter.publishing import services
from arbiter.publishing.models import Venue
from arbiter.publishing.signing import venue_key


class Command(BaseCommand):
    help = "Register a venue's public key (public site), or print this venue's key (--key)."

    def add_arguments(self, parser):
        parser.add_argument("name", nargs="?")
        parser.add_argument("public_key", nargs="?")
        parser.add_argument("--revoke", action="store_true", help="refuse this venue from now on")
        parser.add_argument("--key", action="store_true", help="print this venue's public key")

    def handle(self, *args, name=None, public_key=None, revoke=False, key=False, **options):
        if key:
            self.stdout.write(venue_key().public_key)
            return
        if not name:
            raise CommandError("Name the venue.")
        if revoke:
            if not Venue.objects.filter(name=name).update(active=False):
                raise CommandError(f"No venue {name!r}.")
            self.stdout.write(f"{name} is refused from now on.")
            return
        if not public_key:
            raise CommandError("Give the venue's public key (its publishing page shows it).")
        try:
            services.register_venue(name, public_key)
        except services.PublishError as error:
            raise CommandError(str(error)) from error
        self.stdout.write(f"{name}'s publications are accepted.")
