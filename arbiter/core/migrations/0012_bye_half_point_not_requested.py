"""A bye of a half point that nobody requested (TRF ``0000 - =``): a new kind, so the check
constraint on the kinds changes. SQLite rebuilds the table for that, which its appearance
triggers (0002, they read ``arbiter_bye``) would stop: they are dropped first and made again
after. PostgreSQL alters the constraint in place and keeps its triggers."""

from importlib import import_module

from django.db import migrations, models

APPEARANCE = import_module("arbiter.core.migrations.0002_one_appearance_per_round")


def _on_sqlite(statements):
    def run(apps, schema_editor):
        if schema_editor.connection.vendor == "sqlite":
            for statement in statements:
                schema_editor.execute(statement)

    return run


class Migration(migrations.Migration):
    dependencies = [
        ("arbiter", "0011_user_language"),
    ]

    operations = [
        migrations.RunPython(
            _on_sqlite(APPEARANCE.SQLITE_REVERSE), _on_sqlite(APPEARANCE.SQLITE)
        ),
        migrations.RemoveConstraint(
            model_name="bye",
            name="bye_kind_known",
        ),
        migrations.AlterField(
            model_name="bye",
            name="kind",
            field=models.CharField(
                choices=[
                    ("U", "Pairing-allocated bye"),
                    ("H", "Half-point bye"),
                    ("F", "Full-point bye"),
                    ("Z", "Zero-point bye"),
                    ("=", "Half point, not requested"),
                ],
                max_length=1,
            ),
        ),
        migrations.AddConstraint(
            model_name="bye",
            constraint=models.CheckConstraint(
                condition=models.Q(("kind__in", ["U", "H", "F", "Z", "="])),
                name="bye_kind_known",
            ),
        ),
        migrations.RunPython(
            _on_sqlite(APPEARANCE.SQLITE), _on_sqlite(APPEARANCE.SQLITE_REVERSE)
        ),
    ]
