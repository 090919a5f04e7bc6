from django.core.management.base import BaseCommand

from arbiter.desk.demo import DEMO_PASSWORD, DEMO_USERNAME, load_demo


class Command(BaseCommand):
    help = "Create the demo arbiter and one sample tournament per pairing system (idempotent)."

    def handle(self, *args, **options) -> None:
        _, made = load_demo()
        for tournament in made:
            self.stdout.write(f"Created {tournament.name} ({tournament.get_system_display()})")
        if not made:
            self.stdout.write("The demo tournaments are already there.")
        self.stdout.write(f"Demo arbiter login: {DEMO_USERNAME} / {DEMO_PASSWORD}")
