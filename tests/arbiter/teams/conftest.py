"""The team systems' registry entries, where the branch that registers them is not merged yet:
stand-ins with the team file as their TRF and the team pages as their public tabs (the real
entries set ``trf_file`` and ``public_pages`` the same way)."""

import pytest

from arbiter.core.systems import SYSTEMS
from tests.arbiter.teams.team_open import team_systems as register_team_systems


@pytest.fixture(autouse=True)
def team_systems():
    added = register_team_systems()
    yield
    for code in added:
        del SYSTEMS[code]
