"""A competition day's results: the arbiter's page, the public results and medal table, the
exports (CSV, JSON, the printed sheets), built on a small competition fought through the
services (docs/competition.md, "Results and exports")."""

import csv
import io
import json
import re
from decimal import Decimal

import pytest
from django.urls import reverse

from judo.services import competition as service
from judo.services import mats
from pairing.knockout import services as knockout
from tests.conftest import login
from tests.factories import UserFactory
from tests.worker import run_worker

pytestmark = pytest.mark.django_db

#: The bouts as the table scores them, in the order the mats call them.
SCORES = [
    ["a:ippon"],
    ["b:waza-ari", "time"],
    ["time", "a:waza-ari"],
    ["b:shido", "b:shido", "b:shido"],
]


@pytest.fixture
def ulla():
    """Ulla runs the competition table."""
    return UserFactory(username="ulla")


def _category(ulla, cup, limit, people):
    category = service.add_category(
        ulla, cup, sex="M", age_group="Seniors", weight_limit=Decimal(limit)
    )
    for name, club, country, year, weight in people:
        entry = service.enter(
            ulla,
            category,
            {"name": name, "club": club, "federation": country, "birth_year": year},
        )
        service.weigh_in(ulla, entry, Decimal(weight))
    return category


def fight(ulla, cup, category, bouts=99, first=0):
    """Fight up to `bouts` bouts of the category, scored in turn as SCORES says from `first`."""
    for n in range(first, first + bouts):
        called = next((c for c in mats.day(cup).order(category.mat) if c.ready), None)
        if called is None:
            return
        seen = called.version
        for action in SCORES[n % len(SCORES)]:
            mats.score(ulla, category, called.match.match.id, action, seen=seen)
            seen += 1
        mats.confirm(ulla, category, called.match.match.id, seen=seen)


def make_cup(ulla, *, finished=True, published=True, pairs=1):
    """Two categories fought (a pair and a pool of three), one with a single competitor (not
    drawn); names and clubs a spreadsheet would take for formulas among them."""
    cup = service.create_competition(ulla, {"name": "Autumn Cup", "mats": 2})
    small = _category(
        ulla,
        cup,
        60,
        [
            ("=HYPERLINK(1)", "+Club", "FIN", 2001, "59.4"),
            ("Aalto, Aki", "Tatami", "SWE", 2002, "58.0"),
        ],
    )
    pool = _category(
        ulla,
        cup,
        66,
        [
            ("Berg, Bo", "Tatami", "SWE", 1999, "65.5"),
            ("Carlsen, Cy", "Kodokan", "NOR", 2000, "64.0"),
            ("Dahl, Di", "@Budokai", "NOR", 1998, "66.0"),
        ],
    )
    extra = [  # more categories for the query counts
        _category(ulla, cup, 70 + n, [(f"X {n}-{i}", "Tatami", "FIN", 2000, 69) for i in range(2)])
        for n in range(pairs - 1)
    ]
    _category(ulla, cup, 81, [("Eklund, Ed", "Tatami", "FIN", 1997, "80.0")])
    for category in (small, pool, *extra):  # the draw of every category, with a known lot
        knockout.draw_bracket(ulla, category.tournament, random_seed=3)
    cup.refresh_from_db()
    mats.assign_mats(ulla, cup, {small.pk: 1, pool.pk: 2}, seen=cup.version)
    for category in (small, pool):
        category.refresh_from_db()
    if finished:
        fight(ulla, cup, small)
        fight(ulla, cup, pool, first=1)
    if published:
        cup.refresh_from_db()
        service.set_published(ulla, cup, True, seen=cup.version)
    cup.refresh_from_db()
    return cup


def rows(response):
    text = b"".join(response.streaming_content) if response.streaming else response.content
    text = text.decode()
    assert text.startswith("\ufeff")
    return list(csv.reader(io.StringIO(text[1:])))


def url(name, cup, **query):
    address = reverse(name, args=[cup.pk])
    return address + ("?" + "&".join(f"{k}={v}" for k, v in query.items()) if query else "")


HEAD = ["sex", "age_group", "weight_limit"]
SMALL, POOL = ["M", "Seniors", "60"], ["M", "Seniors", "66"]


def test_the_results_csv_has_every_placed_competitor_cell_by_cell(client, ulla):
    cup = make_cup(ulla)
    assert rows(client.get(url("public_competition_results_csv", cup))) == [
        [*HEAD, "place", "final", "name", "club", "country", "birth_year", "weight"],
        [*SMALL, "1", "yes", "'=HYPERLINK(1)", "'+Club", "FIN", "2001", "59.4"],
        [*SMALL, "2", "yes", "Aalto, Aki", "Tatami", "SWE", "2002", "58.0"],
        [*POOL, "1", "yes", "Dahl, Di", "'@Budokai", "NOR", "1998", "66.0"],
        [*POOL, "2", "yes", "Berg, Bo", "Tatami", "SWE", "1999", "65.5"],
        [*POOL, "3", "yes", "Carlsen, Cy", "Kodokan", "NOR", "2000", "64.0"],
    ]


