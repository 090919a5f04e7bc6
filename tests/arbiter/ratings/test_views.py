"""The rating lists page (arbiter/ratings/views.py): who sees it and who imports, an upload and
a placed file imported by the background job (run at once here: tests/settings.py), refusals
shown on the page, the import under way joined, its progress polled, the bounds."""

from __future__ import annotations

import datetime

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from arbiter.core.models import BackgroundJob
from arbiter.ratings.import_jobs import IMPORTING, KIND
from arbiter.ratings.importing import STALE_AFTER
from arbiter.ratings.models import ListedPlayer, RatingList
from tests.arbiter.ratings.lists import CARLSEN, POLGAR, fide_txt, players, zipped
from tests.conftest import login
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

URL = "/arbiter/ratings/"
HTMX = {"HX-Request": "true"}


@pytest.fixture
def folder(settings, tmp_path):
    settings.RATING_LISTS_DIR = tmp_path / "rating-lists"
    settings.RATING_LISTS_DIR.mkdir()
    return settings.RATING_LISTS_DIR


@pytest.fixture
def staff(db):
    return UserFactory(username="admin", is_staff=True)


@pytest.fixture
def staff_client(client, staff, folder):
    return login(client, staff)


def upload(data: bytes, name: str = "players_list_foa.txt", **fields):
    return {"file": SimpleUploadedFile(name, data), "source": "fide", **fields}


def test_the_page_s_address_and_its_link_from_the_dashboard(anna_client):
    assert reverse("rating_lists") == URL
    assert f'href="{URL}"' in anna_client.get(reverse("dashboard")).content.decode()


def test_an_arbiter_sees_the_lists_only_staff_imports(anna_client, folder):
    assert Client().get(URL).status_code == 302  # to the login page
    page = anna_client.get(URL).content.decode()
    assert "No list yet." in page and 'id="upload-form"' not in page
    assert "Lists are imported by an administrator" in page
    refused = anna_client.post(URL, upload(fide_txt([CARLSEN]), month="2026-10"))
    assert refused.status_code == 403
    placed = anna_client.post(reverse("rating_list_import_placed"), {"placed-file": "x.txt"})
    assert placed.status_code == 403
    assert not RatingList.objects.exists()


def test_an_upload_is_imported_by_a_job_and_its_file_deleted(staff_client, staff, folder):
    response = staff_client.post(URL, upload(fide_txt([CARLSEN, POLGAR]), month="2026-10"))
    assert response.status_code == 302 and response.url == URL
    imported = RatingList.objects.get()
    assert (imported.state, imported.players, imported.imported_by) == ("complete", 2, staff)
    job = BackgroundJob.objects.get(kind=KIND)
    assert (job.state, job.title, job.started_by, job.payload) == ("done", IMPORTING, staff, "")
    assert job.options["file_name"] == "players_list_foa.txt"
    assert not any((folder / "uploads").iterdir())  # imported: the upload is gone
    page = staff_client.get(URL).content.decode()
    assert "2 players imported: the FIDE 2026-10 list" in page
    assert 'id="import-done"' in page and f'id="list-{imported.pk}"' in page


def test_a_refused_upload_is_shown_with_its_line_and_leaves_no_player(staff_client, folder):
    bad = fide_txt(players(5), broken_at=4)
    page = staff_client.post(URL, upload(bad, month="2026-10")).content.decode()
    assert "Line 4: the rating &#x27;x000&#x27; is not a number" in page
    failed = RatingList.objects.get()
    assert failed.state == "failed" and not ListedPlayer.objects.exists()
    assert not any((folder / "uploads").iterdir())
    no_month = staff_client.post(URL, upload(fide_txt([CARLSEN]))).content.decode()
    assert "The file&#x27;s name gives no month" in no_month


def test_the_month_comes_from_an_archive_s_name(staff_client):
    data = zipped("standard_oct26frl.txt", fide_txt([CARLSEN]))
    staff_client.post(URL, upload(data, "standard_oct26frl.zip"))
    assert RatingList.objects.get().month == datetime.date(2026, 10, 1)


def test_the_form_is_checked(staff_client):
    def errors(**fields) -> str:
        return staff_client.post(URL, upload(fide_txt([CARLSEN]), **fields)).content.decode()

    assert "Write the month as YYYY-MM" in errors(month="2026-13")
    assert "A national list needs its federation" in errors(source="national")
    assert "Use the three-letter FIDE code" in errors(source="national", federation="NO1")
    assert (
        "A list is a .txt, .xml, .csv or .zip file"
        in staff_client.post(
            URL, {"file": SimpleUploadedFile("list.exe", b"MZ"), "source": "fide"}
        ).content.decode()
    )
    assert not RatingList.objects.exists()


