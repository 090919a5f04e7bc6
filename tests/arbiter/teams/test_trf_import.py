"""Importing a TRF-2026 team file: a new team tournament, a broken record refused with its line
and nothing saved, and the round trip (our export imported and exported again: the same bytes,
the same database)."""

from pathlib import Path

import pytest
from django.urls import reverse

from arbiter.core.models import Game, Round, TeamMatch, Tournament
from arbiter.teams.models import Lineup, TeamBye
from arbiter.teams.trf_export import empty_board_model, team_trf_file
from arbiter.teams.trf_import import import_team_trf, is_team_file
from pairing.engines.trf import TrfError
from tests.arbiter.teams.builders import play_match, spec_event, squad, team_event
from tests.arbiter.teams.test_trf_export import second_round

pytestmark = pytest.mark.django_db
SPEC = (Path(__file__).resolve().parents[2] / "data" / "teams" / "spec-5-2.trf").read_text()
IMPORT = reverse("trf_import")


def test_the_spec_file_becomes_a_team_swiss_with_its_first_round(anna):
    tournament = import_team_trf(anna, SPEC)
    settings = tournament.team_settings
    assert (tournament.name, tournament.system, tournament.planned_rounds) == (
        "Demo Team Swiss",
        "team_swiss",
        5,
    )
    assert (settings.boards, settings.colours, settings.primary_score) == (4, "typea", "mp")
    assert settings.secondary_used and (settings.bye_match_points, settings.bye_game_points) == (
        2,
        2,
    )
    assert [t.name for t in tournament.teams.order_by("number")] == [
        "Alpha",
        "Bravo",
        "Charlie",
        "Delta",
        "Echo",
    ]
    echo_4 = tournament.entries.get(starting_number=20)
    assert (echo_4.team.name, echo_4.team_board) == ("Echo", 4)
    round_ = tournament.rounds.get()
    assert round_.state == Round.State.COMPLETE
    matches = [(m.home.number, m.away.number) for m in TeamMatch.objects.filter(round=round_)]
    assert matches == [(1, 3), (4, 2)]  # the team with White on board 1 named first
    assert Game.objects.filter(round=round_).count() == 8
    assert Game.objects.get(round=round_, board=7).result == "1-0"  # Delta 3 beat Bravo 3
    assert TeamBye.objects.get(round=round_).team.name == "Echo"
    assert tournament.staff.get().user == anna


def test_a_team_file_is_told_apart_by_its_team_records():
    assert is_team_file(SPEC)
    assert not is_team_file(SPEC.replace("\n310", "\n### 310"))


def contents(tournament):
    """Everything the import stores, by numbers and names (no database ids)."""
    t = tournament
    settings = t.team_settings
    entries = t.entries.order_by("starting_number")
    empty = empty_board_model()
    return {
        "tournament": (
            *(t.name, t.system, t.start_date, t.end_date, t.city, t.federation),
            *(t.planned_rounds, t.initial_colour, t.status),
        ),
        "settings": (
            *(settings.boards, settings.primary_score, settings.secondary_used),
            *(settings.match_win, settings.match_draw, settings.match_loss),
            *(settings.bye_match_points, settings.bye_game_points, settings.colours),
        ),
        "teams": [(x.number, x.name, x.nickname) for x in t.teams.order_by("number")],
        "entries": [
            (
                *(e.starting_number, e.name, e.rating, e.fide_id, e.title, e.sex, e.federation),
                *(e.birth_year, e.team.number, e.team_board),
            )
            for e in entries
        ],
        "rounds": [(r.number, r.state) for r in t.rounds.order_by("number")],
        "matches": [
            (m.round.number, m.table, m.home.number, m.away.number, m.forfeit)
            for m in TeamMatch.objects.filter(round__tournament=t).order_by(
                "round__number", "table"
            )
        ],
        "games": [
            (
                *(g.round.number, g.board, g.white.starting_number, g.black.starting_number),
                *(g.result, g.adjourned, g.team_match.table),
            )
            for g in Game.objects.filter(round__tournament=t).order_by("round__number", "board")
        ],
        "empty": [
            (
                *(x.match.round.number, x.match.table, x.board),
                *(x.white_id and x.white.starting_number, x.black_id and x.black.starting_number),
            )
            for x in (
                empty.objects.filter(match__round__tournament=t).order_by("match__round", "board")
                if empty
                else []
            )
        ],
        "byes": [
            (b.round.number, b.team.number, b.kind)
            for b in TeamBye.objects.filter(round__tournament=t).order_by("round__number")
        ],
        "lineups": sorted(
            (
                x.team.number,
                x.round_number,
                tuple((b.board, b.entry_id and b.entry.starting_number) for b in x.boards.all()),
            )
            for x in Lineup.objects.filter(team__tournament=t)
        ),
    }


