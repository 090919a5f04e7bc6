"""Anna sends her rated round robin to FIDE: she downloads its TRF-2026 from the tournament's
pages, and the file reads back with the project's own checker as the tournament it came from
(issue 26: the round robin had no TRF)."""

import subprocess
import sys

import pytest

from arbiter.core.standings import standings
from pairing.engines.trf import decode_trf, parse_trf
from pairing.engines.trf_check import parses
from pairing.swiss.trf.imports import trf_limits
from tests.browser.test_arbiter_flow import log_in
from tests.pairing.trf_helpers import drawn_round_robin

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_round_robin_trf_downloads_from_the_arbiters_page_and_reads_back(
    page, anna, oslo_invitational, tmp_path
):
    tournament = drawn_round_robin(anna, oslo_invitational, played=9)
    log_in(page, "anna")
    page.goto(f"/arbiter/t/{tournament.pk}/drawing/")
    with page.expect_download() as download:
        page.get_by_role("link", name="TRF-2026").click()
    raw = download.value.path().read_bytes()
    assert download.value.suggested_filename == "oslo-invitational-r9.trf"

    text = decode_trf(raw)
    parses(text, trf_limits())  # the check an import runs first: nothing refused
    t = parse_trf(text)
    assert (t.system, t.rounds) == ("FIDE_ROUNDROBIN", 9)
    rows = {row.entry.starting_number: row for row in standings(tournament).rows}
    assert {p.number: (p.points, p.rank) for p in t.players} == {
        n: (int(row.points * 10), row.rank) for n, row in rows.items()
    }
    # and the command line's round-robin check finds FIDE's Berger tables in it
    path = tmp_path / "oslo.trf"
    path.write_bytes(raw)
    done = subprocess.run(
        [sys.executable, "-m", "pairing", "berger", str(path), "-c"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.count(": ok") == 9
