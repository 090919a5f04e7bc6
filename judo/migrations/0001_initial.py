"""The judo competition day's models, moved from the pairing app (its migration 0012): they
keep the tables the pairing app made (``db_table``), so nothing in the database changes."""

import arbiter.core.models
import django.core.validators
import django.db.models.deletion
from decimal import Decimal
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):

    initial = True

    dependencies = [
        ('arbiter', '0013_job_lease'),
        ('pairing', '0012_judo_day_to_its_own_app'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name='Competition',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('name', models.CharField(max_length=200, validators=[arbiter.core.models.no_control_characters])),
                        ('date', models.DateField(blank=True, null=True)),
                        ('city', models.CharField(blank=True, max_length=100, validators=[arbiter.core.models.no_control_characters])),
                        ('mats', models.PositiveSmallIntegerField(default=2, validators=[django.core.validators.MinValueValidator(1), django.core.validators.MaxValueValidator(12)])),
                        ('rest_minutes', models.PositiveSmallIntegerField(default=10, validators=[django.core.validators.MaxValueValidator(120)])),
                        ('bout_minutes', models.DecimalField(decimal_places=1, default=Decimal('5.0'), max_digits=3, validators=[django.core.validators.MinValueValidator(Decimal('1.0')), django.core.validators.MaxValueValidator(Decimal('30.0'))])),
                        ('rule_set', models.CharField(choices=[('2025', 'IJF 2025'), ('2022', 'IJF 2018-2024')], default='2025', max_length=4, verbose_name='Rules')),
                        ('is_published', models.BooleanField(default=False)),
                        ('version', models.PositiveBigIntegerField(default=0)),
                        ('created_at', models.DateTimeField(auto_now_add=True)),
                        ('updated_at', models.DateTimeField(auto_now=True)),
                        ('arbiters', models.ManyToManyField(related_name='competitions', to=settings.AUTH_USER_MODEL)),
                    ],
                    options={
                        'db_table': 'pairing_competition',
                        'ordering': ['-date', 'name'],
                    },
                ),
                migrations.CreateModel(
                    name='EntryList',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('file_name', models.CharField(max_length=200)),
                        ('rows', models.JSONField(blank=True, default=list)),
                        ('imported_at', models.DateTimeField(blank=True, null=True)),
                        ('imported', models.PositiveIntegerField(default=0)),
                        ('created_at', models.DateTimeField(auto_now_add=True)),
                        ('competition', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='entry_lists', to='judo.competition')),
                        ('job', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to='arbiter.backgroundjob')),
                        ('uploaded_by', models.ForeignKey(null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL)),
                    ],
                    options={
                        'db_table': 'pairing_entrylist',
                        'ordering': ['-created_at', '-id'],
                    },
                ),
                migrations.CreateModel(
                    name='WeighIn',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('weight', models.DecimalField(decimal_places=1, max_digits=4, validators=[django.core.validators.MinValueValidator(Decimal('10')), django.core.validators.MaxValueValidator(Decimal('250'))])),
                        ('at', models.DateTimeField(auto_now=True)),
                        ('entry', models.OneToOneField(on_delete=django.db.models.deletion.CASCADE, related_name='weigh_in', to='arbiter.entry')),
                    ],
                    options={
                        'db_table': 'pairing_weighin',
                    },
                ),
                migrations.CreateModel(
                    name='Category',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('sex', models.CharField(choices=[('M', 'Men'), ('F', 'Women')], max_length=1)),
                        ('age_group', models.CharField(max_length=40, validators=[arbiter.core.models.no_control_characters])),
                        ('born_from', models.PositiveSmallIntegerField(blank=True, null=True)),
                        ('born_to', models.PositiveSmallIntegerField(blank=True, null=True)),
                        ('weight_limit', models.DecimalField(blank=True, decimal_places=1, max_digits=4, null=True, validators=[django.core.validators.MinValueValidator(Decimal('10')), django.core.validators.MaxValueValidator(Decimal('200'))])),
                        ('mat', models.PositiveSmallIntegerField(blank=True, null=True)),
                        ('tournament', models.OneToOneField(on_delete=django.db.models.deletion.CASCADE, related_name='category', to='arbiter.tournament')),
                        ('competition', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='categories', to='judo.competition')),
                    ],
                    options={
                        'db_table': 'pairing_category',
                        'ordering': ['sex', 'age_group', models.OrderBy(models.F('weight_limit'), nulls_last=True)],
                        'constraints': [models.UniqueConstraint(fields=('competition', 'sex', 'age_group', 'weight_limit'), name='one_category_per_class')],
                    },
                ),
                migrations.CreateModel(
                    name='LiveScore',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('match', models.PositiveSmallIntegerField()),
                        ('score', models.CharField(max_length=200)),
                        ('version', models.PositiveIntegerField(default=1)),
                        ('updated_at', models.DateTimeField(auto_now=True)),
                        ('bracket', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='live_scores', to='pairing.bracket')),
                    ],
                    options={
                        'db_table': 'pairing_livescore',
                        'constraints': [models.UniqueConstraint(fields=('bracket', 'match'), name='one_live_score_per_bout')],
                    },
                ),
            ],
            database_operations=[],
        ),
    ]
