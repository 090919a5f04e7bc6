"""The unusual results of a game played, ½-0, 0-½ and 0-0 (FIDE's checklist Q180-186): new
result codes, in the field's choices and its check.

SQLite rebuilds the game table for the new check, which its appearance triggers (0002, they
read ``arbiter_game``) do not survive: they are dropped first and made again after, as in 0019.
PostgreSQL alters the table in place.
"""

import importlib

from django.db import migrations, models

triggers = importlib.import_module("arbiter.core.migrations.0002_one_appearance_per_round")
adjourned = importlib.import_module("arbiter.core.migrations.0019_game_adjourned")

BEFORE = ["1-0", "0-1", "1/2", "+-", "-+", "--"]
AFTER = [*BEFORE, "=-0", "0-=", "0-0"]
LABELS = {
    "1-0": "1 - 0",
    "0-1": "0 - 1",
    "1/2": "½ - ½",
    "+-": "+ - -",
    "-+": "- - +",
    "--": "- - -",
    "=-0": "½ - 0",
    "0-=": "0 - ½",
    "0-0": "0 - 0",
}


def _known(codes):
    return models.CheckConstraint(
        condition=models.Q(("result", ""), ("result__in", codes), _connector="OR"),
        name="game_result_known",
    )


class Migration(migrations.Migration):
    dependencies = [("arbiter", "0019_game_adjourned")]

    operations = [
        migrations.RunPython(
            adjourned._on_sqlite(triggers.SQLITE_REVERSE), adjourned._on_sqlite(triggers.SQLITE)
        ),
        migrations.RemoveConstraint(model_name="game", name="game_result_known"),
        migrations.AlterField(
            model_name="game",
            name="result",
            field=models.CharField(
                blank=True, choices=[(code, LABELS[code]) for code in AFTER], max_length=3
            ),
        ),
        migrations.AddConstraint(model_name="game", constraint=_known(AFTER)),
        migrations.RunPython(
            adjourned._on_sqlite(triggers.SQLITE), adjourned._on_sqlite(triggers.SQLITE_REVERSE)
        ),
    ]
