"""FIDE's Pairing and Tie-break Checker (pairing/engines/fide_check.py, ``python -m pairing
check``; checklist Q19-Q21): rounds re-paired by the 192 system, ranks against the declared
tie-breaks, the exit codes and the JSON."""

import json
from dataclasses import replace

import pytest

from pairing.__main__ import main
from pairing.engines.fide_check import check_file, check_trf
from pairing.engines.generator import GeneratorConfig, Rate, generate
from pairing.engines.trf import parse_trf, write_trf
from pairing.engines.trf_standings import check_standings

from .test_berger_check import berger_trf


def generated(seed: int, **options) -> str:
    config = GeneratorConfig(players=options.pop("players", 14), rounds=5, seed=seed, **options)
    return write_trf(generate(config))


def with_ranks(text: str, ranks: dict[int, int]) -> str:
    """The file with the rank column of some players rewritten."""
    t = parse_trf(text)
    players = tuple(replace(p, rank=ranks.get(p.number, p.rank)) for p in t.players)
    return write_trf(replace(t, players=players))


def computed(text: str) -> dict[int, tuple[int, int]]:
    """Starting number -> the places (low, high) the tie-breaks give."""
    return {p.player: (p.low, p.high) for p in check_file(text).standings.players}


# -- pairings -----------------------------------------------------------------------------------


def test_a_generated_tournament_checks_clean_round_by_round():
    report = check_file(generated(1, half_point_byes=Rate(count=2), forfeits=Rate(count=1)))
    assert report.ok and report.system == "dutch" and report.rules == "2026"
    assert [r.round for r in report.rounds] == [1, 2, 3, 4, 5]
    assert report.notes == ()


def test_colours_swapped_in_a_round_are_named():
    t = parse_trf(generated(2))
    first = t.players[0]
    result = first.results[2]
    opponent = t.players[result.opponent - 1]
    theirs = opponent.results[2]
    flip = {"w": "b", "b": "w"}
    players = list(t.players)
    players[0] = replace(
        first, results=_with(first.results, 2, replace(result, colour=flip[result.colour]))
    )
    players[opponent.number - 1] = replace(
        opponent, results=_with(opponent.results, 2, replace(theirs, colour=flip[theirs.colour]))
    )
    report = check_trf(replace(t, players=tuple(players)))
    # round 3 differs; later rounds may too, their colour histories having changed
    assert next(r.round for r in report.rounds if not r.ok) == 3
    assert "the rules give White to" in report.rounds[2].differences[0]


def _with(results, index, result):
    return (*results[:index], result, *results[index + 1 :])


def test_a_round_robin_is_checked_against_the_berger_tables():
    report = check_trf(berger_trf(5, 5))
    assert report.system == "berger" and all(r.ok for r in report.rounds)


def test_another_system_is_said_to_be_not_checkable_and_its_standings_are_still_checked():
    text = generated(3).replace("192 FIDE_DUTCH_2025", "192 FIDE_DUBOV")
    report = check_file(text)
    assert report.rounds == () and "FIDE_DUBOV is not checkable" in report.pairing_skipped
    assert report.standings.ok and report.standings.players


def test_the_rules_can_be_forced_and_otherwise_follow_the_start_date():
    text = generated(4, rules="2017")
    assert check_file(text).rules == "2017"
    assert check_file(text, "2026").rules == "2026"


# -- standings ----------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(5, 15))
def test_swapping_two_players_the_tie_breaks_separate_is_flagged_and_nothing_else(seed):
    text = generated(seed, withdrawals=Rate(count=1), unusual_results=Rate(count=1))
    assert check_file(text).standings.ok  # the unchanged list
    places = computed(text)
    t = parse_trf(text)
    a, b = next(
        (p.number, q.number)
        for p in t.players
        for q in t.players
        if places[p.number][1] < places[q.number][0]
    )
    swapped = with_ranks(text, {a: t.players[b - 1].rank, b: t.players[a - 1].rank})
    standings = check_file(swapped).standings
    assert sorted(d.player for d in standings.discrepancies) == sorted((a, b))


@pytest.mark.parametrize("seed", range(15, 25))
def test_players_tied_on_everything_may_be_listed_in_either_order(seed):
    text = generated(seed, players=20, tiebreaks=("WIN",))  # one tie-break: ties are many
    places = computed(text)
    tied = [n for n, (low, high) in places.items() if low < high]
    if not tied:
        pytest.skip("no tie in this tournament")
    group = sorted(n for n in tied if places[n] == places[tied[0]])
    low = places[group[0]][0]
    reversed_order = {n: low + i for i, n in enumerate(reversed(group))}
    assert check_file(with_ranks(text, reversed_order)).standings.ok


