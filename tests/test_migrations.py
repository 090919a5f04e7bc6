"""The models and the migrations agree."""

import pytest
from django.core.management import call_command


@pytest.mark.django_db
def test_makemigrations_has_nothing_to_do():
    call_command("makemigrations", "--check", "--dry-run", verbosity=0)
