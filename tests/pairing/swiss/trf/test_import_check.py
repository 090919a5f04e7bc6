"""A TRF import owes the arbiter its checks (FIDE's checklist Q47-Q56, spec §1.6): it starts in
FIDE mode, every imported round is checked against the pairing rules, a round that breaks them
is shown under a level-3 warning and recorded as ``### Import @ Round n``, and every adjustment
made for what the file does not say is reported."""

import pytest
from django.urls import reverse

from arbiter.core import fide_mode
from arbiter.core.models import AuditEntry
from pairing.rounds import services as rounds
from pairing.swiss.trf.export import trf_file
from pairing.swiss.trf.import_check import compact, import_report
from pairing.swiss.trf.imports import import_trf
from tests.pairing.conftest import play
from tests.pairing.trf_helpers import small_trf, vector

pytestmark = pytest.mark.django_db

#: small_trf's round 1 is not the rules' pairing: the engine gives the bye to 5, not 3.
ROUND_1_NOTE = "### Import @ Round 1: engine 1-3 4-2 bye 5, file 1-4 5-2 bye 3"


def test_q56_an_imported_tournament_starts_in_fide_mode(anna):
    assert import_trf(anna, small_trf()).fide_mode is True


def test_q54_every_imported_round_is_checked_and_a_clean_file_leaves_no_note(anna):
    tournament = import_trf(anna, vector("gen_clean_n016_r07_s16002"))
    report = import_report(tournament)
    played = tournament.rounds.count()
    assert played == 6 and [number for number, _ in report.rounds] == list(range(1, 7))
    assert report.wrong_rounds == [] and report.warning() is None
    assert fide_mode.trf_notes(tournament) == []


def test_q55_a_round_that_breaks_the_rules_is_warned_at_level_3_and_recorded(anna):
    tournament = import_trf(anna, small_trf())
    report = import_report(tournament)
    assert report.wrong_rounds == [1]
    assert "5-2: paired in the tournament, not by the rules" in dict(report.rounds)[1]
    assert report.warning().level == fide_mode.Level.CONFIRM
    assert fide_mode.trf_notes(tournament) == [ROUND_1_NOTE]
    assert AuditEntry.objects.filter(action="round.import_check").count() == 1
    for legacy in (False, True):
        assert ROUND_1_NOTE in trf_file(tournament, legacy=legacy)[0].splitlines()


def test_q55_the_import_note_goes_once_the_imported_round_is_deleted(anna):
    text = small_trf().replace("XXR 3", "XXR 2")
    tournament = import_trf(anna, text)
    assert fide_mode.trf_notes(tournament) == [ROUND_1_NOTE]
    for number in (2, 1):
        round_ = tournament.rounds.get(number=number)
        rounds.delete_last_round(anna, round_, confirm=True)
    assert fide_mode.trf_notes(tournament) == []
    play(anna, rounds.pair_next_round(anna, tournament))


def test_a_colour_difference_reads_as_an_mpa_record_does():
    line = "3-8: the rules give White to 3 (colour allocation, art. 5)"
    assert compact([line]) == "engine 3-8, file 8-3"
    assert (
        compact(["the engine finds no legal pairing: x"]) == "the engine finds no legal pairing: x"
    )


def test_q48_q50_every_adjustment_is_reported(anna):
    text = small_trf().replace("XXR 3\n", "").replace("XXC white1\n", "")
    text = text.replace("012 Small Open\n", "012 Small Open\n202 BH/C1,BH\n")
    adjustments = import_report(import_trf(anna, text)).adjustments
    assert any("no number of rounds (XXR or 142): 2" in a for a in adjustments)
    assert any("no tournament type (192)" in a for a in adjustments)
    assert any("202 BH/C1,BH" in a for a in adjustments)


def test_the_report_page_shows_the_check_the_warning_and_the_adjustments(anna_client, anna):
    tournament = import_trf(anna, small_trf())
    page = anna_client.get(reverse("trf_import_report", args=[tournament.pk])).content.decode()
    assert 'id="import-warning"' in page and "Level 3" in page
    assert "the rules to 5" in page and 'id="import-adjustments"' in page
    assert reverse("tournament_delete", args=[tournament.pk]) in page


def test_a_tournament_not_imported_says_it_has_no_import_to_report(anna_client, bergen_open):
    response = anna_client.get(reverse("trf_import_report", args=[bergen_open.pk]))
    assert response.status_code == 200
    assert "was not imported from a TRF" in response.content.decode()


def test_q47_q48_a_trf06_file_is_imported_and_its_adjustments_reported(anna):
    """Krause's 2006 format: titles in letters, no number of rounds, no engine records."""
    text = small_trf().replace("XXR 3\n", "").replace("XXC white1\n", "").replace("WFM", "  f")
    report = import_report(import_trf(anna, text))
    assert report.format == "TRF06"
    assert any("inferred from the player records" in a for a in report.adjustments)
