import pytest
from django.core.cache import caches


@pytest.fixture(autouse=True)
def fresh_caches():
    """No failed-login count or cached public page survives from one test to the next."""
    for alias in ("default", "logins"):
        caches[alias].clear()
    yield
    for alias in ("default", "logins"):
        caches[alias].clear()
