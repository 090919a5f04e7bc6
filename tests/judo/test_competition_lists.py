"""A competition's entry list from a file: upload, preview with the columns and every line's
category or error, import as a background job, all or nothing, once."""

import io
import re
import uuid
from decimal import Decimal

import openpyxl
import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from arbiter.core.models import BackgroundJob, Entry
from arbiter.platform import jobs
from judo.competitor_lists import FIELDS
from judo.models import EntryList
from judo.services import competition as service
from tests.conftest import login
from tests.factories import competition_with_categories

pytestmark = pytest.mark.django_db

GOOD = (
    "Nom;Prénom;Club;Pays;Sexe;Né le;Poids\n"
    "Dupont;Marie;Judo Lyon;FRA;F;1999-04-02;55,4\n"
    "Martin;Paul;Judo Lyon;FRA;H;01/02/2001;-66\n"
    '"Berg, Jr";Ola;"Oslo; Judo";NOR;M;1998;72\n'
)


@pytest.fixture
def cup(anna):
    cup = competition_with_categories(anna, limits=(66, 73, None))
    for limit in (52, 57, None):
        limit = None if limit is None else Decimal(limit)
        service.add_category(anna, cup, sex="F", age_group="Seniors", weight_limit=limit)
    cup.refresh_from_db()
    return cup


def upload(client, cup, content: bytes, name="list.csv"):
    return client.post(
        reverse("competition_list_upload", args=[cup.pk]),
        {"file": SimpleUploadedFile(name, content)},
    )


def xlsx(rows) -> bytes:
    workbook = openpyxl.Workbook()
    for row in rows:
        workbook.active.append(row)
    out = io.BytesIO()
    workbook.save(out)
    return out.getvalue()


def import_form(html: str) -> dict:
    form = html[html.index('id="import-list"') :]
    form = form[: form.index("</form>")]
    return {
        "col": re.findall(r'name="col" value="([^"]*)"', form),
        "seen": re.search(r'name="seen" value="([^"]*)"', form).group(1),
    }


def test_a_list_is_previewed_then_imported_into_its_categories(client, anna, cup):
    login(client, anna)
    response = upload(client, cup, GOOD.encode("utf-8-sig"))
    entry_list = EntryList.objects.get()
    assert response["Location"] == reverse("competition_list", args=[cup.pk, entry_list.pk])
    html = client.get(response["Location"]).content.decode()
    assert 'id="line-errors"' not in html
    assert "Women Seniors -57 kg: 1" in html and "Men Seniors -66 kg: 1" in html
    assert "Men Seniors -73 kg: 1" in html
    assert not Entry.objects.exists()  # the preview saves nothing

    response = client.post(
        reverse("competition_list_import", args=[cup.pk, entry_list.pk]), import_form(html)
    )
    assert response["Location"] == reverse("competition_entries", args=[cup.pk])
    placed = {
        e.name: (e.tournament.category.label, e.club, e.federation, e.birth_year, e.sex)
        for e in Entry.objects.select_related("tournament__category")
    }
    assert placed == {
        "Dupont, Marie": ("Women Seniors -57 kg", "Judo Lyon", "FRA", 1999, "f"),
        "Martin, Paul": ("Men Seniors -66 kg", "Judo Lyon", "FRA", 2001, "m"),
        "Berg, Jr, Ola": ("Men Seniors -73 kg", "Oslo; Judo", "NOR", 1998, "m"),
    }
    job = BackgroundJob.objects.get(kind="competition_import")
    assert job.state == "done" and job.message == "3 competitors entered in 3 categories."