def test_the_bouts_csv_has_each_score_and_how_it_was_won(client, ulla):
    cup = make_cup(ulla)
    dahl, berg = ["Dahl, Di", "'@Budokai"], ["Berg, Bo", "Tatami"]
    carlsen = ["Carlsen, Cy", "Kodokan"]
    hyperlink = ["'=HYPERLINK(1)", "'+Club"]  # escaped: no formula in a spreadsheet
    head = ["bout", "stage", "round", "white", "white_club", "blue", "blue_club", "winner"]
    counts = [f"{side}_{n}" for side in ("white", "blue") for n in ("wazaari", "yuko", "shido")]
    assert rows(client.get(url("public_competition_bouts_csv", cup))) == [
        [*HEAD, *head, "score", "how", "golden_score", "rules", *counts],
        [*SMALL, "1", "pool", "1", *hyperlink, "Aalto, Aki", "Tatami", *SMALL_END],
        [*POOL, "1", "pool", "1", *berg, *dahl, "Dahl, Di", "2025 bW T", "waza-ari", "no", *B_W],
        [
            *POOL,
            "2",
            "pool",
            "2",
            *berg,
            *carlsen,
            "Berg, Bo",
            "2025 T aW",
            "waza-ari",
            "yes",
            *A_W,
        ],
        [*POOL, "3", "pool", "3", *dahl, *carlsen, "Dahl, Di", *HANSOKU],
    ]


#: IJF 2025, then white's waza-ari, yuko and shido, then blue's.
SMALL_END = ["'=HYPERLINK(1)", "2025 aI", "ippon", "no", "IJF 2025", *"000000"]
B_W, A_W = ["IJF 2025", *"000100"], ["IJF 2025", *"100000"]
HANSOKU = ["2025 bS bS bS", "hansoku-make", "no", "IJF 2025", *"000003"]


def test_the_medal_table_csv_by_club_and_by_country_shares_ranks(client, ulla):
    cup = make_cup(ulla)
    head = ["rank", "name", "gold", "silver", "bronze", "total"]
    assert rows(client.get(url("public_competition_medals_csv", cup))) == [
        head,
        ["1", "'+Club", "1", "0", "0", "1"],
        ["1", "'@Budokai", "1", "0", "0", "1"],
        ["3", "Tatami", "0", "2", "0", "2"],
        ["4", "Kodokan", "0", "0", "1", "1"],
    ]
    assert rows(client.get(url("public_competition_medals_csv", cup, by="country"))) == [
        head,
        ["1", "NOR", "1", "0", "1", "2"],
        ["2", "FIN", "1", "0", "0", "1"],
        ["3", "SWE", "0", "2", "0", "2"],
    ]
    assert client.get(url("public_competition_medals_csv", cup, by="city")).status_code == 404


def test_a_semicolon_csv_for_spreadsheets_that_want_one(client, ulla):
    cup = make_cup(ulla)
    text = client.get(url("public_competition_results_csv", cup, sep="semicolon")).content
    assert text.decode().splitlines()[1].startswith("M;Seniors;60;1;yes;")


def test_the_json_document_holds_the_categories_bouts_and_medals(client, ulla):
    cup = make_cup(ulla)
    response = client.get(url("public_competition_results_json", cup))
    document = json.loads(response.content)
    assert document["format"] == "arbiter-competition" and document["version"] == 1
    statuses = [(c["label"], c["status"]) for c in document["categories"]]
    assert statuses == [
        ("Men Seniors -60 kg", "finished"),
        ("Men Seniors -66 kg", "finished"),
        ("Men Seniors -81 kg", "not drawn"),
    ]
    pool = document["categories"][1]
    assert pool["placings"][0] == {
        "place": 1,
        "final": True,
        "name": "Dahl, Di",
        "club": "@Budokai",  # JSON is no spreadsheet: nothing escaped
        "country": "NOR",
        "birth_year": 1998,
        "weight": 66.0,
    }
    assert pool["bouts"][1]["how"] == "waza-ari" and pool["bouts"][1]["golden_score"] is True
    assert pool["bouts"][1]["white"]["name"] == "Berg, Bo"
    assert document["medals"]["country"][0] == {
        "rank": 1,
        "name": "NOR",
        "gold": 1,
        "silver": 0,
        "bronze": 1,
        "total": 2,
    }


