"""The tournament's system is checked against the registry (arbiter/core/systems.py), not the
database: a system added is an entry, without a migration."""

import arbiter.core.systems
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('arbiter', '0013_job_lease'),
    ]

    operations = [
        migrations.RemoveConstraint(
            model_name='tournament',
            name='tournament_system_known',
        ),
        migrations.AlterField(
            model_name='tournament',
            name='system',
            field=models.CharField(choices=arbiter.core.systems.choices, max_length=20),
        ),
    ]