def test_a_rank_outside_the_players_group_is_a_discrepancy_with_its_places():
    text = generated(30)
    check = check_file(with_ranks(text, {1: 99})).standings
    [discrepancy] = check.discrepancies
    assert discrepancy.player == 1 and str(discrepancy).startswith("player 1: rank 99 in the file")


def test_212_puts_the_points_first_and_is_read_before_202():
    t = parse_trf(generated(31))
    lines = tuple(line.replace("212 PTS,BH/C1,BH,SB", "212 PTS,SB") for line in t.other_lines)
    assert check_standings(replace(t, other_lines=lines)).tiebreaks == ("SB",)
    lines = tuple(line.replace("212 PTS,BH/C1,BH,SB", "212 SB,PTS") for line in t.other_lines)
    assert "before the points" in check_standings(replace(t, other_lines=lines)).skipped


def test_a_file_without_ranks_is_not_checked_and_says_so():
    t = parse_trf(generated(32))
    t = replace(t, players=tuple(replace(p, rank=None) for p in t.players))
    assert "ranks nobody" in check_trf(t).standings.skipped and check_trf(t).ok


def test_an_adjourned_game_counts_as_a_draw_and_is_noted():
    t = parse_trf(generated(33, draw_rate=0.5))
    players = list(t.players)
    drawn = next(p for p in players if p.results[-1].code == "=" and p.results[-1].opponent)
    for number in (drawn.number, drawn.results[-1].opponent):
        p = players[number - 1]
        last = replace(p.results[-1], code="?")
        players[number - 1] = replace(p, results=(*p.results[:-1], last))
    report = check_file(write_trf(replace(t, players=tuple(players))))
    assert report.ok and report.notes == (
        "1 game(s) without a result (?): counted as draws, the standings are not final",
    )


# -- the command ------------------------------------------------------------------------------


def write(tmp_path, text, name="t.trf"):
    path = tmp_path / name
    path.write_text(text)
    return str(path)


def test_exit_0_when_everything_agrees(tmp_path, capsys):
    assert main(["check", write(tmp_path, generated(40))]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out == [f"round {r}: ok" for r in range(1, 6)] + ["standings: ok"]


def test_exit_1_on_a_discrepancy_with_the_players_listed(tmp_path, capsys):
    assert main(["check", write(tmp_path, with_ranks(generated(41), {2: 99}))]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[-2:] == ["standings: differs", out[-1]] and out[-1].startswith("  player 2: rank 99")


def test_exit_3_names_line_and_column(tmp_path, capsys):
    lines = generated(42).splitlines()
    first = next(i for i, line in enumerate(lines) if line.startswith("001"))
    lines[first] = lines[first][:80] + "x.x" + lines[first][83:]
    assert main(["check", write(tmp_path, "\n".join(lines))]) == 3
    assert f"line {first + 1}, column 81" in capsys.readouterr().err


def test_exit_5_when_the_file_cannot_be_read(tmp_path, capsys):
    assert main(["check", str(tmp_path / "missing.trf")]) == 5
    assert "cannot read" in capsys.readouterr().err


def test_exit_2_on_an_unexpected_failure(tmp_path, capsys, monkeypatch):
    def broken(text, rules=None):
        raise RuntimeError("boom")

    monkeypatch.setattr("pairing.engines.fide_check.check_file", broken)
    assert main(["check", write(tmp_path, generated(43))]) == 2
    assert "unexpected failure: RuntimeError: boom" in capsys.readouterr().err


def test_json_has_fide_checkers_status_and_one_entry_per_round(tmp_path, capsys):
    assert main(["check", write(tmp_path, with_ranks(generated(44), {3: 99})), "--json"]) == 1
    report = json.loads(capsys.readouterr().out)
    assert report["status"] == {"code": 1, "error": []}
    assert [r["round"] for r in report["pairingResult"]] == [1, 2, 3, 4, 5]
    assert all(r["check"] for r in report["pairingResult"])
    standings = report["tiebreakResult"]
    assert standings["tiebreaks"] == ["PTS", "BH-C1", "BH", "SB"] and not standings["check"]
    [three] = [p for p in standings["players"] if p["startno"] == 3]
    assert three["rank"] == 99 and not three["check"] and len(three["tiebreakDetails"]) == 4
