"""``python -m pairing dutch``: output format, check mode and clean errors (never a traceback)."""

import subprocess
import sys
from pathlib import Path

import pytest

from pairing.__main__ import main

from .helpers import trf

VECTORS = Path(__file__).resolve().parent.parent / "vectors" / "dutch" / "rounds"


def write(tmp_path, text, name="in.trf"):
    path = tmp_path / name
    path.write_text(text)
    return str(path)


def test_pair_writes_engine_format_to_file(tmp_path):
    src = VECTORS / "gen_heavy_n009_r06_s9022" / "r03.trf"
    out = tmp_path / "out.txt"
    assert main(["dutch", str(src), "-p", str(out)]) == 0
    expected = (src.parent / "r03.2026.txt").read_text().split()
    assert out.read_text().split() == expected


def test_pair_writes_to_stdout(tmp_path, capsys):
    path = write(tmp_path, trf(5, [("0.0", [])] * 4, ("XXC white1",)))
    assert main(["dutch", path, "-p"]) == 0
    assert capsys.readouterr().out.split("\n")[:3] == ["2", "1 3", "4 2"]


def test_pair_reads_a_windows_1252_file_as_the_importer_does(tmp_path, capsys):
    # The command line used to refuse the bytes the importer reads (decode_trf for both).
    text = trf(5, [("0.0", [])] * 4, ("XXC white1",)).replace(
        "Test0001 Player0001", "Møller, Åse".ljust(19)
    )
    path = tmp_path / "cp1252.trf"
    path.write_bytes(text.encode("cp1252"))
    assert main(["dutch", str(path), "-p"]) == 0
    assert capsys.readouterr().out.split("\n")[:3] == ["2", "1 3", "4 2"]


def test_unknown_result_code_is_a_clear_error(tmp_path, capsys):
    # a game's unknown symbol is an unknown result (Q166, tests/…/test_trf_formats.py); a
    # round without an opponent has no result to be unknown
    path = write(tmp_path, trf(3, [("1.0", ["0000 - X"]), ("0.0", ["0000 - Z"])]))
    assert main(["dutch", path, "-p"]) == 3
    err = capsys.readouterr().err
    assert "line 3, column 99" in err and "unknown result code" in err


def test_player_paired_twice_is_a_clear_error(tmp_path, capsys):
    text = trf(3, [("1.0", ["   2 w 1"]), ("0.0", ["   3 b 0"]), ("0.0", ["   2 w 0"])])
    assert main(["dutch", write(tmp_path, text), "-p"]) == 3
    assert "paired twice" in capsys.readouterr().err


def test_impossible_round_is_a_clear_error(tmp_path, capsys):
    text = trf(3, [("1.0", ["   2 w 1"]), ("0.0", ["   1 b 0"])])
    assert main(["dutch", write(tmp_path, text), "-p"]) == 1
    assert "no valid pairing" in capsys.readouterr().err


def test_missing_file_is_a_clear_error(tmp_path, capsys):
    assert main(["dutch", str(tmp_path / "nope.trf"), "-p"]) == 5
    assert "cannot read" in capsys.readouterr().err


def test_check_mode_accepts_a_tournament_paired_by_the_rules(tmp_path, capsys):
    # rebuild a finished tournament from the per-round vector files of a small event
    src = VECTORS / "gen_clean_n009_r05_s9001"
    if not src.exists():
        src = sorted(VECTORS.glob("gen_clean_n009_*"))[0]
    last = sorted(src.glob("r*.trf"))[-1]
    assert main(["dutch", str(last), "-c", "--rules", "2026"]) == 0
    out = capsys.readouterr().out
    assert "differs" not in out and "round 1: ok" in out


def test_check_mode_does_not_count_the_absentees_of_the_round_to_pair_as_a_round(capsys):
    # four rounds played, then the withdrawn players' "0000 - Z" for round 5
    withdrawn = VECTORS / "sim_withdraw_n009_r05_s7901" / "r05.trf"
    assert main(["dutch", str(withdrawn), "-c", "--rules", "2026"]) == 0
    out = capsys.readouterr().out
    assert "round 4: ok" in out and "round 5" not in out


def test_check_mode_reports_a_wrong_round(tmp_path, capsys):
    text = trf(
        3,
        [
            ("1.0", ["   3 w 1"]),
            ("1.0", ["   4 w 1"]),
            ("0.0", ["   1 b 0"]),
            ("0.0", ["   2 b 0"]),
        ],
        ("XXC white1",),
    )
    # round 1 should have been 1-3, 4-2 (art. 5.2.5): 2 had White, so the round differs; as
    # bbpPairings documents, a check that ran exits 0 and lists what it found
    assert main(["dutch", write(tmp_path, text), "-c"]) == 0
    out = capsys.readouterr().out
    assert "round 1: differs" in out and "colour" in out


def test_check_mode_lists_a_round_without_a_legal_pairing_and_still_exits_0(tmp_path, capsys):
    # bbpPairings: exit code 1 "is not used when checking a tournament; instead, a message is
    # included in the list of discrepancies". Four players met each other in rounds 1-3, then
    # 1-2 and 3-4 again in round 4: no legal pairing exists for round 4.
    text = trf(
        5,
        [
            ("2.0", ["   4 w =", "   2 w =", "   3 b =", "   2 b ="]),
            ("2.0", ["   3 w =", "   1 b =", "   4 w =", "   1 w ="]),
            ("2.0", ["   2 b =", "   4 b =", "   1 w =", "   4 w ="]),
            ("2.0", ["   1 b =", "   3 w =", "   2 b =", "   3 b ="]),
        ],
        ("XXC white1",),
    )
    assert main(["dutch", write(tmp_path, text), "-c"]) == 0
    out = capsys.readouterr().out
    assert "round 4: differs" in out and "no legal pairing" in out


@pytest.mark.parametrize(
    ("text", "status"),
    [
        ("012 no players\n", 3),  # invalid input
        (None, 5),  # file access
    ],
)
def test_check_mode_exits_as_bbppairings_on_a_file_it_cannot_check(tmp_path, text, status):
    path = write(tmp_path, text) if text else str(tmp_path / "missing.trf")
    assert main(["dutch", path, "-c"]) == status


@pytest.mark.parametrize("args", [["dutch", "x.trf"], ["nosuch", "x.trf", "-p"]])
def test_bad_arguments_exit_non_zero(args):
    with pytest.raises(SystemExit) as e:
        main(args)
    assert e.value.code != 0


def test_module_entry_point_runs_without_django(tmp_path):
    path = write(tmp_path, trf(5, [("0.0", [])] * 2, ("XXC white1",)))
    proc = subprocess.run(
        [sys.executable, "-m", "pairing", "dutch", path, "-p"],
        capture_output=True,
        text=True,
        cwd=Path(__file__).resolve().parents[3],
        check=False,
    )
    assert proc.returncode == 0 and proc.stdout.split() == ["1", "1", "2"]
    assert "Traceback" not in proc.stderr
