"""TRF-2026 team records are read into teams and matches, written back, and a broken one is
refused with its line and column (TRF-2026 records 300, 310, 320, 330, 352, 362; C.04.6 1.6.1)."""

import random
from decimal import Decimal
from pathlib import Path

import pytest

from pairing.engines.trf import TrfError, parse_trf
from pairing.engines.trf_team import (
    ABSENT,
    FORFEIT_LOSS,
    FORFEIT_WIN,
    FPB,
    PAB,
    PLAYED,
    parse_team_trf,
    read_team_records,
    team_record_lines,
    write_team_trf,
)
from tests.pairing.engines.team_files import random_team_file, team_file

DATA = Path(__file__).parent / "data" / "teams"
EXAMPLE = (DATA / "example_5_2.trf").read_text()
THREE_ROUNDS = (DATA / "three_rounds.trf").read_text()


def test_the_worked_example_has_five_teams_of_four_boards():
    read = parse_team_trf(EXAMPLE)
    assert [team.name for team in read.records.teams] == [
        "Alpha", "Bravo", "Charlie", "Delta", "Echo",
    ]  # fmt: skip
    assert read.records.boards == 4
    assert read.records.team(1).players == (1, 2, 3, 4)
    assert read.records.team(1).match_points == Decimal("2.0")
    assert read.records.pab_teams == (5,)


def test_the_match_colour_is_the_board_one_players():
    read = parse_team_trf(EXAMPLE)
    assert [(m.white, m.black) for m in read.matches] == [(1, 3), (4, 2)]
    alpha = read.matches[0]
    assert [b.colour for b in alpha.boards] == ["W", "B", "W", "B"]
    assert (alpha.white_game_points, alpha.black_game_points) == (Decimal("2.5"), Decimal("1.5"))
    assert (alpha.white_match_points, alpha.black_match_points) == (2, 0)


def test_each_team_has_its_round_with_match_and_game_points():
    read = parse_team_trf(EXAMPLE)
    delta = read.rounds[4][0]
    assert (delta.kind, delta.opponent, delta.colour) == (PLAYED, 2, "W")
    assert (delta.match_points, delta.game_points) == (1, 2)
    echo = read.rounds[5][0]
    assert (echo.kind, echo.match_points, echo.game_points) == (PAB, 2, 2)
    assert [read.match_points(t) for t in range(1, 6)] == [2, 1, 0, 1, 2]


def test_reserves_lineups_out_of_order_forfeits_and_byes_are_read():
    read = parse_team_trf(THREE_ROUNDS)
    # round 2: Delta plays its reserve on board 4; Echo's 300 puts player 2 on board 1
    delta_bravo = next(m for m in read.matches if m.round == 2 and m.white == 4)
    assert [b.white_team_player for b in delta_bravo.boards] == [15, 16, 17, 19]
    echo = next(m for m in read.matches if m.round == 2 and m.white == 5)
    assert [b.white_team_player for b in echo.boards] == [21, 20, 22, 23]
    # Foxtrot won its round-2 match by forfeit (330): every board
    assert read.rounds[6][1].kind == FORFEIT_WIN
    assert read.rounds[1][1].kind == FORFEIT_LOSS
    assert (read.rounds[6][1].match_points, read.rounds[6][1].game_points) == (2, 4)
    # round 3: Alpha's board 3 was empty, Charlie's player won it
    alpha = next(m for m in read.matches if m.round == 3 and m.white == 1)
    assert alpha.boards[2].white_team_player is None
    assert alpha.boards[2].black_team_points == 1
    assert not alpha.boards[2].played
    assert read.rounds[2][2].kind == PAB
    assert read.rounds[5][2].kind == FPB


def test_the_totals_agree_with_what_the_310_records_declare():
    read = parse_team_trf(THREE_ROUNDS)
    for team in read.records.teams:
        assert (team.match_points, team.game_points) == (
            read.match_points(team.number),
            read.game_points(team.number),
        )


@pytest.mark.parametrize("text", [EXAMPLE, THREE_ROUNDS])
def test_writing_and_reading_back_gives_the_same_teams_and_matches(text):
    read = parse_team_trf(text)
    again = parse_team_trf(write_team_trf(read.tournament, read.records))
    assert again.records == read.records
    assert again.matches == read.matches
    assert again.rounds == read.rounds


def test_a_team_without_a_match_or_bye_is_absent():
    text = team_file([("A", 4), ("B", 4), ("C", 4)], 4, [[(1, 2, "1111")]])
    assert parse_team_trf(text).rounds[3][0].kind == ABSENT


def test_362_sets_the_match_points_and_is_written_back():
    text = EXAMPLE.replace("352 WBWB", "352 WBWB\n362 TW 3.0   TD 1.0   TL 0.0")
    read = parse_team_trf(text)
    assert read.records.scoring.win == 3
    assert read.rounds[1][0].match_points == 3
    assert "362 TW 3.0   TD 1.0   TL 0.0" in team_record_lines(read.records)


def test_an_individual_file_still_refuses_teams():
    with pytest.raises(TrfError, match="team tournaments are not supported"):
        parse_trf(EXAMPLE)


def test_013_records_are_read_when_there_is_no_310():
    lines = [ln for ln in EXAMPLE.splitlines() if not ln.startswith("310")]
    lines += [f"013 {'Team' + str(t):<32}" + "".join(
        f"{p:>4} " for p in range(4 * t - 3, 4 * t + 1)) for t in range(1, 6)]  # fmt: skip
    text = "\n".join(lines) + "\n"
    records = read_team_records(parse_trf(text, teams=True), text)
    assert records.legacy
    assert records.team(3).players == (9, 10, 11, 12)