def test_every_wrong_line_is_named_and_nothing_can_be_imported(client, anna, cup):
    login(client, anna)
    text = (
        "Name,Sex,Born,Weight\n"
        "Hansen, Ola,M,2001,70\n"  # a comma in an unquoted name: a field too many
        "Lie Kari,X,2001,50\n"
        "Moen Per,M,19x,70\n"
        "Dahl Siri,F,2002,\n"
        "Holm Ida,F,2002,50\n"
        "Holm Ida,F,2002,51\n"
    )
    upload(client, cup, text.encode())
    html = client.get(
        reverse("competition_list", args=[cup.pk, EntryList.objects.get().pk])
    ).content.decode()
    assert 'id="import-list"' not in html
    errors = html[html.index('id="line-errors"') :]
    errors = errors[: errors.index("</div>")]
    assert "5 lines are wrong" in errors
    assert "Line 3: sex: &#x27;X&#x27; is neither men nor women" in errors
    assert "Line 4: Year of birth:" in errors
    assert "Line 5: no weight or class given" in errors
    assert "Line 7: Holm Ida (born 2002) is also on line 6" in errors
    assert "Line 2: Year of birth:" in errors  # " Ola" read as the sex, "M" as the year


def test_the_arbiter_maps_a_column_the_guess_missed(client, anna, cup):
    login(client, anna)
    upload(client, cup, b"Athlete,Gender,Year,Kilos\nLund Eva,F,2000,52\n")
    entry_list = EntryList.objects.get()
    page = reverse("competition_list", args=[cup.pk, entry_list.pk])
    html = client.get(page).content.decode()
    assert "Choose the column that holds: Weight or class (kg)." in html
    html = client.get(page, {"col": ["name", "sex", "birth_year", "weight"]}).content.decode()
    assert "Women Seniors -52 kg: 1" in html and 'id="import-list"' in html


def test_an_xlsx_sheet_is_read_with_its_dates_and_numbers(client, anna, cup):
    import datetime

    login(client, anna)
    content = xlsx(
        [
            ["Efternamn", "Förnamn", "Kön", "Födelsedatum", "Vikt"],
            ["Lund", "Eva", "K", datetime.date(2000, 5, 1), 51.5],
            ["Berg", "Per", "M", 1999, "+73"],
        ]
    )
    upload(client, cup, content, "anmälan.xlsx")
    html = client.get(
        reverse("competition_list", args=[cup.pk, EntryList.objects.get().pk])
    ).content.decode()
    assert "Women Seniors -52 kg: 1" in html and "Men Seniors open (+): 1" in html


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"\xd0\xcf\x11\xe0rest of an old xls", "old Excel file (.xls)"),
        (b"PK\x03\x04 broken", "neither a CSV file nor an Excel workbook"),
        (b"", "The submitted file is empty."),
    ],
)
def test_a_file_that_is_no_table_is_refused_with_why(client, anna, cup, content, message):
    login(client, anna)
    response = upload(client, cup, content, "list.xls")
    assert response.status_code == 200 and message in response.content.decode()
    assert not EntryList.objects.exists()


def test_a_file_over_max_upload_bytes_is_refused(client, anna, cup, settings):
    settings.MAX_UPLOAD_BYTES = 1000
    login(client, anna)
    response = upload(client, cup, GOOD.encode() * 20)
    assert "larger than" in response.content.decode() and "(MAX_UPLOAD_BYTES)" in (
        response.content.decode()
    )
    assert not EntryList.objects.exists()


def test_a_list_over_max_players_is_refused(client, anna, cup, settings):
    settings.MAX_PLAYERS = 3
    login(client, anna)
    text = "Name,Sex,Born,Weight\n" + "".join(f"P{i},M,2000,70\n" for i in range(4))
    response = upload(client, cup, text.encode())
    assert "more than 3 rows (MAX_PLAYERS)" in response.content.decode()


def test_only_the_competitions_arbiters_upload_or_import(client, anna, boris, cup):
    login(client, anna)
    upload(client, cup, GOOD.encode())
    entry_list = EntryList.objects.get()
    html = client.get(reverse("competition_list", args=[cup.pk, entry_list.pk])).content.decode()
    form = import_form(html)
    login(client, boris)
    assert upload(client, cup, GOOD.encode()).status_code == 403
    assert client.get(reverse("competition_list", args=[cup.pk, entry_list.pk])).status_code == 403
    url = reverse("competition_list_import", args=[cup.pk, entry_list.pk])
    assert client.post(url, form).status_code == 403
    assert not Entry.objects.exists()


