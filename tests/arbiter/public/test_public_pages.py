"""What a player finds on their phone: pairings to find their board, standings, their own card.

The Bergen Swiss is Anna's published Swiss of seven: round 1 complete (a win, a draw, a forfeit
win and the pairing-allocated bye), round 2 being played (a forfeit loss, a double forfeit, a game
still on and a half-point bye) and round 3 a draft that nobody outside may see.
"""

import re

import pytest
from django.core.cache import cache
from django.urls import reverse

from arbiter.core.models import Round
from arbiter.core.standings import StandingRow, Standings
from arbiter.core.systems import System
from tests.arbiter.conftest import play_round
from tests.factories import EntryFactory, TournamentFactory

pytestmark = pytest.mark.django_db

PLAYERS = [
    ("Aune, Eva", "GM", "SK Rockaden"),
    ("Bakke, Ola", "IM", ""),
    ("Dahle, Siv", "", "Bergen SK"),
    ("Foss, Tor", "FM", ""),
    ("Haug, Lise", "", ""),
    ("Lund, Per", "", ""),
    ("Moe, Kari", "", "Oslo SK"),
]


@pytest.fixture
def bergen_swiss(anna):
    return TournamentFactory(name="Bergen Swiss", chief=anna, system=System.SWISS_DUTCH)


@pytest.fixture
def players(bergen_swiss):
    return [
        EntryFactory(
            tournament=bergen_swiss,
            name=name,
            title=title,
            club=club,
            rating=2500 - 50 * n,
            starting_number=n,
        )
        for n, (name, title, club) in enumerate(PLAYERS, start=1)
    ]


@pytest.fixture
def rounds(bergen_swiss, players):
    aune, bakke, dahle, foss, haug, lund, moe = players
    play_round(
        bergen_swiss,
        1,
        games=[(aune, haug, "1-0"), (foss, bakke, "1/2"), (dahle, lund, "+-")],
        byes=[(moe, "U")],
        state=Round.State.COMPLETE,
    )
    play_round(
        bergen_swiss,
        2,
        games=[(moe, aune, "-+"), (bakke, dahle, ""), (lund, foss, "--")],
        byes=[(haug, "H")],
    )
    play_round(
        bergen_swiss,
        3,
        games=[(aune, dahle, "0-1"), (haug, moe, "1-0")],
        byes=[(lund, "F")],
        state=Round.State.DRAFT,
    )


def get(client, name, *args, query="", **headers):
    return client.get(reverse(name, args=args) + query, **headers)


def text(response):
    assert response.status_code == 200, response.status_code
    return response.content.decode()


# The pairings of a round ------------------------------------------------------------------------


def test_the_pairings_follow_the_chess_results_conventions(client, bergen_swiss, rounds):
    page = text(get(client, "public_round", bergen_swiss.pk, 2))
    for heading in ["Bo.", "No.", "White", "Rtg", "Pts.", "Result", "Black"]:
        assert f">{heading}</th>" in page, heading
    assert "- - +" in page and "- - -" in page
    # Points before the round, with the ½ glyph: Bakke and Foss drew round 1.
    board_2 = page[page.index('id="board-2"') : page.index('id="board-3"')]
    assert '<td class="num">½</td>' in board_2
    assert page.index("Moe, Kari") < page.index("Aune, Eva")  # White first on board 1
    assert 'title="Half-point bye">bye</td>' in page and '<td class="result">½</td>' in page


def test_round_one_shows_the_forfeit_win_and_the_bye_with_its_point(client, bergen_swiss, rounds):
    page = text(get(client, "public_round", bergen_swiss.pk, 1))
    assert "1 - 0" in page and "½ - ½" in page and "+ - -" in page
    assert 'title="Pairing-allocated bye">bye</td>' in page and '<td class="result">1</td>' in page


def test_names_on_the_pairings_lead_to_the_player_cards(client, bergen_swiss, players, rounds):
    page = text(get(client, "public_round", bergen_swiss.pk, 1))
    for player in players:
        assert reverse("player_card", args=[bergen_swiss.pk, player.pk]) in page


def test_find_my_board_lists_every_player_by_name_with_colour_board_and_opponent(
    client, bergen_swiss, rounds
):
    response = get(client, "public_round", bergen_swiss.pk, 2, query="?order=alpha")
    lines = response.context["lines"]
    assert [line.entry.name for line in lines] == sorted(name for name, _, _ in PLAYERS)
    seen = {
        line.entry.name: (line.colour, line.board, line.opponent and line.opponent.name)
        for line in lines
    }
    assert seen["Aune, Eva"] == ("b", 1, "Moe, Kari")
    assert seen["Moe, Kari"] == ("w", 1, "Aune, Eva")
    assert seen["Haug, Lise"] == ("", None, None)
    page = text(response)
    assert "Find my board" in page and 'title="Half-point bye">bye</td>' in page
    assert "White" in page and "Black" in page


