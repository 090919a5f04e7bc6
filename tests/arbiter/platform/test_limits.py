"""Every input has a bound: a file, a paste, a form, a list too large is refused at once, with
a message that names the limit, and nothing is saved."""

import time

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import override_settings
from django.urls import reverse

from arbiter.core.models import AuditEntry, Entry, Tournament
from arbiter.core.services.entries import EntryError, add_entry, import_entries
from arbiter.desk.forms import TournamentForm
from tests.factories import EntryFactory

pytestmark = pytest.mark.django_db

MB = 1024 * 1024


def import_url(tournament: Tournament) -> str:
    return reverse("players_import", args=[tournament.pk])


def players_csv(count: int) -> str:
    return "name,rating\n" + "\n".join(f"Player {i},{1000 + i}" for i in range(count))


def timed_post(client, url: str, data: dict, **extra):
    start = time.monotonic()
    response = client.post(url, data, **extra)
    return response, time.monotonic() - start


def test_an_oversized_upload_is_refused_unread_in_under_a_second(anna_client, bergen_open):
    upload = SimpleUploadedFile("huge.csv", players_csv(1).encode() + b"x" * (6 * MB))
    response, seconds = timed_post(anna_client, import_url(bergen_open), {"file": upload})
    assert seconds < 1
    assert response.status_code == 413
    assert "larger than 5 MB" in response.content.decode()
    assert "Nothing was saved." in response.content.decode()
    assert not Entry.objects.exists() and not AuditEntry.objects.filter(action="entry.import")


def test_an_oversized_paste_is_refused_unread_in_under_a_second(anna_client, bergen_open):
    text = players_csv(1) + "\n" + "x" * (6 * MB)
    response, seconds = timed_post(anna_client, import_url(bergen_open), {"text": text})
    assert seconds < 1
    assert response.status_code == 413
    assert not Entry.objects.exists()


@override_settings(MAX_UPLOAD_BYTES=1000)
def test_a_file_over_the_upload_limit_is_refused_by_the_form(anna_client, bergen_open):
    upload = SimpleUploadedFile("list.csv", players_csv(100).encode())
    response = anna_client.post(import_url(bergen_open), {"file": upload})
    assert "The file is larger than 0.000954 MB (MAX_UPLOAD_BYTES)" in response.content.decode()
    assert not Entry.objects.exists()


@override_settings(MAX_PLAYERS=20)
def test_a_list_with_more_lines_than_players_allowed_is_refused_before_it_is_read(
    anna_client, bergen_open
):
    upload = SimpleUploadedFile("list.csv", ("name\n" + "x\n" * 200).encode())
    response, seconds = timed_post(anna_client, import_url(bergen_open), {"file": upload})
    assert seconds < 1
    assert "The file has more than 120 lines. Nothing was saved." in response.content.decode()
    pasted = anna_client.post(import_url(bergen_open), {"text": "name\r" + "x\r" * 200})
    assert "The list has more than 120 lines." in pasted.content.decode()
    assert not Entry.objects.exists()


@override_settings(MAX_PLAYERS=20)
def test_a_list_that_would_pass_the_players_limit_is_refused_whole(anna_client, bergen_open):
    EntryFactory.create_batch(5, tournament=bergen_open)
    response = anna_client.post(import_url(bergen_open), {"text": players_csv(16)})
    assert (
        "Line 1: the list has 16 players and 5 are entered already: a tournament takes at most "
        "20 (MAX_PLAYERS)"
    ) in response.content.decode()
    assert bergen_open.entries.count() == 5


@override_settings(MAX_PLAYERS=3)
def test_no_tournament_takes_more_players_one_by_one_or_in_bulk(anna, bergen_open):
    for number in range(3):
        add_entry(anna, bergen_open, {"name": f"Player {number}"})
    with pytest.raises(EntryError, match=r"at most 3 players \(MAX_PLAYERS\); 3 are entered"):
        add_entry(anna, bergen_open, {"name": "One too many"})
    with pytest.raises(EntryError, match="at most 3 players"):
        other = Tournament.objects.create(name="Other", system="swiss_dutch")
        import_entries(anna, other, [{"name": f"Player {n}"} for n in range(4)])
    assert bergen_open.entries.count() == 3


def test_a_list_with_many_bad_lines_reports_the_first_hundred(anna_client, bergen_open):
    text = "name,rating\n" + "\n".join(f"P{i},x" for i in range(400))
    page = anna_client.post(import_url(bergen_open), {"text": text}).content.decode()
    assert page.count("Enter a whole number.") == 100
    assert "Line 102: and more: correct the lines above first" in page


def test_django_s_own_size_refusal_is_a_413_page_not_a_bare_400(anna_client, bergen_open):
    with override_settings(MAX_REQUEST_BYTES=100 * MB, DATA_UPLOAD_MAX_MEMORY_SIZE=1000):
        response = anna_client.post(import_url(bergen_open), {"text": players_csv(200)})
    assert response.status_code == 413
    assert "larger than 5 MB" in response.content.decode()
    assert not Entry.objects.exists()


@override_settings(DATA_UPLOAD_MAX_NUMBER_FIELDS=5)
def test_too_many_fields_is_a_400_page_that_says_so(anna_client, bergen_open):
    response = anna_client.post(import_url(bergen_open), {f"f{i}": "1" for i in range(10)})
    assert response.status_code == 400
    assert "The form sent more than 5 fields or more than one file." in response.content.decode()


def test_django_s_limits_follow_the_app_s(settings):
    assert settings.DATA_UPLOAD_MAX_MEMORY_SIZE == settings.MAX_UPLOAD_BYTES + 64 * 1024
    assert settings.FILE_UPLOAD_MAX_MEMORY_SIZE == settings.DATA_UPLOAD_MAX_MEMORY_SIZE
    # the knockout seeding sends one field per competitor
    assert settings.DATA_UPLOAD_MAX_NUMBER_FIELDS > settings.MAX_PLAYERS
    assert settings.DATA_UPLOAD_MAX_NUMBER_FILES == 1


@pytest.mark.parametrize(
    ("field", "longest"), [("name", 200), ("city", 100), ("time_control", 100), ("tiebreaks", 200)]
)
def test_every_text_field_of_a_tournament_has_a_length(field, longest):
    data = {"name": "Open", "system": "swiss_dutch", field: "B" * (longest + 1)}
    form = TournamentForm(data)
    assert not form.is_valid()
    assert f"at most {longest} characters" in str(form.errors[field])


@pytest.mark.parametrize(("field", "longest"), [("name", 100), ("club", 100)])
def test_a_list_line_with_a_field_too_long_is_refused(anna_client, bergen_open, field, longest):
    text = f"name,club\nShort,Club\n{'N' * 101 if field == 'name' else 'N'},{'C' * 101}"
    page = anna_client.post(import_url(bergen_open), {"text": text}).content.decode()
    assert f"Line 3: {field}: Ensure this value has at most {longest} characters" in page
    assert not Entry.objects.exists()


@override_settings(MAX_ROUNDS=12)
def test_the_planned_rounds_are_bounded_by_the_setting():
    data = {"name": "Open", "system": "swiss_dutch", "planned_rounds": "13"}
    form = TournamentForm(data)
    assert form.errors["planned_rounds"] == ["A tournament has at most 12 rounds (MAX_ROUNDS)."]
