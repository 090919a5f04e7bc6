"""Django's compilemessages, for our catalogues only (locale/): never the virtualenv's."""

from django.core.management.commands import compilemessages

IGNORED = [".venv", "staticfiles", "node_modules"]


class Command(compilemessages.Command):
    def handle(self, *args, **options):
        options["ignore_patterns"] = [*options.get("ignore_patterns", []), *IGNORED]
        return super().handle(*args, **options)
