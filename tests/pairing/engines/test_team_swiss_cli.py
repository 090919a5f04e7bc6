"""``python -m pairing team-swiss`` and ``generate --teams`` from the command line."""

from pairing.__main__ import main
from tests.pairing.engines.test_team_swiss import WORKED_EXAMPLE


def test_team_swiss_pairs_the_next_round_in_bbp_format(tmp_path, capsys):
    path = tmp_path / "ex.trf"
    path.write_text(WORKED_EXAMPLE, encoding="utf-8")
    out = tmp_path / "out.txt"
    assert main(["team-swiss", str(path), "-p", str(out)]) == 0
    assert out.read_text() == "3\n4 1\n2 5\n3 0\n"
    assert main(["team-swiss", str(path), "-p", "--colours", "typeb"]) == 0
    assert capsys.readouterr().out == "3\n2 1\n5 4\n3 0\n"


def test_a_generated_team_tournament_checks_identical_round_by_round(tmp_path, capsys):
    path = tmp_path / "gen.trf"
    assert (
        main(
            [
                "generate",
                "--teams",
                "9",
                "--boards",
                "4",
                "--rounds",
                "5",
                "--seed",
                "3",
                "-o",
                str(path),
            ]
        )
        == 0
    )
    text = path.read_text()
    assert "192 FIDE_TEAM_TYPEA_MP_GP" in text and "\n310   9 " in text and "\n320 " in text
    assert main(["team-swiss", str(path), "-c"]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "check: all rounds identical (5 round(s))"
    again = tmp_path / "again.trf"
    main(
        [
            "generate",
            "--teams",
            "9",
            "--boards",
            "4",
            "--rounds",
            "5",
            "--seed",
            "3",
            "-o",
            str(again),
        ]
    )
    assert again.read_text() == text  # deterministic for a seed


def test_a_changed_round_is_reported_and_the_status_says_so(tmp_path, capsys):
    path = tmp_path / "ex.trf"
    # the lot drawn Black (152): round 1 as played gives team 1 White, C.04.6 4.3.1 Black
    path.write_text(WORKED_EXAMPLE.replace("152 W", "152 B"))
    status = main(["team-swiss", str(path), "-c"])
    out = capsys.readouterr().out
    assert status == 1 and "round 1: differs" in out and "ours: 3-1, 2-4, PAB 5" in out


def test_a_file_without_team_records_is_refused_with_a_message(tmp_path, capsys):
    path = tmp_path / "bad.trf"
    path.write_text("012 Not a team file\n")
    assert main(["team-swiss", str(path), "-p"]) == 3
    assert "no player records (001)" in capsys.readouterr().err


def test_a_broken_team_record_is_refused_with_its_line(tmp_path, capsys):
    from tests.pairing.engines.test_team_swiss import WORKED_EXAMPLE

    path = tmp_path / "bad.trf"
    path.write_text(WORKED_EXAMPLE.replace("320  2.0  2.0   5", "320  x.0"))
    assert main(["team-swiss", str(path), "-p"]) == 3
    assert "line 38, column 5" in capsys.readouterr().err
