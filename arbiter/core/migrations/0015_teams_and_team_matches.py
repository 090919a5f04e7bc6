"""Teams and team matches in the core (issue 27): a match between two teams made of board games
can be stored, for the team events to come (issue 30)."""

import arbiter.core.models
import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('arbiter', '0014_system_from_the_registry'),
    ]

    operations = [
        migrations.CreateModel(
            name='TeamMatch',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('table', models.PositiveSmallIntegerField()),
            ],
            options={
                'ordering': ['round', 'table'],
            },
        ),
        migrations.AddField(
            model_name='entry',
            name='team_board',
            field=models.PositiveSmallIntegerField(blank=True, null=True),
        ),
        migrations.CreateModel(
            name='Team',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('name', models.CharField(max_length=100, validators=[arbiter.core.models.no_control_characters])),
                ('tournament', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='teams', to='arbiter.tournament')),
            ],
            options={
                'ordering': ['tournament', 'name'],
            },
        ),
        migrations.AddField(
            model_name='entry',
            name='team',
            field=models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='members', to='arbiter.team'),
        ),
        migrations.AddConstraint(
            model_name='entry',
            constraint=models.UniqueConstraint(fields=('team', 'team_board'), name='unique_team_board'),
        ),
        migrations.AddConstraint(
            model_name='entry',
            constraint=models.CheckConstraint(condition=models.Q(('team__isnull', True), ('team_board__gte', 1), _connector='OR'), name='team_member_has_a_board'),
        ),
        migrations.AddField(
            model_name='teammatch',
            name='away',
            field=models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='+', to='arbiter.team'),
        ),
        migrations.AddField(
            model_name='teammatch',
            name='home',
            field=models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='+', to='arbiter.team'),
        ),
        migrations.AddField(
            model_name='teammatch',
            name='round',
            field=models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='team_matches', to='arbiter.round'),
        ),
        migrations.AddField(
            model_name='game',
            name='team_match',
            field=models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.CASCADE, related_name='games', to='arbiter.teammatch'),
        ),
        migrations.AddConstraint(
            model_name='team',
            constraint=models.UniqueConstraint(fields=('tournament', 'name'), name='unique_team_name'),
        ),
        migrations.AddConstraint(
            model_name='teammatch',
            constraint=models.UniqueConstraint(fields=('round', 'table'), name='unique_table_per_round'),
        ),
        migrations.AddConstraint(
            model_name='teammatch',
            constraint=models.UniqueConstraint(fields=('round', 'home'), name='home_team_once_per_round'),
        ),
        migrations.AddConstraint(
            model_name='teammatch',
            constraint=models.UniqueConstraint(fields=('round', 'away'), name='away_team_once_per_round'),
        ),
        migrations.AddConstraint(
            model_name='teammatch',
            constraint=models.CheckConstraint(condition=models.Q(('home', models.F('away')), _negated=True), name='no_match_against_itself'),
        ),
        migrations.AddConstraint(
            model_name='teammatch',
            constraint=models.CheckConstraint(condition=models.Q(('table__gte', 1)), name='table_positive'),
        ),
    ]
