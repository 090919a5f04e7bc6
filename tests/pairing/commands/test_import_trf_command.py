"""`manage.py import_trf FILE --user NAME`: the import service from a terminal."""

import pytest
from django.core.management import CommandError, call_command

from arbiter.core.models import Tournament
from tests.pairing.trf_helpers import small_trf, vector_file

pytestmark = pytest.mark.django_db


def test_it_imports_a_vector_file_with_the_user_as_chief_arbiter(anna, capsys):
    call_command("import_trf", str(vector_file("gen_byes_n009_r05_s9012")), "--user", "anna")
    tournament = Tournament.objects.get()
    assert f"(id {tournament.pk}): 9 players, 4 rounds" in capsys.readouterr().out
    assert tournament.staff.get().user == anna


def test_it_reads_a_windows_1252_file_and_takes_the_name_it_is_given(anna, tmp_path):
    path = tmp_path / "open.trf"
    path.write_bytes(small_trf().replace("Moe, Siv", "Møe, Siv").encode("cp1252"))
    call_command("import_trf", str(path), "--user", "anna", "--name", "Bergen Rapid")
    tournament = Tournament.objects.get()
    assert tournament.name == "Bergen Rapid"
    assert tournament.entries.filter(name="Møe, Siv").exists()


def test_a_bad_file_stops_with_its_line_and_imports_nothing(anna, tmp_path):
    path = tmp_path / "bad.trf"
    path.write_text(small_trf().replace("4 w 1", "4 w X"))
    with pytest.raises(
        CommandError,
        match=r"line 4, column 99: round 1: results .\?. and .0. of 1-4 do not fit.*nothing",
    ):
        call_command("import_trf", str(path), "--user", "anna")
    assert not Tournament.objects.exists()


def test_an_unknown_user_or_a_missing_file_is_refused(anna, tmp_path):
    with pytest.raises(CommandError, match="No active user 'nobody'"):
        call_command("import_trf", str(vector_file("gen_byes_n009_r05_s9012")), "--user", "nobody")
    with pytest.raises(CommandError, match="Cannot read"):
        call_command("import_trf", str(tmp_path / "missing.trf"), "--user", "anna")
