import pytest


@pytest.fixture(autouse=True)
def fast_passwords():
    """The app servers check passwords with production's hashers: the users the test makes for
    them are made with those too (not the suite's fast one)."""
