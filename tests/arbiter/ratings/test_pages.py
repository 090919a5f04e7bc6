"""The rating change where the public sees it: the player card, the crosstable's Δ, the CSV and
JSON downloads, the standings PDF and the rating report page with its CSV; none where FIDE does
not rate the system (arbiter/ratings/change.py; docs/ratings.md, "Rating change")."""

import csv
import io
import json
from pathlib import Path

import jsonschema
import pytest
from django.urls import reverse

from arbiter.core.models import Game, Round
from arbiter.core.systems import System
from tests.arbiter.conftest import play_round
from tests.factories import EntryFactory, GameFactory, TournamentFactory, changed

pytestmark = pytest.mark.django_db

SCHEMA = json.loads(
    (Path(__file__).resolve().parents[3] / "docs" / "schema" / "tournament-v1.json").read_text()
)
RESULTS = {"1": ("1-0", "0-1"), "½": ("1/2", "1/2"), "0": ("0-1", "1-0")}


@pytest.fixture
def examples():
    """The spec's examples 1 and 2 in one Swiss of five rounds: Rated (1850, K 20) meets
    1920, 1700, 2310, 1400, 1850 and scores 1 ½ 0 1 ½; New (unrated) meets 1650, 1720, 1580,
    1800, 1690 and scores 1 ½ 1 0 ½. Round 5 also holds a forfeit."""
    tournament = TournamentFactory(system=System.SWISS_DUTCH, name="Examples Open")
    rated = EntryFactory(tournament=tournament, name="Rated, Anne", rating=1850, starting_number=1)
    new = EntryFactory(tournament=tournament, name="New, Nils", rating=0, starting_number=2)
    plan = [
        (rated, [1920, 1700, 2310, 1400, 1850], "1½01½"),
        (new, [1650, 1720, 1580, 1800, 1690], "1½10½"),
    ]
    opponents = {
        player.pk: [
            EntryFactory(tournament=tournament, rating=r, starting_number=10 * i + n)
            for n, r in enumerate(ratings, 1)
        ]
        for i, (player, ratings, _) in enumerate(plan, 1)
    }
    spare = [EntryFactory(tournament=tournament, starting_number=n) for n in (40, 41)]
    for number in range(1, 6):
        games = []
        for player, _, results in plan:
            white_code, black_code = RESULTS[results[number - 1]]
            opponent = opponents[player.pk][number - 1]
            games.append(
                (player, opponent, white_code) if number % 2 else (opponent, player, black_code)
            )
        if number == 5:
            games.append((spare[0], spare[1], "+-"))
        play_round(tournament, number, games=games)
    changed(tournament)
    return tournament, rated, new


def page(client, name, *args, query=""):
    response = client.get(reverse(name, args=args) + query)
    assert response.status_code == 200, response.content[:300]
    return response


def csv_rows(response):
    return list(csv.DictReader(io.StringIO(response.content.decode("utf-8-sig"))))


def test_the_card_shows_each_rounds_expected_score_and_change_then_k_and_the_total(
    client, examples
):
    tournament, rated, _ = examples
    response = page(client, "player_card", tournament.pk, rated.pk)
    text = response.content.decode()
    assert 'id="rating-change"' in text
    assert "20 (rated under 2400)" in text
    assert "<strong>+8</strong> → 1858" in text
    rounds = text[text.index('id="rating-change-rounds"') :]
    for expected, change in (("0.40", "+12"), ("0.70", "-4"), ("0.08", "-1.6"), ("0.92", "+1.6")):
        assert f'<td class="num">{expected}</td><td class="num">{change}</td>' in rounds
    change = response.context["rating_change"]
    assert [g.opponent_rating for g in change.games] == [1920, 1700, 2310, 1400, 1850]


def test_an_unrated_players_card_shows_the_initial_rating_and_why_it_is_published(client, examples):
    tournament, _, new = examples
    text = page(client, "player_card", tournament.pk, new.pk).content.decode()
    assert "initial rating 1770 (published: 5 rated opponents, score above zero)" in text


def test_the_card_says_a_forfeit_is_not_rated(client, examples):
    tournament, *_ = examples
    spare = tournament.entries.get(starting_number=40)
    text = page(client, "player_card", tournament.pk, spare.pk).content.decode()
    assert "forfeit: not rated" in text


def test_the_crosstable_has_a_rating_change_column(client, examples):
    tournament, rated, new = examples
    response = page(client, "crosstable", tournament.pk)
    rows = {row.entry.pk: row.rating_change for row in response.context["table"].rows}
    assert rows[rated.pk] == "+8" and rows[new.pk] == ""
    assert '<th class="num" title="Rating change">Δ</th>' in response.content.decode()


