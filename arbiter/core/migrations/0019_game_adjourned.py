"""An adjourned game: no result yet, a draw for the pairing (docs/fide-mode.md).

SQLite adds the column and the check by rebuilding the game table, which its appearance
triggers (0002, they read ``arbiter_game``) do not survive: they are dropped first and made
again after. PostgreSQL alters the table in place.
"""

import importlib

from django.db import migrations, models

triggers = importlib.import_module("arbiter.core.migrations.0002_one_appearance_per_round")


def _on_sqlite(statements):
    def run(apps, schema_editor):
        if schema_editor.connection.vendor == "sqlite":
            for statement in statements:
                schema_editor.execute(statement)

    return run


class Migration(migrations.Migration):
    dependencies = [("arbiter", "0018_initial_order")]

    operations = [
        migrations.RunPython(_on_sqlite(triggers.SQLITE_REVERSE), _on_sqlite(triggers.SQLITE)),
        migrations.AddField(
            model_name="game",
            name="adjourned",
            field=models.BooleanField(default=False),
        ),
        migrations.AddConstraint(
            model_name="game",
            constraint=models.CheckConstraint(
                condition=models.Q(("adjourned", False), ("result", ""), _connector="OR"),
                name="adjourned_game_has_no_result",
            ),
        ),
        migrations.RunPython(_on_sqlite(triggers.SQLITE), _on_sqlite(triggers.SQLITE_REVERSE)),
    ]