def test_a_second_press_or_tab_does_not_import_twice(client, anna, cup):
    login(client, anna)
    upload(client, cup, GOOD.encode())
    entry_list = EntryList.objects.get()
    page = reverse("competition_list", args=[cup.pk, entry_list.pk])
    form = import_form(client.get(page).content.decode())
    url = reverse("competition_list_import", args=[cup.pk, entry_list.pk])
    client.post(url, form)
    response = client.post(url, form, follow=True)
    assert "This list was imported at" in response.content.decode()
    assert Entry.objects.count() == 3


def test_a_list_previewed_before_a_change_is_refused_and_shown_again(client, anna, cup):
    login(client, anna)
    upload(client, cup, GOOD.encode())
    entry_list = EntryList.objects.get()
    page = reverse("competition_list", args=[cup.pk, entry_list.pk])
    form = import_form(client.get(page).content.decode())
    # Meanwhile another arbiter adds the women's -63 kg class: Marie (55.4) still lands in -57,
    # but a new -55 class would take her elsewhere.
    service.add_category(anna, cup, sex="F", age_group="Seniors", weight_limit=Decimal(56))
    response = client.post(
        reverse("competition_list_import", args=[cup.pk, entry_list.pk]), form, follow=True
    )
    html = response.content.decode()
    assert "changed after the preview was shown" in html
    assert not Entry.objects.exists() and not BackgroundJob.objects.exists()
    assert "Women Seniors -56 kg: 1" in html  # the preview as the list lands now
    response = client.post(
        reverse("competition_list_import", args=[cup.pk, entry_list.pk]), import_form(html)
    )
    assert Entry.objects.count() == 3


def test_a_line_entered_meanwhile_refuses_the_whole_list(client, anna, cup):
    login(client, anna)
    upload(client, cup, GOOD.encode())
    entry_list = EntryList.objects.get()
    page = reverse("competition_list", args=[cup.pk, entry_list.pk])
    form = import_form(client.get(page).content.decode())
    women57 = cup.categories.get(sex="F", weight_limit=57)
    service.enter(anna, women57, {"name": "Dupont, Marie", "birth_year": 1999})
    response = client.post(
        reverse("competition_list_import", args=[cup.pk, entry_list.pk]), form, follow=True
    )
    html = response.content.decode()
    assert "Line 2: Dupont, Marie (born 1999) is entered already, in Women Seniors -57 kg" in html
    assert Entry.objects.count() == 1


def test_the_preview_reads_the_competition_in_the_same_queries_for_any_length(client, anna, cup):
    login(client, anna)
    counts = []
    for lines in (3, 60):
        text = "Name,Sex,Born,Weight\n" + "".join(f"P{i},M,2000,70\n" for i in range(lines))
        upload(client, cup, text.encode())
        page = reverse("competition_list", args=[cup.pk, EntryList.objects.first().pk])
        with CaptureQueriesContext(connection) as queries:
            assert client.get(page).status_code == 200
        counts.append(len(queries))
    assert counts[0] == counts[1]


def test_an_import_waits_for_a_worker_and_a_second_arbiter_joins_it(client, anna, dag, cup, queued):
    cup.arbiters.add(dag)
    login(client, anna)
    upload(client, cup, GOOD.encode())
    entry_list = EntryList.objects.get()
    page = reverse("competition_list", args=[cup.pk, entry_list.pk])
    form = import_form(client.get(page).content.decode())
    url = reverse("competition_list_import", args=[cup.pk, entry_list.pk])
    assert client.post(url, form)["Location"] == page
    job = BackgroundJob.objects.get()
    html = client.get(page).content.decode()
    assert job.state == "queued" and 'id="job-step-queued"' in html  # its progress, in place
    assert 'id="import-list"' not in html  # no second press offered while it waits

    login(client, dag)  # the other arbiter, from their own tab: the same job, not a second
    response = client.post(url, form, follow=True)
    assert response.redirect_chain[0][0] == page
    assert "is being imported already (asked for by anna" in response.content.decode()
    assert BackgroundJob.objects.count() == 1 and not Entry.objects.exists()

    jobs.run(job.pk)  # what the worker does with the task
    assert Entry.objects.count() == 3
    job_page = reverse("job", args=[job.pk])  # what the progress asks every second
    assert client.get(job_page)["Location"] == reverse("competition_entries", args=[cup.pk])


