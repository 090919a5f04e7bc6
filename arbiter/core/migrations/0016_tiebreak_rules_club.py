"""The club rule of a Swedish attendance Monrad becomes a tie-break rule set beside FIDE's
(docs/standings.md): a new choice, so the check constraint on the rule sets changes. No data
changes: an event keeps the rules it has until its arbiter chooses the club rule."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("arbiter", "0015_teams_and_team_matches"),
    ]

    operations = [
        migrations.RemoveConstraint(
            model_name="tournament",
            name="tournament_tiebreak_rules_known",
        ),
        migrations.AlterField(
            model_name="tournament",
            name="tiebreak_rules",
            field=models.CharField(
                choices=[
                    ("2026", "FIDE C.07 applied from 1 March 2026"),
                    ("2023", "FIDE C.07 of 2023"),
                    ("club", "Club rule (the club evening's scoring and tie-break)"),
                ],
                default="2026",
                max_length=4,
            ),
        ),
        migrations.AddConstraint(
            model_name="tournament",
            constraint=models.CheckConstraint(
                condition=models.Q(("tiebreak_rules__in", ["2026", "2023", "club"])),
                name="tournament_tiebreak_rules_known",
            ),
        ),
    ]