def test_a_national_list_is_uploaded_with_its_columns(staff_client):
    text = "Nr;Navn;Elo\n12;Ås, Øyvind;1850\n".encode("cp1252")
    staff_client.post(
        URL,
        {
            "file": SimpleUploadedFile("nsf.csv", text),
            "source": "national",
            "federation": "nor",
            "month": "2026-10",
            "encoding": "cp1252",
            "column_national_id": "Nr",
            "column_name": "Navn",
        },
    )
    imported = RatingList.objects.get()
    assert (imported.source, imported.federation, imported.state) == ("national", "NOR", "complete")
    player = ListedPlayer.objects.get()
    assert (player.national_id, player.name, player.standard) == ("12", "Ås, Øyvind", 1850)


def test_a_placed_file_is_offered_and_imported_and_stays(staff_client, folder):
    (folder / "standard_oct26frl.zip").write_bytes(zipped("a.txt", fide_txt([CARLSEN])))
    (folder / "notes.doc").write_bytes(b"not a list")
    (folder / ".hidden.txt").write_bytes(b"hidden")
    page = staff_client.get(URL).content.decode()
    assert 'value="standard_oct26frl.zip"' in page and "2026-10" in page
    assert "notes.doc" not in page and ".hidden.txt" not in page
    response = staff_client.post(
        reverse("rating_list_import_placed"),
        {"placed-file": "standard_oct26frl.zip", "placed-source": "fide"},
    )
    assert response.status_code == 302
    assert RatingList.objects.get().state == "complete"
    assert (folder / "standard_oct26frl.zip").exists()  # the arbiter's file stays


@pytest.mark.parametrize("name", ["../x.txt", "/etc/passwd", "missing.txt", "notes.doc", ""])
def test_only_a_placed_list_file_can_be_named(staff_client, folder, name):
    (folder.parent / "x.txt").write_bytes(fide_txt([CARLSEN]))
    (folder / "notes.doc").write_bytes(b"x")
    response = staff_client.post(
        reverse("rating_list_import_placed"), {"placed-file": name, "placed-source": "fide"}
    )
    assert response.status_code == 200
    assert not RatingList.objects.exists() and not BackgroundJob.objects.exists()


def test_a_second_press_joins_the_import_under_way(staff_client, folder, anna):
    under_way = BackgroundJob.objects.create(
        kind=KIND, title=IMPORTING, started_by=anna, options={"file_name": "big.zip"}
    )
    response = staff_client.post(URL, upload(fide_txt([CARLSEN]), month="2026-10"), follow=True)
    page = response.content.decode()
    assert "A rating list is being imported, asked for by anna at" in page
    assert list(BackgroundJob.objects.all()) == [under_way]
    assert not (folder / "uploads").exists() or not any((folder / "uploads").iterdir())
    assert 'hx-trigger="every 1s"' in page and "Waiting for a worker" in page


def test_the_progress_of_an_import_is_polled_and_shown(staff_client, staff):
    BackgroundJob.objects.create(
        kind=KIND,
        title=IMPORTING,
        started_by=staff,
        state=BackgroundJob.State.RUNNING,
        started_at=timezone.now(),
        options={"file_name": "players_list.zip"},
    )
    RatingList.objects.create(
        source="fide", month=datetime.date(2026, 10, 1), file_name="players_list.zip",
        players=420_000, size=40_000_000, bytes_read=10_000_000,
    )  # fmt: skip
    section = staff_client.get(URL, headers=HTMX).content.decode()
    assert section.startswith('\n<section id="lists"') or section.lstrip().startswith(
        '<section id="lists"'
    )
    assert "<h1>" not in section  # the section alone
    assert "420000 players read (25 % of the file)" in section
    assert 'hx-trigger="every 1s"' in section


