"""`manage.py swiss`: the same round cycle as the page, from a terminal."""

from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from arbiter.core.models import AuditEntry, Round


def swiss(tournament, *args):
    out = StringIO()
    call_command("swiss", str(tournament.pk), "--user", "anna", *args, stdout=out)
    return out.getvalue()


def test_it_pairs_swaps_publishes_and_takes_a_result(anna, trondheim_open):
    assert "Round 1 paired (draft)" in swiss(trondheim_open, "pair")
    assert "the engine's pairing gave" in swiss(trondheim_open, "swap", "6", "7")
    token = ""
    for step in (1, 2):  # a manual pairing: confirmed twice (level 4, Q69)
        with pytest.raises(CommandError, match="differs from the engine's pairing") as asked:
            swiss(trondheim_open, "publish", *(["--confirmation", token] if token else []))
        assert ("the TRF will record: ### MPA @ Round 1:" in str(asked.value)) == (step == 2)
        token = str(asked.value).rsplit(" ", 1)[1]
    assert "published" in swiss(trondheim_open, "publish", "--confirmation", token)
    assert "board 1: 1 - 0" in swiss(trondheim_open, "result", "1", "1", "1-0")
    actions = set(AuditEntry.objects.values_list("action", flat=True))
    assert {"round.pair", "round.swap_players", "round.publish", "result.record"} <= actions


def test_it_refuses_to_delete_a_public_round_and_its_results_without_confirm(anna, trondheim_open):
    swiss(trondheim_open, "pair")
    swiss(trondheim_open, "publish")
    swiss(trondheim_open, "result", "1", "1", "1-0")
    with pytest.raises(CommandError, match=r"public pairings of round 1.*board 1: .* 1 - 0"):
        swiss(trondheim_open, "delete")
    assert "deleted" in swiss(trondheim_open, "delete", "--confirm")
    assert not Round.objects.filter(tournament=trondheim_open).exists()


def test_it_refuses_someone_who_is_not_an_arbiter(boris, trondheim_open):
    with pytest.raises(CommandError, match="not an arbiter"):
        call_command("swiss", str(trondheim_open.pk), "--user", "boris", "pair")
