"""Django's makemessages, also reading the engines' ``N_("...")`` marks (docs/i18n.md).

The engines in pairing/engines cannot import Django's gettext; they mark what they say with
``pairing.engines.messages.N_``, which this command passes to xgettext as a keyword, so
``python manage.py makemessages -a`` finds those strings with all the others. The virtualenv,
the tests and the benches are never read.
"""

from django.core.management.commands import makemessages

IGNORED = [".venv", "tests", "bench", "staticfiles", "scripts", "deploy", "docs", "locale"]


class Command(makemessages.Command):
    xgettext_options = [*makemessages.Command.xgettext_options, "--keyword=N_"]
    # a new msgid starts untranslated, never with a near miss marked fuzzy (FIDE's terms differ
    # by one word: "Round 3" is not "Pair round 3")
    msgmerge_options = [*makemessages.Command.msgmerge_options, "--no-fuzzy-matching"]

    def handle(self, *args, **options):
        options["ignore_patterns"] = [*options.get("ignore_patterns", []), *IGNORED]
        return super().handle(*args, **options)