def test_the_players_csv_and_the_json_carry_the_rating_change(client, examples):
    tournament, *_ = examples
    rows = {r["name"]: r for r in csv_rows(page(client, "export_players", tournament.pk))}
    mine = rows["Rated, Anne"]
    assert (mine["k_factor"], mine["rating_change"], mine["new_rating"]) == ("20", "8", "1858")
    assert rows["New, Nils"]["initial_rating"] == "1770"
    document = json.loads(page(client, "export_json", tournament.pk).content)
    jsonschema.validate(document, SCHEMA)
    players = {p["name"]: p["rating_change"] for p in document["players"]}
    assert players["Rated, Anne"] == {
        "rated": True,
        "k_factor": 20,
        "k_reason": "under_2400",
        "k_capped": False,
        "games": 5,
        "score": 3,
        "expected_score": 2.6,
        "change": 8,
        "new_rating": 1858,
    }
    assert players["New, Nils"] == {
        "rated": False,
        "games": 5,
        "score": 3,
        "initial_rating": 1770,
        "initial_rating_published": True,
    }


def test_the_rating_report_lists_every_player_and_the_initial_ratings(client, examples):
    tournament, rated, new = examples
    response = page(client, "rating_report", tournament.pk)
    assert [entry.pk for entry, _ in response.context["unrated"]] == [new.pk]
    assert rated.pk in [entry.pk for entry, _ in response.context["rated"]]
    text = response.content.decode()
    assert 'aria-current="page">Rating change</a>' in text
    assert "published: 5 rated opponents, score above zero" in text
    rows = {r["name"]: r for r in csv_rows(page(client, "export_rating_report", tournament.pk))}
    mine = rows["Rated, Anne"]
    assert (mine["rating"], mine["k_factor"], mine["k_reason"]) == (
        "1850",
        "20",
        "rated under 2400",
    )
    assert (mine["rated_games"], mine["score"], mine["expected_score"]) == ("5", "3", "2.60")
    assert (mine["rating_change"], mine["new_rating"]) == ("8", "1858")
    theirs = rows["New, Nils"]
    assert (theirs["initial_rating"], theirs["initial_rating_published"]) == ("1770", "True")


def test_the_tabs_link_the_rating_report_where_fide_rates_the_system(client, examples):
    tournament, *_ = examples
    report = reverse("rating_report", args=[tournament.pk])
    assert report in page(client, "tournament", tournament.pk).content.decode()
    monrad = TournamentFactory(system=System.MONRAD)
    players = EntryFactory.create_batch(2, tournament=monrad)
    play_round(monrad, 1, games=[(players[0], players[1], "1-0")])
    text = page(client, "crosstable", monrad.pk).content.decode()
    assert "rating-report" not in text and "Δ" not in text
    card = page(client, "player_card", monrad.pk, players[0].pk)
    assert (
        card.context["rating_change"] is None and 'id="rating-change"' not in card.content.decode()
    )
    assert "rating_change" not in csv_rows(page(client, "export_players", monrad.pk))[0]
    for name in ("rating_report", "export_rating_report"):
        assert client.get(reverse(name, args=[monrad.pk])).status_code == 404


def test_the_standings_pdf_has_the_rating_change(client, examples, monkeypatch):
    tournament, *_ = examples
    printed: list[list[str]] = []
    monkeypatch.setattr(
        "arbiter.platform.pdf._Document.grid", lambda doc, rows, widths, align: printed.extend(rows)
    )
    assert client.get(reverse("export_standings_pdf", args=[tournament.pk])).status_code == 200
    heading, *rows = printed
    assert heading[-1] == "Δ"
    assert next(row for row in rows if row[2] == "Rated, Anne")[-1] == "+8"


def test_an_adjourned_game_is_named_and_counts_once_its_result_is_in(client, anna, examples):
    tournament, rated, _ = examples
    sixth = play_round(tournament, 6)
    opponent = EntryFactory(tournament=tournament, rating=1850, starting_number=50)
    game = GameFactory(round=sixth, board=1, white=rated, black=opponent, adjourned=True)
    changed(tournament)
    text = page(client, "rating_report", tournament.pk).content.decode()
    assert 'id="rating-adjourned"' in text and "round 6, Rated, Anne - " in text
    card = page(client, "player_card", tournament.pk, rated.pk)
    assert card.context["rating_change"].change == 8
    assert "adjourned: counted once its result is in" in card.content.decode()
    Game.objects.filter(pk=game.pk).update(adjourned=False, result="1-0")
    changed(tournament)
    card = page(client, "player_card", tournament.pk, rated.pk)
    assert card.context["rating_change"].change == 18  # +10 more: a win at PD .50, K 20


def test_a_draft_round_changes_no_rating(client, examples):
    tournament, rated, _ = examples
    draft = play_round(tournament, 6, state=Round.State.DRAFT)
    opponent = EntryFactory(tournament=tournament, rating=1850, starting_number=50)
    GameFactory(round=draft, board=1, white=rated, black=opponent, result="1-0")
    changed(tournament)
    card = page(client, "player_card", tournament.pk, rated.pk)
    assert card.context["rating_change"].change == 8