def test_the_public_results_mark_medals_and_what_is_not_finished(client, ulla):
    cup = make_cup(ulla, finished=False)
    fight(ulla, cup, cup.categories.get(weight_limit=60))
    page = client.get(url("public_competition_results", cup)).content.decode()
    assert "Men Seniors -60 kg" in page and "medal-gold" in page
    assert page.count("(in progress)") == 1 and page.count("(not drawn)") == 1
    assert "csrfmiddlewaretoken" not in page and "Log out" not in page


def test_the_public_medal_table_by_country_in_olympic_order(client, ulla):
    cup = make_cup(ulla)
    page = client.get(url("public_competition_medals", cup, by="country")).content.decode()
    table = page[page.index('id="medal-table-country"') :]
    assert table.index("NOR") < table.index("FIN") < table.index("SWE")
    assert client.get(url("public_competition_medals", cup, by="x")).status_code == 404


@pytest.mark.parametrize(
    "name",
    [
        "public_competition_results",
        "public_competition_medals",
        "public_competition_results_csv",
        "public_competition_bouts_csv",
        "public_competition_medals_csv",
        "public_competition_results_json",
        "public_competition_sheets_pdf",
    ],
)
def test_nothing_of_an_unpublished_competition_is_public(client, ulla, name):
    cup = make_cup(ulla, published=False)
    assert client.get(url(name, cup)).status_code == 404
    login(client, ulla)
    assert client.get(url(name, cup)).status_code == 404


def test_only_the_competitions_arbiters_see_its_results_page(client, ulla):
    cup = make_cup(ulla, published=False)
    address = url("competition_results", cup)
    assert client.get(address).status_code == 302
    login(client, UserFactory(username="other"))
    assert client.get(address).status_code == 403
    assert client.get(url("competition_results_csv", cup)).status_code == 403
    login(client, ulla)
    page = client.get(address).content.decode()
    assert "Men Seniors -66 kg" in page and "(not drawn)" in page
    assert 'id="medal-table-club"' in page
    assert client.get(address + "?by=country").status_code == 200
    assert client.get(address + "?by=x").status_code == 404
    got = rows(client.get(url("competition_results_csv", cup)))
    assert got[1][5] == "'=HYPERLINK(1)"
    bouts = rows(client.get(url("competition_bouts_csv", cup)))
    assert bouts[1][bouts[0].index("how")] == "ippon"
    assert rows(client.get(url("competition_medals_csv", cup, by="country")))[1][1] == "NOR"
    assert json.loads(client.get(url("competition_results_json", cup)).content)["medals"]


def _pages(pdf: bytes) -> int:
    return len(re.findall(rb"/Type\s*/Page\b(?!s)", pdf))


def test_the_printed_sheets_are_one_pdf_with_a_page_per_drawn_category(client, ulla):
    cup = make_cup(ulla, pairs=3)
    login(client, ulla)
    response = client.get(url("competition_sheets_pdf", cup))
    assert response["Content-Type"] == "application/pdf"
    assert response.content.startswith(b"%PDF")
    assert _pages(response.content) == 4  # two pairs and a pool of three: a sheet each
    public = client.get(url("public_competition_sheets_pdf", cup))
    assert public.status_code == 200 and public.content.startswith(b"%PDF")
    assert 'filename="autumn-cup-brackets.pdf"' in public["Content-Disposition"]


@pytest.mark.parametrize("pairs", [1, 5])
def test_the_results_cost_the_same_queries_for_few_and_many_categories(
    client, ulla, pairs, django_assert_num_queries
):
    cup = make_cup(ulla, pairs=pairs)
    # the competition and its stamp; the day: categories, brackets, entries, bouts, live
    # scores; the weigh-ins; a page's head (its event, its last change)
    public = [
        ("public_competition_results", 9),
        ("public_competition_medals", 9),
        ("public_competition_results_csv", 8),
        ("public_competition_bouts_csv", 8),
        ("public_competition_results_json", 8),
    ]
    for name, count in public:
        with django_assert_num_queries(count, info=name):
            assert client.get(url(name, cup)).status_code == 200
    login(client, ulla)
    # session, user, competition, arbiter; the day and the weigh-ins
    with django_assert_num_queries(10):
        assert client.get(url("competition_results", cup)).status_code == 200


@pytest.mark.slow
@pytest.mark.django_db(transaction=True)  # the worker commits
def test_with_redis_a_worker_writes_the_public_sheets_of_a_competition(
    client, ulla, settings, queued
):
    settings.PDFS_IN_BACKGROUND = True
    cup = make_cup(ulla)
    waiting = client.get(url("public_competition_sheets_pdf", cup))
    assert waiting.status_code == 202
    assert reverse("public_competition_results", args=[cup.pk]) in waiting.content.decode()
    run_worker()
    response = client.get(url("public_competition_sheets_pdf", cup))
    assert response.status_code == 200 and response.content.startswith(b"%PDF")
