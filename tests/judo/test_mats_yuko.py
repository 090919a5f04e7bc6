"""The IJF 2025 rules on the mats (issue 26): the yuko from the table's button to the board, the
public mat page, the kept score, the competitor's card and the exports; a competition on the
2018-2024 rules has no yuko (docs/competition.md, "Scoring rules")."""

import csv
import io
import json

import pytest
from django.urls import reverse

from judo.models import LiveScore
from judo.services import competition as service
from pairing.knockout.models import Bout
from tests.conftest import login
from tests.judo.test_mats import HTMX, bout_form, judo_day, now_on

pytestmark = pytest.mark.django_db


@pytest.fixture
def cup(anna):
    return judo_day(anna)


def post(client, cup, called, action, mat=1, view="mat_score"):
    data = bout_form(called, action=action) if action else bout_form(called)
    return client.post(reverse(view, args=[cup.pk, mat]), data, headers=HTMX)


def test_a_new_competition_scores_by_the_2025_rules(anna, cup):
    assert cup.rule_set == "2025"
    assert now_on(cup).score.edition == "2025"


def test_a_yuko_goes_from_the_table_to_the_board_the_public_page_and_the_exports(client, anna, cup):
    login(client, anna)
    board = client.get(reverse("mat", args=[cup.pk, 1])).content.decode()
    assert 'value="a:yuko"' in board and 'value="b:yuko"' in board
    assert "yuko 5 s, waza-ari 10 s, ippon 20 s" in board

    called = now_on(cup)
    board = post(client, cup, called, "a:yuko").content.decode()
    assert 'id="white-yuko">1<' in board and 'id="blue-yuko">0<' in board
    public = client.get(reverse("public_mat", args=[cup.pk, 1])).content.decode()
    assert ">Yuko</th>" in public and 'data-label="Yuko">1</td>' in public

    board = post(client, cup, now_on(cup), "time").content.decode()
    assert "White wins by yuko" in board
    post(client, cup, now_on(cup), None, view="mat_confirm")
    kept = Bout.objects.get(
        match=called.match.match.id, bracket__tournament=called.category.tournament
    )
    assert kept.score == "2025 aY T" and kept.winner == called.white

    card = reverse("public_fight", args=[cup.pk, called.white.pk])
    assert "won by yuko" in client.get(card).content.decode()

    text = client.get(reverse("public_competition_bouts_csv", args=[cup.pk])).content.decode()
    rows = list(csv.DictReader(io.StringIO(text.lstrip("\ufeff"))))
    assert [(r["score"], r["how"], r["rules"], r["white_yuko"], r["blue_yuko"]) for r in rows] == [
        ("2025 aY T", "yuko", "IJF 2025", "1", "0")
    ]
    document = json.loads(
        client.get(reverse("public_competition_results_json", args=[cup.pk])).content
    )
    bout = next(b for c in document["categories"] for b in c["bouts"])
    assert bout["how"] == "yuko" and bout["rules"] == "IJF 2025"
    assert bout["white_score"] == {"wazaari": 0, "yuko": 1, "shido": 0}


def test_golden_score_ended_by_a_yuko_on_the_mat_side_page(client, anna, cup):
    login(client, anna)
    post(client, cup, now_on(cup), "b:waza-ari")
    post(client, cup, now_on(cup), "a:waza-ari")
    board = post(client, cup, now_on(cup), "time").content.decode()
    assert 'id="golden"' in board and 'id="result"' not in board
    board = post(client, cup, now_on(cup), "b:yuko").content.decode()
    assert "Blue wins by yuko in golden score" in board


def test_on_the_2018_2024_rules_there_is_no_yuko_button_and_a_posted_yuko_is_refused(
    client, anna, cup
):
    cup = service.update_competition(anna, cup, {"rule_set": "2022"}, seen=cup.version)
    login(client, anna)
    board = client.get(reverse("mat", args=[cup.pk, 1])).content.decode()
    assert 'value="a:yuko"' not in board and 'id="white-yuko"' not in board
    assert "waza-ari 10 s, ippon 20 s" in board
    public = client.get(reverse("public_mat", args=[cup.pk, 1])).content.decode()
    assert ">Yuko</th>" not in public
    board = post(client, cup, now_on(cup), "a:yuko").content.decode()
    assert "There is no yuko in the IJF 2018-2024 rules." in board
    assert not LiveScore.objects.exists()
