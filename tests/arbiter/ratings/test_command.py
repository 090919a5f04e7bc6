"""manage.py import_rating_list (arbiter/ratings/management/commands/import_rating_list.py): the
service the page's job calls, with its progress and outcome printed and a refusal's exit
status."""

from __future__ import annotations

import datetime
import os
import subprocess
import sys

import pytest
from django.core.management import CommandError, call_command

from arbiter.ratings.management.commands import import_rating_list as command
from arbiter.ratings.models import ListedPlayer, RatingList
from tests.arbiter.ratings.lists import CARLSEN, POLGAR, fide_txt, players, write
from tests.worker import ROOT, database_url

pytestmark = pytest.mark.django_db


def test_a_list_is_imported_with_its_progress_and_outcome(tmp_path, capsys, monkeypatch, anna):
    monkeypatch.setattr(command, "EVERY", 0)
    monkeypatch.setattr("arbiter.ratings.importing.BATCH", 2)
    path = write(tmp_path / "players_list_foa.txt", fide_txt([CARLSEN, POLGAR, *players(3)]))
    call_command("import_rating_list", str(path), "--month", "2026-10", "--user", "anna")
    out, err = capsys.readouterr()
    assert out.startswith("5 players imported: the FIDE 2026-10 list (")
    assert "  2 players, " in err and "  4 players, " in err and "% of the file" in err
    imported = RatingList.objects.get()
    assert (imported.state, imported.month, imported.imported_by) == (
        "complete", datetime.date(2026, 10, 1), anna,
    )  # fmt: skip


def test_a_national_list_with_its_columns(tmp_path, capsys):
    path = write(tmp_path / "nsf.csv", b"Nr;Navn;Elo\n7;Aas, Kari;1600\n")
    call_command(
        "import_rating_list", str(path), "--source", "national", "--federation", "NOR",
        "--month", "2026-10", "--columns", "national_id=Nr, name=Navn, rating=Elo",
    )  # fmt: skip
    assert ListedPlayer.objects.get().national_id == "7"
    with pytest.raises(CommandError, match=r"--columns: 'club=Klubb' is not field=Header"):
        call_command("import_rating_list", str(path), "--columns", "club=Klubb")


def test_a_refusal_is_an_error_naming_the_line(tmp_path):
    path = write(tmp_path / "players_list_foa.txt", fide_txt(players(4), broken_at=3))
    with pytest.raises(CommandError, match=r"^Not imported: Line 3: the rating 'x000'"):
        call_command("import_rating_list", str(path), "--month", "2026-10")
    with pytest.raises(CommandError, match="The file's name gives no month"):
        call_command("import_rating_list", str(path))
    with pytest.raises(CommandError, match="No user 'nobody'"):
        call_command("import_rating_list", str(path), "--user", "nobody")
    assert not ListedPlayer.objects.exists()


@pytest.mark.slow  # a process of its own
@pytest.mark.django_db(transaction=True)
def test_the_command_s_exit_status_says_whether_the_list_was_imported(tmp_path):
    environment = {**os.environ, "DATABASE_URL": database_url(), "DEBUG": "1"}

    def run(path, *options):
        return subprocess.run(
            [sys.executable, "manage.py", "import_rating_list", str(path), *options],
            cwd=ROOT, env=environment, capture_output=True, text=True, timeout=120,
        )  # fmt: skip

    good = run(write(tmp_path / "standard_oct26frl.txt", fide_txt([CARLSEN])))
    assert good.returncode == 0, good.stderr
    assert good.stdout.startswith("1 players imported: the FIDE 2026-10 list")
    bad = run(write(tmp_path / "bad.txt", fide_txt(players(3), broken_at=2)), "--month", "2026-11")
    assert bad.returncode == 1
    assert "Not imported: Line 2: the rating 'x000' is not a number" in bad.stderr
    assert list(RatingList.objects.values_list("state", flat=True).order_by("month")) == [
        "complete", "failed",
    ]  # fmt: skip
