"""The judo competition day's models move to their own app (judo/migrations/0001_initial.py):
the pairing app forgets them, their tables stay as they are, rows and all."""

from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ('pairing', '0011_competition_entry_lists'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.RemoveField(
                    model_name='competition',
                    name='arbiters',
                ),
                migrations.RemoveField(
                    model_name='entrylist',
                    name='competition',
                ),
                migrations.RemoveField(
                    model_name='entrylist',
                    name='job',
                ),
                migrations.RemoveField(
                    model_name='entrylist',
                    name='uploaded_by',
                ),
                migrations.RemoveField(
                    model_name='livescore',
                    name='bracket',
                ),
                migrations.RemoveField(
                    model_name='weighin',
                    name='entry',
                ),
                migrations.DeleteModel(
                    name='Category',
                ),
                migrations.DeleteModel(
                    name='Competition',
                ),
                migrations.DeleteModel(
                    name='EntryList',
                ),
                migrations.DeleteModel(
                    name='LiveScore',
                ),
                migrations.DeleteModel(
                    name='WeighIn',
                ),
            ],
            database_operations=[],
        ),
    ]