def _line_of(text: str, start: str) -> int:
    return next(n for n, line in enumerate(text.splitlines(), 1) if line.startswith(start))


def _broken(old: str, new: str, text: str = EXAMPLE) -> str:
    assert old in text
    return text.replace(old, new, 1)


BROKEN = [
    # (what is wrong, old text, new text, column)
    ("a TPN that is no number", "310   2 Bravo", "310  x2 Bravo", 5),
    ("a repeated TPN", "310   2 Bravo", "310   1 Bravo", 5),
    ("a player in two teams", "  13   14   15   16", "  13   14   15    1", 89),
    ("misaligned players", "  1     1    2    3    4", "  1 1   1    2    3    4", 72),
    ("colours other than W and B", "352 WBWB", "352 WBXB", 7),
    ("a second 352", "352 WBWB", "352 WBWB\n352 WBWB", 1),
    ("a 362 item that is not TW TD TL", "352 WBWB", "352 WBWB\n362 TX 2.0", 5),
    ("a second 320", "320  2.0  2.0   5", "320  2.0  2.0   5\n320  2.0  2.0   5", 1),
    ("a PAB for no team", "320  2.0  2.0   5", "320  2.0  2.0   9", 15),
    ("a PAB without its points", "320  2.0  2.0   5", "320       2.0   5", 5),
    ("a 330 forfeit of no kind", "320  2.0  2.0   5", "320  2.0  2.0   5\n330 ?+   1   1   3", 5),
    (
        "a 330 team that does not exist",
        "320  2.0  2.0   5",
        "320  2.0  2.0   5\n330 +-   2   1   7",
        16,
    ),
    (
        "a 300 player not in the team",
        "320  2.0  2.0   5",
        "320  2.0  2.0   5\n300   1   1   3    2    1    5    4",
        27,
    ),
    (
        "a 300 with too many boards",
        "320  2.0  2.0   5",
        "320  2.0  2.0   5\n300   1   1   3    2    1    3    4    5",
        37,
    ),
    (
        "a 300 of no team",
        "320  2.0  2.0   5",
        "320  2.0  2.0   5\n300   1   8   3    1    2    3    4",
        9,
    ),
]


@pytest.mark.parametrize(
    ("what", "old", "new", "column"),
    BROKEN,
    ids=[b[0] for b in BROKEN],
)
def test_a_broken_team_record_is_refused_with_its_line_and_column(what, old, new, column):
    text = _broken(old, new)
    fragment = new.splitlines()[-1]
    wrong = [n for n, line in enumerate(text.splitlines(), 1) if fragment in line][-1]
    with pytest.raises(TrfError) as refused:
        parse_team_trf(text)
    assert refused.value.line == wrong, (what, str(refused.value))
    assert refused.value.column == column, (what, str(refused.value))


def test_a_roster_player_without_a_001_record_is_refused():
    text = _broken("  17   18   19   20", "  17   18   19   21")
    with pytest.raises(TrfError) as refused:
        parse_team_trf(text)
    assert refused.value.line == _line_of(text, "310   5")
    assert refused.value.column == 89


def test_no_352_is_refused():
    with pytest.raises(TrfError, match="352"):
        parse_team_trf(_broken("352 WBWB\n", ""))


def test_a_player_facing_two_teams_is_refused_at_the_player():
    # Alpha's board 4 player meets Delta's board 4 instead of Charlie's
    text = _broken("4001 2000/01/01  1.0    4    12 b 1", "4001 2000/01/01  1.0    4    16 b 1")
    with pytest.raises(TrfError) as refused:
        parse_team_trf(text)
    assert refused.value.line == _line_of(text, "001    4")
    assert refused.value.column == 92


def test_boards_that_do_not_face_each_other_ask_for_a_300():
    # Alpha's boards 1 and 2 swapped without a 300 record
    text = _broken("1001 2000/01/01  1.0    1     9 w 1", "1001 2000/01/01  1.0    1    10 w 1")
    text = _broken(
        "2001 2000/01/01  0.5    2    10 b =", "2001 2000/01/01  0.5    2     9 b =", text
    )
    text = _broken(
        "9001 2000/01/01  0.0    9     1 b 0", "9001 2000/01/01  0.0    9     2 b 0", text
    )
    text = _broken(
        "10001 2000/01/01  0.5   10     2 w =", "10001 2000/01/01  0.5   10     1 w =", text
    )
    with pytest.raises(TrfError, match="300"):
        parse_team_trf(text)


@pytest.mark.parametrize("seed", range(5))
def test_random_team_files_are_written_and_read_back_unchanged(seed):
    text = random_team_file(seed, teams=6 + seed, boards=4 + seed % 3, rounds=5)
    read = parse_team_trf(text)
    assert write_team_trf(read.tournament, read.records) == text
    again = parse_team_trf(text)
    assert (again.records, again.matches, again.rounds) == (read.records, read.matches, read.rounds)


def test_a_changed_character_anywhere_is_read_or_refused_with_a_trf_error():
    rng = random.Random(1)
    texts = [path.read_text() for path in sorted(DATA.glob("*.trf"))]
    for _ in range(600):
        lines = rng.choice(texts).splitlines()
        n = rng.randrange(len(lines))
        column = rng.randrange(len(lines[n]) + 3)
        padded = lines[n] + "   "
        lines[n] = padded[:column] + rng.choice(" 0123456789+-=WBUFHZwbx") + padded[column + 1 :]
        try:
            parse_team_trf("\n".join(lines) + "\n")
        except TrfError as refused:
            assert refused.line >= 0