def third_round(tournament):
    """Round 3: Bravo forfeits its match against Alpha, Charlie beats Delta 4-0, Echo asked
    for a half-point bye."""
    round_ = Round.objects.create(tournament=tournament, number=3, state=Round.State.COMPLETE)
    play_match(round_, 1, squad(tournament, 2), squad(tournament, 1), [], boards=4, forfeit="-+")
    play_match(round_, 2, squad(tournament, 3), squad(tournament, 4), ["1-0", "0-1", "1-0", "0-1"])
    TeamBye.objects.create(round=round_, team=squad(tournament, 5), kind="H")


def three_rounds(anna, *, empty=False):
    tournament = spec_event(anna)
    second_round(tournament, empty=empty)
    third_round(tournament)
    return tournament


@pytest.mark.parametrize(
    "empty",
    [
        False,
        pytest.param(
            True,
            marks=pytest.mark.skipif(empty_board_model() is None, reason="no EmptyBoard yet"),
        ),
    ],
)
def test_our_export_comes_back_byte_for_byte_and_row_for_row(anna, empty):
    original = three_rounds(anna, empty=empty)
    first, rounds = team_trf_file(original)
    assert rounds == 3
    imported = import_team_trf(anna, first)
    second, _ = team_trf_file(imported)
    assert second == first
    again = import_team_trf(anna, second)
    assert contents(again) == contents(imported)
    # and what the arbiter's tournament holds, the import holds too (by numbers)
    mine, theirs = contents(original), contents(imported)
    for part in ("teams", "entries", "rounds", "byes"):
        assert mine[part] == theirs[part], part
    assert sorted(e[:1] + e[2:] for e in mine["empty"]) == sorted(
        e[:1] + e[2:] for e in theirs["empty"]
    )
    # tables are not in a TRF: the import numbers them by the number of the team with White
    assert sorted(m[:1] + m[2:] for m in mine["matches"]) == sorted(
        m[:1] + m[2:] for m in theirs["matches"]
    )


def test_the_import_page_takes_a_team_file(anna_client):
    response = anna_client.post(IMPORT, {"text": SPEC, "name": ""})
    tournament = Tournament.objects.get()
    assert response.status_code == 302
    assert response["Location"] == reverse("trf_import_report", args=[tournament.pk])
    page = anna_client.get(response["Location"]).content.decode()
    assert "Demo Team Swiss imported: 5 teams, 1 round" in page


def test_a_broken_team_record_is_shown_with_its_line_and_nothing_is_saved(anna_client):
    broken = SPEC.replace("310   2 Bravo", "310   1 Bravo")
    response = anna_client.post(IMPORT, {"text": broken})
    html = response.content.decode()
    assert response.status_code == 200 and 'id="import-errors"' in html
    assert "The file was not imported. Line 34, column 5: team 1 repeated (line 33)" in html
    assert not Tournament.objects.exists()


def line_of(text, start):
    return next(i for i, line in enumerate(text.split("\n"), start=1) if line.startswith(start))


