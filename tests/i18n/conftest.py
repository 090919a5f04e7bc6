from tests.arbiter.public.conftest import played_open  # noqa: F401  (a fixture)
