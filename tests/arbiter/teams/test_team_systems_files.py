"""The team Swiss as the app pairs and plays it (the team systems' demo: results drawn, a team
one player short from round 2), exported: FIDE's checker accepts every round's pairing and
counts our match and game points, and our import gives the same file back. Runs once the team
systems are merged."""

import pytest

from arbiter.teams.trf_export import team_trf, team_trf_file
from arbiter.teams.trf_import import import_team_trf
from tests.gacrux import team_pairing_check, team_tiebreaks

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(("teams", "boards"), [(7, 4), (8, 2)])
def test_a_played_team_swiss_reads_in_gacrux_and_comes_back(anna, tmp_path, teams, boards):
    demo = pytest.importorskip("pairing.team_rounds.demo")
    events = pytest.importorskip("tests.pairing.team_events")
    tournament = events.team_event(
        anna, "team_swiss", teams=teams, boards=boards, reserves=1, rounds=5
    )
    tournament.initial_colour = "w"
    tournament.save(update_fields=["initial_colour"])
    demo.play_team_rounds(anna, tournament, complete=4, draft=False)
    text, rounds = team_trf_file(tournament)
    assert rounds == 4
    path = tmp_path / "event.trf"
    path.write_text(text)
    assert all(team_pairing_check(path, r) for r in range(1, rounds + 1))
    file = team_trf(tournament)
    ours = {t.number: (f"{t.match_points:.1f}", f"{t.game_points:.1f}") for t in file.records.teams}
    assert team_tiebreaks(path, ["MPTS", "GPTS"]) == ours
    assert team_trf_file(import_team_trf(anna, text))[0] == text