def test_the_list_in_force_today_is_marked_and_a_stopped_import_said(staff_client):
    today = timezone.localdate().replace(day=1)
    last_month = (today - datetime.timedelta(days=1)).replace(day=1)
    next_month = (today + datetime.timedelta(days=32)).replace(day=1)
    made = {}
    for month in (last_month, today, next_month):
        made[month] = RatingList.objects.create(
            source="fide", month=month, file_name="x", state="complete"
        )
    stopped = RatingList.objects.create(source="fide", month=today, file_name="killed.txt")
    RatingList.objects.filter(pk=stopped.pk).update(
        updated_at=timezone.now() - STALE_AFTER - datetime.timedelta(minutes=1)
    )
    page = staff_client.get(URL).content.decode()
    row = page[page.index(f'id="list-{made[today].pk}"') :]
    assert row[: row.index("</tr>")].count("in force today") == 1
    assert page.count("in force today") == 1
    assert "Stopped (cleaned up at the next import)" in page
    assert 'hx-trigger="every 1s"' not in page  # nothing running: no polling


def test_a_file_larger_than_the_page_takes_is_refused_before_it_is_read(staff_client, settings):
    settings.RATING_LIST_MAX_BYTES = 1000
    response = staff_client.post(URL, upload(b"x" * 10), CONTENT_LENGTH=str(2_000_000))
    assert response.status_code == 413
    assert "(RATING_LIST_MAX_BYTES)" in response.content.decode()
    # a file just over the limit, in a request the limit's margin lets through: the form says
    data = fide_txt(players(6_200))
    settings.RATING_LIST_MAX_BYTES = len(data) - 100
    too_big = staff_client.post(URL, upload(data, month="2026-10"))
    assert "The file is larger than" in too_big.content.decode()
    assert not RatingList.objects.exists()


def test_the_page_takes_files_larger_than_other_forms(staff_client, settings):
    settings.MAX_UPLOAD_BYTES = 1000
    settings.MAX_REQUEST_BYTES = 2000
    data = fide_txt(players(100))
    assert len(data) > 10_000
    staff_client.post(URL, upload(data, month="2026-10"))
    assert RatingList.objects.get().players == 100
    # other forms keep their own limit
    other = staff_client.post(reverse("trf_import"), {"text": "x" * 5000})
    assert other.status_code == 413


def test_too_many_jobs_is_a_refusal_on_the_form(staff_client, staff, settings, folder):
    settings.TASKS_PER_ARBITER = 1
    BackgroundJob.objects.create(kind="player_import", title="Importing a player list",
                                 started_by=staff)  # fmt: skip
    page = staff_client.post(URL, upload(fide_txt([CARLSEN]), month="2026-10")).content.decode()
    assert "this one was not started" in page
    assert not RatingList.objects.exists()
    assert not any((folder / "uploads").iterdir())


def test_another_staff_user_follows_the_import_on_its_job_page(staff_client, anna):
    staff_client.post(URL, upload(fide_txt([CARLSEN]), month="2026-10"))
    job = BackgroundJob.objects.get(kind=KIND)
    colleague = login(Client(), UserFactory(username="chief", is_staff=True))
    assert colleague.get(reverse("job", args=[job.pk])).status_code == 302  # to the lists
    arbiter = login(Client(), anna)
    assert arbiter.get(reverse("job", args=[job.pk])).status_code == 403


@pytest.mark.slow
@settings(max_examples=40, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])  # fmt: skip
@given(data=st.data())
def test_the_forms_posted_with_random_data_are_answered_without_a_server_error(
    staff_client, folder, data
):
    """The fuzzing of tests/fuzz/test_forms_fuzz.py, as a staff user (its arbiter is not one)."""
    (folder / "players_list_foa.txt").write_bytes(fide_txt([CARLSEN]))
    text = st.one_of(st.text(max_size=40), st.sampled_from(["", "fide", "national", "NOR",
                     "2026-10", "standard", "cp1252", "players_list_foa.txt", "../x"]))  # fmt: skip
    fields = ["source", "federation", "month", "rating_type", "encoding", "column_name",
              "column_fide_id", "column_national_id"]  # fmt: skip
    values = {name: data.draw(text, label=name) for name in fields}
    if data.draw(st.booleans(), label="placed"):
        posted = {f"placed-{name}": value for name, value in values.items()}
        posted["placed-file"] = data.draw(text, label="file")
        response = staff_client.post(reverse("rating_list_import_placed"), posted)
    else:
        content = data.draw(st.sampled_from([fide_txt([CARLSEN]), b"", b"\xff\xfe\x00", b"PK"]))
        name = data.draw(st.sampled_from(["a.txt", "b.zip", "c.csv", "d.xml", "e"]))
        response = staff_client.post(URL, {**values, "file": SimpleUploadedFile(name, content)})
    assert response.status_code in {200, 302}
