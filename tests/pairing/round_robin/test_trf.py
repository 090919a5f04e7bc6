"""A round robin's TRF is FIDE-grade as a Swiss's is (spec §2): its ``192`` names the Berger
tables, its ``202`` the tie-breaks, and the ``###`` records of its paper trail follow the
header records."""

import pytest

from arbiter.core import fide_mode
from arbiter.core.services import tournaments
from pairing.engines.berger_check import check_round_robin
from pairing.engines.fide_check import check_file
from pairing.engines.trf import parse_trf
from pairing.round_robin.services import confirm_drawing, draw_for_player, start_drawing
from pairing.rounds.demo import play_rounds
from pairing.swiss.trf.export import trf_file

pytestmark = pytest.mark.django_db


def drawn(user, tournament, **options):
    drawing = start_drawing(user, tournament, seed=2026, **options)
    for step in range(tournament.entries.count()):
        draw_for_player(user, drawing, step)
    confirm_drawing(user, drawing)
    play_rounds(user, tournament, rounds=3)


@pytest.mark.parametrize(
    ("double", "system"), [(False, "FIDE_ROUNDROBIN"), (True, "FIDE_DOUBLEROUNDROBIN")]
)
def test_a_round_robin_s_trf_names_its_tables_and_tie_breaks(
    anna, oslo_invitational, double, system
):
    drawn(anna, oslo_invitational, double_round_robin=double)
    text, rounds = trf_file(oslo_invitational)
    lines = text.splitlines()
    assert rounds == 3
    assert f"192 {system}" in lines
    assert "202 DE,SB,WIN,KS" in lines  # the round robin's default list (C.07)
    parsed = parse_trf(text)
    assert all(check.ok for check in check_round_robin(parsed))


def test_a_round_robin_s_trf_writes_the_new_tie_breaks_in_mtb26_spelling(anna, oslo_invitational):
    """Q104's codes that C.07 2026 added, chosen as the app spells them (KS-L-1), go to record
    202 as MTB26 spells them (KS/L-1), and the checker computes them from the file."""
    oslo_invitational.tiebreaks = "KS-L-1 TPN-R STD REP KS-L2 RTNG-R"
    oslo_invitational.save()
    drawn(anna, oslo_invitational)
    text, _ = trf_file(oslo_invitational)
    assert "202 KS/L-1,TPN/R,STD,REP,KS/L2,RTNG/R" in text.splitlines()
    standings = check_file(text).standings
    assert standings.tiebreaks == ("KS-L-1", "TPN-R", "STD", "REP", "KS-L2", "RTNG-R")
    assert not standings.skipped and standings.ok


def test_a_round_robin_s_trf_writes_its_notes_after_the_header_records(anna, oslo_invitational):
    """Q44 in a round robin: leaving FIDE mode is written, after the header records."""
    oslo_invitational.fide_mode = True
    oslo_invitational.save()
    drawn(anna, oslo_invitational)
    warnings = tournaments.leaving_fide_mode(oslo_invitational)
    token = fide_mode.confirmation_token(warnings, 2)
    tournaments.leave_fide_mode(anna, oslo_invitational, confirmation=token)
    for legacy in (False, True):
        lines = trf_file(oslo_invitational, legacy=legacy)[0].splitlines()
        note = lines.index("### FIDEMODE @ Round 9: left")
        assert lines.index(next(raw for raw in lines if raw.startswith("012"))) < note
        assert note < lines.index(next(raw for raw in lines if raw.startswith("001")))