def test_a_player_in_neither_a_game_nor_a_bye_is_not_paired(client, bergen_swiss, players, rounds):
    EntryFactory(tournament=bergen_swiss, name="Sen, Late", starting_number=8)
    for query in ("", "?order=alpha"):
        page = text(get(client, "public_round", bergen_swiss.pk, 2, query=query))
        assert "Sen, Late" in page and "not paired" in page


# Standings --------------------------------------------------------------------------------------


def test_the_standings_rank_by_points_after_the_last_public_round(client, bergen_swiss, rounds):
    response = get(client, "public_standings", bergen_swiss.pk)
    page = text(response)
    assert "Rank after round 2" in page and "being played" in page
    rows = response.context["rows"]
    assert (rows[0]["rank"], rows[0]["entry"].name, rows[0]["points"]) == (1, "Aune, Eva", 2)
    # The draft's results count for nobody: Dahle 1 (forfeit), not 2; Haug ½, not 1½.
    points = {row["entry"].name: row["points"] for row in rows}
    assert points["Dahle, Siv"] == 1 and points["Moe, Kari"] == 1 and points["Haug, Lise"] == 0.5
    for heading in ["Rk.", "SNo", "Name", "FED", "Rtg", "Club/City", "Pts."]:
        assert f">{heading}</th>" in page, heading


def test_the_standings_after_an_earlier_round(client, bergen_swiss, rounds):
    response = get(client, "public_standings", bergen_swiss.pk, query="?round=1")
    page = text(response)
    assert "Rank after round 1" in page and "being played" not in page
    points = {row["entry"].name: row["points"] for row in response.context["rows"]}
    assert points["Moe, Kari"] == 1 and points["Bakke, Ola"] == 0.5


def test_the_standings_after_a_round_that_is_not_public_are_not_found(client, bergen_swiss, rounds):
    for query in ("?round=3", "?round=9"):
        assert get(client, "public_standings", bergen_swiss.pk, query=query).status_code == 404


def test_tie_breaks_are_columns_headed_by_the_legend_which_is_spelled_out_below(
    client, bergen_swiss, players, rounds, monkeypatch
):
    def with_tiebreaks(tournament, through_round=None):
        rows = (
            StandingRow(1, players[0], 2, (7, 5.5)),
            StandingRow(2, players[6], 1, (6, 1.25)),
            StandingRow(3, players[2], 1, (None, 0)),
        )
        return Standings(2, (("BH", "Buchholz"), ("SB", "Sonneborn-Berger")), rows)

    monkeypatch.setattr("arbiter.public.views.standings.public_standings", with_tiebreaks)
    page = text(get(client, "public_standings", bergen_swiss.pk))
    assert 'title="Buchholz">BH</th>' in page and 'title="Sonneborn-Berger">SB</th>' in page
    assert '<td class="num">7</td>' in page and '<td class="num wide">5.5</td>' in page
    assert '<td class="num wide">1.25</td>' in page
    assert '<td class="num">—</td>' in page  # a tie-break without a value
    assert "<dt>BH</dt><dd>Buchholz</dd>" in page and "<dt>SB</dt><dd>Sonneborn-Berger</dd>" in page


# The player card --------------------------------------------------------------------------------


def test_the_player_card_sums_up_the_player_and_lists_their_rounds(
    client, bergen_swiss, players, rounds
):
    aune, moe = players[0], players[6]
    response = get(client, "player_card", bergen_swiss.pk, moe.pk)
    page = text(response)
    assert "Moe, Kari" in page and "Oslo SK" in page and "2150" in page
    assert response.context["points"] == 1 and response.context["rank"] == 2
    first, second = response.context["lines"]
    assert (first.absent, first.result, first.bye_kind) == ("bye", "1", "Pairing-allocated bye")
    assert (second.board, second.opponent, second.colour) == (1, aune, "")  # forfeit: no colour
    assert (second.result, second.forfeit, second.opponent_points) == ("-", True, 2)
    assert 'title="Pairing-allocated bye">bye</td>' in page


def test_the_player_card_shows_colour_opponent_number_rating_and_points(
    client, bergen_swiss, players, rounds
):
    foss, bakke = players[3], players[1]
    response = get(client, "player_card", bergen_swiss.pk, bakke.pk)
    first, second = response.context["lines"]
    assert (first.colour, first.opponent, first.result, first.opponent_points) == (
        "b",
        foss,
        "½",
        0.5,
    )
    assert (second.colour, second.board, second.result) == ("w", 2, "")
    page = text(response)
    assert '<span class="colour-b" title="Black"></span> ½' in page
    assert reverse("player_card", args=[bergen_swiss.pk, foss.pk]) in page


def test_a_player_of_another_tournament_has_no_card_here(client, bergen_swiss, rounds):
    stranger = EntryFactory()
    assert get(client, "player_card", bergen_swiss.pk, stranger.pk).status_code == 404


# Tabs and links ---------------------------------------------------------------------------------