def replaced(old, new):
    assert old in SPEC
    return SPEC.replace(old, new)


BROKEN = {
    "a team number twice (310)": (replaced("310   2 Bravo", "310   1 Bravo"), "310   1 Bravo"),
    "team numbers with a gap (310)": (
        replaced("310   5 Echo ", "310   6 Echo ").replace("2.0  2.0   5", "2.0  2.0   6"),
        "310   6",
    ),
    "a player without a 001 (310)": (replaced("   19   20", "   19   21"), "310   5"),
    "a team's match points wrong (310)": (
        replaced("Alpha      0    2.0", "Alpha      0    3.0"),
        "310   1",
    ),
    "board colours that do not alternate (352)": (replaced("352 WBWB", "352 BWBW"), "352"),
    "no board colours (352)": (replaced("352 WBWB\n", ""), None),
    "a match scoring item that is not T (362)": (
        replaced("352 WBWB", "352 WBWB\n362 XW 2.0"),
        "362",
    ),
    "a second PAB record (320)": (
        replaced("320  2.0  2.0   5", "320  2.0  2.0   5\n320  1.0  2.0   5"),
        "320  1.0",
    ),
    "the PAB to a team that played (320)": (
        replaced("320  2.0  2.0   5", "320  2.0  2.0   1"),
        "320",
    ),
    "a match forfeit of an unknown type (330)": (SPEC + "330 ?? 1   5   1\n", "330"),
    "a match forfeit of a match played (330)": (SPEC + "330 +-   1   1   3\n", "001    1"),
    "a lineup naming another team's player (300)": (
        SPEC + "300   1   1   3    5    2    3    4\n",
        "300",
    ),
    "a team bye for no team (240)": (replaced("352 WBWB", "352 WBWB\n240 H   2    9"), "240"),
    "points that the rounds do not give (001)": (
        replaced(
            "Alpha, Player1                    2400 NOR        1001 2000/01/01  1.0",
            "Alpha, Player1                    2400 NOR        1001 2000/01/01  0.5",
        ),
        "001    1",
    ),
    "an opponent whose round says otherwise (001)": (
        replaced("  1.0    1     9 w 1", "  1.0    1    10 w 1"),
        "001    1",
    ),
    "a tournament type that is not a team one (192)": (
        replaced("192 FIDE_TEAM_TYPEA_MP_GP", "192 FIDE_DUTCH_2026"),
        "192",
    ),
    "a player in no team (001)": (
        replaced("   17   18   19   20", "   17   18   19").replace(
            "20 2000/01/01  0.0   20  0000 - U", "20 2000/01/01  0.0   20"
        ),
        "001   20",
    ),
}


@pytest.mark.parametrize("kind", BROKEN)
def test_each_broken_record_is_refused_with_its_line_and_nothing_saved(anna, kind):
    text, start = BROKEN[kind]
    with pytest.raises(TrfError) as refused:
        import_team_trf(anna, text)
    if start is not None:
        assert refused.value.line == line_of(text, start), str(refused.value)
    assert not Tournament.objects.exists()


def test_a_team_round_robin_comes_back_as_one(anna):
    tournament = team_event(
        anna, teams=["North", "South", "East", "West"], system="team_round_robin", rounds=3
    )
    first_round = Round.objects.create(tournament=tournament, number=1, state=Round.State.COMPLETE)
    play_match(
        first_round, 1, squad(tournament, 1), squad(tournament, 4), ["1-0", "1/2", "0-1", "1/2"]
    )
    play_match(first_round, 2, squad(tournament, 2), squad(tournament, 3), ["0-1"] * 4)
    text, _ = team_trf_file(tournament)
    assert "192 FIDE_TEAM_ROUNDROBIN" in text
    imported = import_team_trf(anna, text)
    assert imported.system == "team_round_robin"
    assert team_trf_file(imported)[0] == text
