from django.db import migrations, models


def keep_the_rules_of_days_already_scored(apps, schema_editor):
    """A competition whose bouts were scored before this field existed was scored by the
    2018-2024 rules: it keeps them; every other one takes the default (IJF 2025)."""
    Competition = apps.get_model("pairing", "Competition")
    Bout = apps.get_model("pairing", "Bout")
    LiveScore = apps.get_model("pairing", "LiveScore")
    old = "2022"
    scored = set(
        Bout.objects.filter(score__startswith=old).values_list(
            "bracket__tournament__category__competition", flat=True
        )
    ) | set(
        LiveScore.objects.filter(score__startswith=old).values_list(
            "bracket__tournament__category__competition", flat=True
        )
    )
    Competition.objects.filter(pk__in=scored - {None}).update(rule_set="2022")


class Migration(migrations.Migration):
    dependencies = [
        ("pairing", "0009_competition"),
    ]

    operations = [
        migrations.AddField(
            model_name="competition",
            name="rule_set",
            field=models.CharField(
                choices=[("2025", "IJF 2025"), ("2022", "IJF 2018-2024")],
                default="2025",
                max_length=4,
                verbose_name="Rules",
            ),
        ),
        migrations.RunPython(keep_the_rules_of_days_already_scored, migrations.RunPython.noop),
    ]
