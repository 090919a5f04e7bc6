"""The team systems' registry entries, where the branch that registers them is not merged yet:
a stand-in with the team file as its TRF (the real entries set ``trf_file`` the same way)."""

import pytest

from arbiter.core.systems import SYSTEMS, PairingSystem
from arbiter.teams.trf_export import TEAM_ROUND_ROBIN, TEAM_SWISS, team_trf_file, team_trf_type


@pytest.fixture(autouse=True)
def team_systems():
    added = []
    for code in (TEAM_SWISS, TEAM_ROUND_ROBIN):
        if code not in SYSTEMS:
            SYSTEMS[code] = PairingSystem(
                code=code,
                label=code,
                schema_value=code,
                arbiter_pages=(),
                trf_type=team_trf_type,
                trf_file=team_trf_file,
                pairer=_not_here,
            )
            added.append(code)
    yield
    for code in added:
        del SYSTEMS[code]


def _not_here(user, tournament, number):
    raise AssertionError("the stand-in pairs nothing")
