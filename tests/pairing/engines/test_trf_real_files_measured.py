"""The real files (``../shared/real-files/project-trf``) measured against the independent tools:
the endorsed engine's checker (bbpPairings 6.0.0, ``-c``) and FIDE's tie-break checker
(TieBreakServer's Gacrux). Their verdicts were measured once and are written here as data; the
folder's SOURCES.md names the files' sources and how the verdicts were measured."""

from decimal import Decimal as D

import pytest

from pairing.engines.dutch.checker import check_tournament
from pairing.engines.tiebreaks import Kind, Player, RoundResult, rank
from pairing.engines.trf import TrfError, TrfTournament
from tests.real_files import PROJECT_TRF_NAMES, real_files

from .test_trf_real_files import FILES, read

#: What ``bbpPairings --dutch FILE -c`` (6.0.0, which pairs by the 2026 rules) says of each
#: file: the rounds it pairs otherwise, or why it refuses the file. Three files it cannot read
#: were measured converted: ``irish-juniors-2011`` to UTF-8 (it stops on Windows-1252),
#: ``sharly-import-test`` with ``192 FIDE_DUTCH_2025_BAKU`` (it refuses the ``_2026`` name) and
#: ``tec-2023-swiss`` with ``0000`` for the byes' ``   0`` (it reads "player ID of 0").
ENDORSED_CHECKER = {
    "bunratty-masters-2011.trf": "points 2.5 of player 16",
    "irish-juniors-2011.trf": "points 3.0 of player 4",
    "karl-mala-2005.trf": [1, 2, 3, 4, 6, 7],
    "lichess-2020-05.trf": [r for r in range(1, 21) if r != 18],
    "lichess-2020-06.trf": [1, 2, 3, 4, 6],
    "lichess-2021-03.trf": [1, 2, 3, 7],
    "sharly-import-test.trf": [1, 2, 3],
    "swissmaster-cork-2018.trf": "starting number 22 is missing",
    "tec-2023-swiss.trf": [3, 6, 7, 9],
    "tiebreakserver-real-swiss-2026.trf": [3, 5, 6],
    "vega-gros-2010.trf": [1, 2, 3, 4],
    "vega-sample-2023.trf": [5],
    "vega-studycase5-2023.trf": [],
}


def test_every_real_file_was_measured_with_the_endorsed_checker():
    assert sorted(ENDORSED_CHECKER) == list(PROJECT_TRF_NAMES)


@real_files
@pytest.mark.parametrize("name", sorted(ENDORSED_CHECKER))
def test_the_checker_flags_what_the_endorsed_checker_flags_and_refuses_what_it_refuses(name):
    expected = ENDORSED_CHECKER[name]
    if isinstance(expected, str):
        with pytest.raises(TrfError, match=expected):
            check_tournament(read(name), "2026")
    else:
        assert [c.round for c in check_tournament(read(name), "2026") if not c.ok] == expected


# -- standings ----------------------------------------------------------------------------------

POINTS = {"1": D(1), "=": D("0.5"), "0": D(0), "+": D(1), "H": D("0.5"), "U": D(1), "F": D(1)}
UNPLAYED = {"+": Kind.FORFEIT_WIN, "-": Kind.FORFEIT_LOSS}
#: ``=`` alone is a half point nobody requested: not a requested bye (docs/trf.md).
BYES = {"H": Kind.HPB, "=": Kind.PAB, "U": Kind.PAB, "+": Kind.PAB, "F": Kind.FPB}
BYES |= {"Z": Kind.ZPB, "-": Kind.ZPB}


def tiebreak_players(t: TrfTournament) -> list[Player]:
    """A TRF's players as tie-break records (1/½/0 scoring; a forfeit both sides lost is a
    double forfeit; a blank round is no record: not paired)."""
    code = {(p.number, n): r.code for p in t.players for n, r in enumerate(p.results, 1)}
    players = []
    for p in t.players:
        results = []
        for n, r in enumerate(p.results, start=1):
            if r.is_blank:
                continue  # not paired
            if r.played:
                kind = Kind.PLAYED
            elif r.opponent is None:
                kind = BYES[r.code]
            elif r.code == "-" and code[(r.opponent, n)] == "-":
                kind = Kind.DOUBLE_FORFEIT
            else:
                kind = UNPLAYED[r.code]
            colour = r.colour if kind == Kind.PLAYED else None
            opponent = None if kind in BYES.values() else r.opponent
            results.append(RoundResult(n, kind, POINTS.get(r.code, D(0)), opponent, colour))
        players.append(Player(p.number, p.rating or None, tuple(results)))
    return players


