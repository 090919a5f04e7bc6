from tests.arbiter.views.conftest import played_open  # noqa: F401  (a fixture)
