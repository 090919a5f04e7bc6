"""``python -m pairing berger FILE -c``: a round robin's TRF checked against FIDE's Berger
tables (C.05 Annex 1), with the exit codes of ``dutch -c``."""

from dataclasses import replace

import pytest

from pairing.__main__ import main
from pairing.engines.berger import schedule
from pairing.engines.berger_check import check_round_robin
from pairing.engines.trf import TrfError, TrfPlayer, TrfResult, TrfTournament, write_trf


def berger_trf(players: int, rounds: int, system="FIDE_ROUNDROBIN", double=False) -> TrfTournament:
    """The first ``rounds`` rounds of the table as a TRF, every game drawn."""
    results: dict[int, list[TrfResult]] = {n: [] for n in range(1, players + 1)}
    for r in schedule(players, double=double)[:rounds]:
        for g in r.games:
            results[g.white].append(TrfResult(g.black, "w", "="))
            results[g.black].append(TrfResult(g.white, "b", "="))
        if r.bye:
            results[r.bye].append(TrfResult(None, "-", "U"))
    return TrfTournament(
        players=tuple(TrfPlayer(n, f"Player {n}", results=tuple(rs)) for n, rs in results.items()),
        rounds=len(schedule(players, double=double)),
        system=system,
    )


@pytest.mark.parametrize(("players", "double"), [(4, False), (9, False), (10, True), (7, True)])
def test_the_berger_table_itself_passes(players, double):
    system = "FIDE_DOUBLEROUNDROBIN" if double else "FIDE_ROUNDROBIN"
    rounds = len(schedule(players, double=double))
    t = berger_trf(players, rounds, system, double)
    assert [c.ok for c in check_round_robin(t)] == [True] * rounds


def test_swapped_colours_are_named_with_the_round():
    t = berger_trf(5, 2)
    one, two, *rest = t.players
    # round 2: 1 and 2 swap colours (the table has 1-2, 1 White)
    one = replace(one, results=(one.results[0], TrfResult(2, "b", "=")))
    two = replace(two, results=(two.results[0], TrfResult(1, "w", "=")))
    checks = check_round_robin(replace(t, players=(one, two, *rest)))
    assert checks[0].ok and not checks[1].ok
    assert checks[1].differences == ("1-2: the table gives White to 1",)


def test_a_second_cycle_without_the_swap_is_berger_doubleroundrobin():
    swapped = berger_trf(4, 6, "FIDE_DOUBLEROUNDROBIN", double=True)
    assert all(c.ok for c in check_round_robin(swapped))
    plain = replace(swapped, system="BERGER_DOUBLEROUNDROBIN")
    assert [c.round for c in check_round_robin(plain) if not c.ok] == [2, 3]


def test_a_swiss_is_refused_as_invalid_input(tmp_path, capsys):
    path = tmp_path / "swiss.trf"
    path.write_text(write_trf(replace(berger_trf(4, 1), system="FIDE_DUTCH_2026")))
    assert main(["berger", str(path), "-c"]) == 3
    assert "is not a round robin" in capsys.readouterr().err
    with pytest.raises(TrfError, match="not a round robin"):
        check_round_robin(replace(berger_trf(4, 1), system="FIDE_DUTCH_2026"))


def test_the_command_line_exits_0_whatever_the_check_finds(tmp_path, capsys):
    t = berger_trf(4, 3)
    first = t.players[0]
    wrong = replace(first, results=(*first.results[:2], TrfResult(None, "-", "U")))
    path = tmp_path / "rr.trf"
    path.write_text(write_trf(replace(t, players=(wrong, *t.players[1:]))))
    assert main(["berger", str(path), "-c"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("round 1: ok\nround 2: ok\nround 3: differs\n")
    assert main(["berger", str(tmp_path / "missing.trf"), "-c"]) == 5
