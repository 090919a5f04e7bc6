"""The time limit of background jobs (arbiter/platform/time_limit.py): an engine still computing at
the
deadline is stopped, and the job that ran it changes nothing."""

import time

import pytest
from django.urls import reverse

from arbiter.core.models import AuditEntry, BackgroundJob, Tournament
from arbiter.platform.time_limit import TimeLimitExceeded, deadline, run_pure
from pairing.engines.trf import TrfError, TrfLimits
from pairing.engines.trf_check import parses
from tests.pairing import slow_engine


def test_without_a_deadline_the_function_is_simply_called():
    assert run_pure(sorted, [3, 1, 2]) == [1, 2, 3]


def test_under_a_deadline_the_function_runs_in_a_child_process_and_answers():
    with deadline(30):
        assert run_pure(sorted, [3, 1, 2]) == [1, 2, 3]


def test_the_childs_exception_is_raised_with_its_own_fields():
    with deadline(30), pytest.raises(TrfError) as raised:
        run_pure(parses, "001    1      Alone, Anna\n", TrfLimits())
    assert (raised.value.line, raised.value.column) == (1, 26)
    assert "shorter than 84 columns" in str(raised.value)


@pytest.mark.slow
def test_work_past_the_deadline_is_killed_not_waited_for():
    started = time.monotonic()
    with deadline(1), pytest.raises(TimeLimitExceeded, match="Stopped after 1 seconds"):
        run_pure(time.sleep, 60)
    assert time.monotonic() - started < 5


@pytest.mark.slow
@pytest.mark.django_db
def test_a_pairing_past_the_time_limit_stops_with_a_message_and_changes_nothing(
    anna_client, trondheim_open, settings, monkeypatch
):
    """Round 1 renumbers the players and draws the colour lot before the engine runs: those are
    rolled back with the rest."""
    settings.TASK_TIME_LIMIT = 2
    monkeypatch.setattr("pairing.swiss.services.pair_trf", slow_engine.pair_trf_forever)
    Tournament.objects.filter(pk=trondheim_open.pk).update(initial_colour="")
    trondheim_open.entries.update(starting_number=None)
    before = Tournament.objects.values().get(pk=trondheim_open.pk)
    started = time.monotonic()
    response = anna_client.post(
        reverse("round_pair", args=[trondheim_open.pk]), headers={"HX-Request": "true"}
    )
    assert time.monotonic() - started < 10
    job = BackgroundJob.objects.get()
    assert job.state == "failed" and job.message.startswith("Stopped after 2 seconds")
    assert "nothing was changed" in response.content.decode()
    assert Tournament.objects.values().get(pk=trondheim_open.pk) == before
    assert not trondheim_open.entries.exclude(starting_number=None).exists()
    assert not trondheim_open.rounds.exists()
    assert not AuditEntry.objects.filter(tournament=trondheim_open).exists()
