"""A team event's TRF-2026 file: what the database says, as the spec's worked file (§5.2) and
FIDE's reference tool (gacrux) read it."""

from pathlib import Path

import pytest
from django.urls import reverse

from arbiter.core.models import Round
from arbiter.teams.models import Lineup, LineupBoard, TeamBye
from arbiter.teams.trf_export import empty_board_model, team_trf, team_trf_file
from tests.arbiter.teams.builders import (
    play_match,
    players,
    spec_event,
    squad,
    team_event,
)
from tests.gacrux import team_pairing_check, team_tiebreaks

pytestmark = pytest.mark.django_db
SPEC = Path(__file__).resolve().parents[2] / "data" / "teams" / "spec-5-2.trf"
needs_empty_boards = pytest.mark.skipif(
    empty_board_model() is None, reason="the team systems' EmptyBoard is not merged"
)


def records(text, code):
    return [line for line in text.splitlines() if line[:3] == code]


def test_the_worked_example_is_written_as_the_spec_writes_it(anna):
    text, rounds = team_trf_file(spec_event(anna))
    spec = SPEC.read_text()
    assert rounds == 1
    assert records(text, "192") == ["192 FIDE_TEAM_TYPEA_MP_GP"]
    assert records(text, "352") == ["352 WBWB"]
    assert records(text, "320") == records(spec, "320") == ["320  2.0  2.0   5"]
    # the teams' match and game points (the rank: ours by the scores, ties shared)
    assert [line[:68] for line in records(text, "310")] == [
        line[:68] for line in records(spec, "310")
    ]
    assert [line[71:] for line in records(text, "310")] == [
        line[71:] for line in records(spec, "310")
    ]
    # each player's round: opponent, colour, result; the points column too, but for the PAB:
    # the spec writes Echo's players 0.0, we count U as record 162's individual PAB (a win),
    # as FIDE's checker does (it passes a total of 0 unchecked, and refuses 0.0 beside a game)
    assert [line[89:] for line in records(text, "001")] == [
        line[89:] for line in records(spec, "001")
    ]
    points = [line[80:84] for line in records(text, "001")]
    assert points == [line[80:84] for line in records(spec, "001")][:16] + [" 1.0"] * 4
    assert records(text, "362") == []  # 2/1/0 is TRF-2026's default


def test_the_team_file_model_gives_each_teams_rounds_for_the_standings(anna):
    file = team_trf(spec_event(anna))
    alpha, echo = file.rounds[1][0], file.rounds[5][0]
    assert (alpha.opponent, alpha.colour, alpha.match_points, alpha.game_points) == (3, "W", 2, 2.5)
    assert (echo.kind, echo.match_points, echo.game_points) == ("PAB", 2, 2)
    assert [team.rank for team in file.records.teams] == [1, 3, 5, 3, 2]


def test_the_192_code_follows_the_settings(anna):
    type_b = team_event(anna, colours="typeb")
    assert type_b.pairing_system.trf_type(type_b) == "FIDE_TEAM_TYPEB_MP_GP"
    gp_only = team_event(
        anna, teams=["A", "B"], primary_score="gp", secondary_used=False, colours="none"
    )
    assert gp_only.pairing_system.trf_type(gp_only) == "FIDE_TEAM_GP"
    no_colours = team_event(anna, teams=["C", "D"], colours="none")
    assert no_colours.pairing_system.trf_type(no_colours) == "FIDE_TEAM_MP_GP"
    robin = team_event(anna, teams=["E", "F", "G", "H"], system="team_round_robin", rounds=3)
    assert robin.pairing_system.trf_type(robin) == "FIDE_TEAM_ROUNDROBIN"
    robin.planned_rounds = 6
    assert robin.pairing_system.trf_type(robin) == "FIDE_TEAM_DOUBLEROUNDROBIN"


def second_round(tournament, *, empty=False):
    """Round 2 as C.04.6 pairs it after §5.2's round 1 (4-1, 2-5, 3 the PAB): a board won by
    forfeit; Echo in another order than its list (and a board left empty, with ``empty``)."""
    round_ = Round.objects.create(tournament=tournament, number=2, state=Round.State.COMPLETE)
    delta, alpha = squad(tournament, 4), squad(tournament, 1)
    play_match(round_, 1, delta, alpha, ["1-0", "0-1", "+-", "1/2"])
    bravo, echo = squad(tournament, 2), squad(tournament, 5)
    e = players(echo)
    order = [e[1], e[0], e[3], None if empty else e[2]]
    play_match(
        round_, 2, bravo, echo, ["1/2", "1-0", "0-1", "1-0"], lineups=(players(bravo), order)
    )
    TeamBye.objects.create(round=round_, team=squad(tournament, 3), kind="U")
    return round_


def test_a_lineup_out_of_the_list_order_is_a_300_record_and_a_board_forfeit_a_plus(anna):
    tournament = spec_event(anna)
    second_round(tournament)
    text, rounds = team_trf_file(tournament)
    assert rounds == 2
    assert records(text, "300") == ["300   2   5   2   18   17   20   19"]
    delta_3 = next(line for line in records(text, "001") if line[4:8] == "  15")
    assert delta_3.endswith("7 w 1     3 w +")
    assert records(text, "320") == ["320  2.0  2.0   5   3"]