def test_the_job_checks_again_what_changed_after_the_press(anna, cup):
    """Between the press (checked in the request) and the job (checked again in its
    transaction) a category is added: the job refuses and nothing is entered."""
    from arbiter.platform.spreadsheets import read_table
    from judo.competitor_lists import check, guess_mapping
    from judo.services import competition_lists

    table = read_table(GOOD.encode(), "list.csv", max_rows=10)
    kept = competition_lists.keep_list(anna, cup, "list.csv", table)
    mapping = guess_mapping(table.rows[0][1])
    seen = check(kept.rows, mapping, cup).digest()
    service.add_category(anna, cup, sex="F", age_group="Seniors", weight_limit=Decimal(56))
    with pytest.raises(competition_lists.ListRefused, match="changed after the preview"):
        competition_lists.import_list(anna, kept.pk, mapping, seen=seen)
    assert not Entry.objects.exists()
    done = competition_lists.import_list(
        anna, kept.pk, mapping, seen=check(kept.rows, mapping, cup).digest()
    )
    assert done.entered == 3 and Entry.objects.count() == 3
    with pytest.raises(competition_lists.ListRefused, match="This list was imported at"):
        competition_lists.import_list(anna, kept.pk, mapping, seen=seen)


@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    cols=st.lists(st.one_of(st.sampled_from([*FIELDS, ""]), st.text(max_size=8)), max_size=9),
    seen=st.one_of(st.text(max_size=70), st.just("")),
)
def test_any_import_post_is_a_page_or_a_refusal_and_saves_nothing_it_should_not(
    client, anna, cup, cols, seen
):
    login(client, anna)
    upload(client, cup, GOOD.encode())
    entry_list = EntryList.objects.first()
    url = reverse("competition_list_import", args=[cup.pk, entry_list.pk])
    response = client.post(url, {"col": cols, "seen": seen})
    assert response.status_code == 302
    assert not Entry.objects.exists() and not BackgroundJob.objects.exists()


@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif(connection.vendor != "postgresql", reason="two connections at once")
def test_two_tabs_pressing_import_at_the_same_moment_import_once(anna, dag, cup):
    """Two arbiters' tabs (two forms, two tokens) press Import together: the list's row lock
    lets one import it; the other is told it was imported."""
    from django.test import Client

    from tests.pairing.swiss.test_concurrency import at_once

    cup.arbiters.add(dag)
    client = Client()
    login(client, anna)
    upload(client, cup, GOOD.encode())
    entry_list = EntryList.objects.get()
    page = reverse("competition_list", args=[cup.pk, entry_list.pk])
    url = reverse("competition_list_import", args=[cup.pk, entry_list.pk])

    def press(user):
        def send():
            tab = Client()
            login(tab, user)
            form = import_form(tab.get(page).content.decode())
            return tab.post(url, {**form, "once": str(uuid.uuid4())}).status_code

        return send

    assert at_once(press(anna), press(dag)) == [302, 302]
    assert Entry.objects.count() == 3
    assert BackgroundJob.objects.filter(kind="competition_import").count() == 1


def test_an_import_past_the_arbiters_bound_of_jobs_is_refused_by_name(
    client, anna, cup, queued, settings
):
    settings.TASKS_PER_ARBITER = 1
    login(client, anna)
    for name in ("a.csv", "b.csv"):
        upload(client, cup, GOOD.encode(), name)
    second, first = EntryList.objects.all()  # newest first
    for entry_list in (first, second):
        page = reverse("competition_list", args=[cup.pk, entry_list.pk])
        form = import_form(client.get(page).content.decode())
        url = reverse("competition_list_import", args=[cup.pk, entry_list.pk])
        response = client.post(url, form, follow=True)
    assert "You have 1 job waiting or running (Importing the entry list a.csv)" in (
        response.content.decode()
    )
    assert BackgroundJob.objects.count() == 1 and not Entry.objects.exists()