def test_every_public_page_links_the_others_with_the_tabs(client, bergen_swiss, players, rounds):
    urls = [
        reverse("tournament", args=[bergen_swiss.pk]),
        reverse("public_round", args=[bergen_swiss.pk, 1]),
        reverse("public_round", args=[bergen_swiss.pk, 2]),
        reverse("public_standings", args=[bergen_swiss.pk]),
        reverse("crosstable", args=[bergen_swiss.pk]),
    ]
    for url in [*urls, reverse("player_card", args=[bergen_swiss.pk, players[0].pk])]:
        page = text(client.get(url))
        for link in urls:
            assert f'href="{link}"' in page, (url, link)


def test_the_starting_list_links_names_to_cards_and_sorts_by_column_links(
    client, bergen_swiss, players
):
    page = text(get(client, "tournament", bergen_swiss.pk))
    assert reverse("player_card", args=[bergen_swiss.pk, players[0].pk]) in page
    assert '<a href="?order=alpha" title="Sort by name">Name</a>' in page
    assert '<a href="?order=rating" title="Sort by rating">Rtg</a>' in page
    for heading in ["No.", "FED", "Club/City"]:
        assert heading in page


def body(response) -> str:
    """The page without the CSRF token, which is masked afresh on every response."""
    return re.sub(r"hx-headers='[^']*'", "", text(response))


# Only what is published -------------------------------------------------------------------------


def public_urls(tournament, entries, round_numbers):
    urls = [
        reverse("tournament", args=[tournament.pk]),
        reverse("tournament", args=[tournament.pk]) + "?order=alpha",
        reverse("public_standings", args=[tournament.pk]),
        reverse("crosstable", args=[tournament.pk]),
    ]
    for number in round_numbers:
        round_url = reverse("public_round", args=[tournament.pk, number])
        urls += [round_url, round_url + "?order=alpha"]
        urls.append(reverse("public_standings", args=[tournament.pk]) + f"?round={number}")
    urls += [reverse("player_card", args=[tournament.pk, entry.pk]) for entry in entries]
    return urls


def test_nothing_of_a_draft_round_shows_on_any_public_page(client, bergen_swiss, players, rounds):
    draft = Round.objects.get(tournament=bergen_swiss, number=3)
    urls = public_urls(bergen_swiss, players, [1, 2])
    with_draft = {url: body(client.get(url)) for url in urls}
    for url, page in with_draft.items():
        assert "Round 3" not in page and "round 3" not in page, url
        assert reverse("public_round", args=[bergen_swiss.pk, 3]) not in page, url
        assert "?round=3" not in page, url
    for url in public_urls(bergen_swiss, [], [3]):
        if "round=3" in url or "/rounds/3/" in url:
            assert client.get(url).status_code == 404, url

    # The strongest check: every page reads the same, byte for byte, once the draft is gone.
    draft.delete()
    cache.clear()
    without_draft = {url: body(client.get(url)) for url in urls}
    for url in urls:
        assert with_draft[url] == without_draft[url], url


def test_an_unpublished_tournament_has_no_public_page_even_for_its_arbiter(
    client, anna_client, hidden_event
):
    entry = EntryFactory(tournament=hidden_event)
    play_round(hidden_event, 1, byes=[(entry, "U")])
    for url in public_urls(hidden_event, [entry], [1]):
        assert client.get(url).status_code == 404, url
        assert anna_client.get(url).status_code == 404, url


def test_the_public_finds_a_player_by_part_of_the_name_or_the_number(client, anna):
    from django.urls import reverse

    from tests.factories import EntryFactory, TournamentFactory

    event = TournamentFactory(name="Search Open", chief=anna, is_published=True)
    for number, name in enumerate(["Åberg, Åsa", "Berg, Ola", "Lie, Jo"], start=1):
        EntryFactory(tournament=event, name=name, starting_number=number)
    address = reverse("public_search", args=[event.pk])
    html = client.get(address, {"q": "berg"}).content.decode()
    assert "Åberg, Åsa" in html and "Berg, Ola" in html and "Lie, Jo" not in html
    assert "Lie, Jo" in client.get(address, {"q": "3"}).content.decode()
    assert "No player matches" in client.get(address, {"q": "zz\x00"}).content.decode()
    assert client.get(address, {"q": "x" * 10_000}).status_code == 200
    assert 'role="search"' in client.get(reverse("tournament", args=[event.pk])).content.decode()


@pytest.mark.parametrize("matches", [3, 40])
def test_the_search_costs_the_same_queries_for_3_and_40_matches(
    client, anna, matches, django_assert_num_queries
):
    event = TournamentFactory(name="Search Open", chief=anna, is_published=True)
    EntryFactory.create_batch(matches, tournament=event, name="Berg, Ola")
    address = reverse("public_search", args=[event.pk])
    # tournament and its version, the entries found, the head (event, last change)
    with django_assert_num_queries(3):
        html = client.get(address, {"q": "berg"}).content.decode()
    assert html.count("Berg, Ola</a>") == matches
