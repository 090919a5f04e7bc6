import pytest

from arbiter.core.systems import SYSTEMS
from tests.arbiter.teams.builders import team_systems


@pytest.fixture(autouse=True)
def registered_team_systems():
    """The team round robin and the team Swiss are known to the registry (stand-ins while their
    own entries are not registered)."""
    added = team_systems()
    yield
    for code in added:
        del SYSTEMS[code]