#: FIDE's tie-break checker on the real Swiss (TieBreakServer, tests/fixtures/
#: swiss_with_many_unplayed_rounds.2026-02-28.txt and .2026-03-01.txt): SB, SB/C1, SB/C2 by
#: starting number, under the rules of 2024 (which changed no definition of 2023's) and 2026.
GACRUX_SB = {
    "2023": {
        1: ("14.50", "13.50", "11.00"), 2: ("14.00", "11.50", "8.50"),
        3: ("15.25", "12.25", "12.25"), 4: ("6.00", "5.00", "5.00"),
        5: ("18.50", "17.00", "15.50"), 6: ("7.00", "5.75", "3.25"),
        7: ("9.25", "8.00", "5.50"), 8: ("4.75", "3.25", "3.25"),
        9: ("17.75", "15.25", "13.00"), 10: ("9.25", "8.50", "6.00"),
        11: ("14.50", "13.00", "10.50"), 12: ("15.50", "12.00", "12.00"),
        13: ("3.25", "3.25", "1.75"), 14: ("9.75", "7.75", "6.50"),
        15: ("5.25", "3.75", "2.50"),
    },
    "2026": {
        1: ("14.00", "13.00", "10.50"), 2: ("14.00", "11.50", "8.50"),
        3: ("14.25", "11.25", "11.25"), 4: ("6.00", "6.00", "5.00"),
        5: ("17.50", "16.00", "14.50"), 6: ("7.00", "5.75", "3.25"),
        7: ("9.25", "8.00", "5.50"), 8: ("4.75", "3.25", "3.25"),
        9: ("16.75", "14.25", "12.50"), 10: ("9.25", "8.50", "8.50"),
        11: ("13.50", "12.00", "12.00"), 12: ("14.00", "14.00", "14.00"),
        13: ("3.25", "3.25", "1.75"), 14: ("8.25", "6.25", "4.25"),
        15: ("5.25", "3.75", "2.50"),
    },
}  # fmt: skip
#: Gacrux's ranks under the 2026 rules (under 2024's it finds the file's own rank column).
GACRUX_RANKS_2026 = {1: 6, 2: 7, 3: 4, 4: 12, 5: 1, 6: 11, 7: 10, 8: 14, 9: 2, 10: 8, 11: 3,
                     12: 5, 13: 15, 14: 9, 15: 13}  # fmt: skip


@real_files
@pytest.mark.parametrize("rules", ["2023", "2026"])
def test_the_real_swiss_gets_fide_checkers_sonneborn_berger_values_in_both_rule_sets(rules):
    t = read("tiebreakserver-real-swiss-2026.trf")
    rows = rank(tiebreak_players(t), ["SB", "SB-C1", "SB-C2"], rules=rules)
    values = {r.player_id: tuple(r.tiebreaks) for r in rows}
    assert values == {n: tuple(D(v) for v in sb) for n, sb in GACRUX_SB[rules].items()}
    ranks = {r.player_id: r.rank for r in rows}
    if rules == "2023":
        assert ranks == {p.number: p.rank for p in t.players}  # the file's own ranking
    else:
        assert ranks == GACRUX_RANKS_2026


REFUSED = {name for name, verdict in ENDORSED_CHECKER.items() if isinstance(verdict, str)}
#: Files with a rank column that both checkers read (the TEC file's rank column is the
#: starting number, not a ranking; the lichess files have none).
UNRANKED = {
    "tec-2023-swiss.trf",
    "lichess-2020-05.trf",
    "lichess-2020-06.trf",
    "lichess-2021-03.trf",
}
RANKED = [p for p in FILES if p.name not in REFUSED | UNRANKED]


@real_files
def test_the_files_without_a_rank_column_are_those_named():
    blank = {p.name for p in FILES if read(p.name).players[0].rank is None}
    assert blank == UNRANKED - {"tec-2023-swiss.trf"}


@real_files
@pytest.mark.parametrize("path", RANKED, ids=lambda p: p.name)
def test_a_files_rank_column_puts_each_player_among_those_our_standings_tie_with_him(path):
    # The programs' tie-breaks are not in the files, so only points can be compared: our
    # standings give each player the points of his file, and a player the file ranks r is in
    # the group of players level on points that holds r (players the file leaves unranked,
    # the withdrawn, are left out).
    t = read(path.name)
    ours = {r.player_id: r.points for r in rank(tiebreak_players(t), [])}
    ranked = [p for p in t.players if p.rank and not p.is_bye_marker]
    for p in ranked:
        assert ours[p.number] * 10 == p.points, p.number
        above = sum(1 for q in ranked if q.points > p.points)
        level = sum(1 for q in ranked if q.points == p.points)
        assert above < p.rank <= above + level, (p.number, p.rank)