def test_a_team_pab_writes_its_lineups_players_unpaired(anna):
    tournament = spec_event(anna)
    second_round(tournament)
    lineup = Lineup.objects.create(team=squad(tournament, 3), round_number=2)
    c = players(squad(tournament, 3))
    for board, entry in enumerate([c[0], c[2], c[3], None], start=1):
        LineupBoard.objects.create(lineup=lineup, board=board, entry=entry)
    text, _ = team_trf_file(tournament)
    unpaired = {line[4:8].strip() for line in records(text, "001") if line.endswith("0000 - U")}
    assert {"9", "11", "12"} <= unpaired and "10" not in unpaired


@needs_empty_boards
def test_an_empty_board_is_0000_in_the_300_and_a_forfeit_win_for_the_player_facing_it(anna):
    tournament = spec_event(anna)
    second_round(tournament, empty=True)
    text, _ = team_trf_file(tournament)
    (lineup,) = records(text, "300")
    assert lineup[:30] == "300   2   5   2   18   17   20" and int(lineup[30:]) == 0
    bravo_4 = next(line for line in records(text, "001") if line[4:8] == "   8")
    assert bravo_4.endswith("0000 - +")


def test_a_whole_match_forfeited_is_a_330_record_and_team_byes_240(anna):
    tournament = spec_event(anna)
    second_round(tournament)
    round_ = Round.objects.create(tournament=tournament, number=3, state=Round.State.COMPLETE)
    play_match(round_, 1, squad(tournament, 2), squad(tournament, 1), [], boards=4, forfeit="-+")
    play_match(round_, 2, squad(tournament, 3), squad(tournament, 4), ["1-0"] * 4)
    TeamBye.objects.create(round=round_, team=squad(tournament, 5), kind="H")
    text, _ = team_trf_file(tournament)
    assert records(text, "330") == ["330 -+   3   2   1"]
    assert records(text, "240") == ["240 H   3    5"]
    file = team_trf(tournament)
    assert file.rounds[1][2].match_points == 2 and file.rounds[1][2].game_points == 4
    assert file.rounds[5][2].kind == "HPB" and file.rounds[5][2].game_points == 2


def test_the_downloads_give_the_team_file(anna_client, anna):
    tournament = spec_event(anna)
    arbiter = anna_client.get(reverse("trf_export", args=[tournament.pk, "2026"]))
    assert arbiter.status_code == 200 and b"310   1 Alpha" in arbiter.content
    public = anna_client.get(reverse("export_trf", args=[tournament.pk, "2026"]))
    assert public.status_code == 200 and b"320  2.0  2.0   5" in public.content
    legacy = anna_client.get(reverse("trf_export", args=[tournament.pk, "16"]))
    assert b"013 Alpha" in legacy.content and b"\n310 " not in legacy.content


def test_fides_checker_reads_the_export_as_the_spec_says(anna, tmp_path):
    """gacrux's tie-breaks on §5.2 (spec §4's table) and its check of round 1."""
    path = tmp_path / "demo.trf"
    path.write_text(team_trf_file(spec_event(anna))[0])
    table = team_tiebreaks(path, ["MPTS", "GPTS", "EGGSB", "BC"])
    assert table[1] == ("2.0", "2.5", "3.75", "6.0")
    assert table[5][:2] == ("2.0", "2.0")
    assert team_pairing_check(path, 1)


def test_fides_checker_accepts_our_second_round(anna, tmp_path):
    tournament = spec_event(anna)
    second_round(tournament)
    path = tmp_path / "demo.trf"
    path.write_text(team_trf_file(tournament)[0])
    assert team_pairing_check(path, 1) and team_pairing_check(path, 2)
    table = team_tiebreaks(path, ["MPTS", "GPTS"])
    file = team_trf(tournament)
    for team in file.records.teams:
        mp, gp = table[team.number]
        assert (mp, gp) == (f"{team.match_points:.1f}", f"{team.game_points:.1f}")


@pytest.mark.parametrize(
    "empty", [False, pytest.param(True, marks=needs_empty_boards)], ids=["full", "empty-board"]
)
def test_fides_checker_counts_forfeits_empty_boards_and_byes_as_we_do(anna, tmp_path, empty):
    """Round 2 with a board forfeit (and an empty board), round 3 with a match forfeited and
    a half-point bye: gacrux accepts round 2's pairing and its match and game points are ours."""
    from tests.arbiter.teams.test_trf_import import three_rounds

    tournament = three_rounds(anna, empty=empty)
    path = tmp_path / "demo.trf"
    path.write_text(team_trf_file(tournament)[0])
    assert team_pairing_check(path, 2)
    table = team_tiebreaks(path, ["MPTS", "GPTS"])
    file = team_trf(tournament)
    assert {
        t.number: (f"{t.match_points:.1f}", f"{t.game_points:.1f}") for t in file.records.teams
    } == table


def test_a_rounds_file_for_checking_is_the_team_file_through_that_round(client, anna, tmp_path):
    tournament = spec_event(anna)
    second_round(tournament)
    third = Round.objects.create(tournament=tournament, number=3, state=Round.State.PUBLISHED)
    play_match(third, 1, squad(tournament, 1), squad(tournament, 2), ["1-0"] * 4)
    response = client.get(reverse("export_round_trf", args=[tournament.pk, 2]))
    text = response.content.decode()
    assert text == team_trf_file(tournament)[0]  # rounds 1 and 2: the third is not complete
    path = tmp_path / "round-2.trf"
    path.write_text(text)
    assert team_pairing_check(path, 2)
