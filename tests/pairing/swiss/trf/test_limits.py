"""A TRF too large for the server, or asking more than its limits, is refused on the import page
in under a second, with the line, and nothing is saved (the files the issue measured)."""

import time

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import override_settings
from django.urls import reverse

from arbiter.core.models import AuditEntry, Entry, Tournament
from pairing.engines.trf import TrfError
from pairing.swiss.trf.imports import import_trf
from tests.pairing.trf_helpers import small_trf

pytestmark = pytest.mark.django_db
IMPORT = reverse("trf_import")


def refused_page(client, data: dict) -> str:
    # CPU time of this process: the work the refusal costs, whatever else the machine runs.
    start = time.process_time()
    response = client.post(IMPORT, data)
    assert time.process_time() - start < 1
    assert response.status_code in (200, 413)
    assert not Tournament.objects.exists() and not Entry.objects.exists()
    assert not AuditEntry.objects.exists()
    return response.content.decode()


def test_the_issue_s_236_kb_forbidden_pairs_line_is_refused_at_once(anna_client):
    line = "XXP " + " ".join(str(1 + i % 5) for i in range(118_000))
    page = refused_page(anna_client, {"text": small_trf() + line})
    assert "Line 9, column 1091: the record is longer than 1090 characters" in page


def test_the_issue_s_hundred_acceleration_lines_are_refused_at_once(anna_client):
    lines = "\n".join(["250       1.0   1 999    1 9999"] * 100)
    page = refused_page(anna_client, {"text": small_trf() + lines})
    assert "Line 9, column 19: acceleration in round 999: 99 at most." in page


def test_an_oversized_trf_upload_is_refused_unread(anna_client):
    upload = SimpleUploadedFile("huge.trf", small_trf().encode() + b" " * (6 * 1024 * 1024))
    page = refused_page(anna_client, {"file": upload})
    assert "larger than 5 MB" in page


@override_settings(MAX_PLAYERS=10)
def test_a_trf_with_more_lines_than_its_players_need_is_refused_before_it_is_read(anna_client):
    upload = SimpleUploadedFile("long.trf", (small_trf() + "### \n" * 1100).encode())
    page = refused_page(anna_client, {"file": upload})
    assert "The file has more than 1020 lines. Nothing was saved. Is it really a TRF?" in page


@override_settings(MAX_PLAYERS=4)
def test_an_import_past_the_players_limit_saves_nothing(anna):
    with pytest.raises(TrfError, match="starting number 5: a file has at most 4 players"):
        import_trf(anna, small_trf())
    assert not Tournament.objects.exists()


@override_settings(MAX_ROUNDS=2)
def test_an_import_past_the_rounds_limit_saves_nothing(anna):
    with pytest.raises(TrfError, match="line 2, column 5: more than 2 rounds"):
        import_trf(anna, small_trf())
    assert not Tournament.objects.exists()
