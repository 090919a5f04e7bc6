"""Venue screens (docs/screens.md): a round's pairings and the standings in large type, paged by
themselves, public and kept like the other public pages."""

import pytest
from django.core.cache import cache
from django.urls import reverse

from arbiter.core.models import Round
from arbiter.core.systems import System
from arbiter.public.views.screens import Screen, paged
from tests.arbiter.conftest import play_round
from tests.factories import EntryFactory, TournamentFactory

pytestmark = pytest.mark.django_db


def swiss_round(players: int, published: bool = True):
    """A Swiss of `players` (named so that their boards and names run in opposite orders) with
    round 1 paired and published."""
    swiss = TournamentFactory(system=System.SWISS_DUTCH, is_published=published)
    entries = [
        EntryFactory(tournament=swiss, name=f"Player{players - i:03d}, Ann", starting_number=i + 1)
        for i in range(players)
    ]
    games = [(entries[i], entries[i + players // 2], "") for i in range(players // 2)]
    play_round(swiss, 1, games=games)
    return swiss, entries


def get(client, name, tournament, query="", **headers):
    return client.get(reverse(name, args=[tournament.pk]) + query, headers=headers)


def test_the_pairings_screen_lists_the_round_alphabetically_with_board_colour_and_opponent(
    client,
):
    swiss, _entries = swiss_round(10)
    response = get(client, "screen_pairings", swiss)
    page = response.content.decode()
    names = [f"Player{n:03d}, Ann" for n in range(1, 11)]
    places = [page.index(f'<tr><td class="name">{name}<') for name in names]
    assert places == sorted(places)  # alphabetical, not by board
    assert "Round 1" in page and "Page 1 of 1" in page
    assert "csrfmiddlewaretoken" not in page and "<script>" not in page
    lines = response.context["pages"][0]["lines"]
    first = lines[0]  # Player001 is the last entry: black on board 5 against Player006
    assert (first.entry.name, first.board, first.colour, first.opponent.name) == (
        "Player001, Ann",
        5,
        "b",
        "Player006, Ann",
    )


def test_by_board_the_screen_lists_the_games_in_board_order(client):
    swiss, _entries = swiss_round(10)
    response = get(client, "screen_pairings", swiss, "?order=board")
    rows = response.context["pages"][0]["lines"]
    assert [row["game"].board for row in rows] == [1, 2, 3, 4, 5]


def test_a_long_list_is_paged_and_each_page_says_which_of_how_many(client):
    swiss, _entries = swiss_round(40)
    response = get(client, "screen_pairings", swiss)
    pages = response.context["pages"]
    assert [len(p["lines"]) for p in pages] == [15, 15, 10]
    page = response.content.decode()
    assert "Page 1 of 3" in page and "Page 3 of 3" in page
    assert 'data-every="15"' in page


@pytest.mark.parametrize(
    ("count", "screen", "sizes"),
    [
        (40, Screen(1, 2, 15), [15, 5]),  # 20 on screen 1 of 2
        (40, Screen(2, 2, 15), [15, 5]),
        (41, Screen(1, 2, 15), [15, 6]),  # the first range takes the odd one
        (41, Screen(2, 2, 15), [15, 5]),
        (10, Screen(3, 3, 15), [3]),
        (2, Screen(3, 3, 15), [[]]),  # nothing left for the third screen: one empty page
        (0, Screen(), [[]]),
        (30, Screen(1, 1, 15), [15, 15]),  # the last page full, no empty one after it
    ],
)
def test_parts_split_the_list_into_consecutive_ranges_then_pages(count, screen, sizes):
    pages = paged(list(range(count)), screen)
    assert [len(p["lines"]) if p["lines"] else [] for p in pages] == sizes
    assert [p["number"] for p in pages] == list(range(1, len(sizes) + 1))


def test_the_parts_cover_the_list_once_in_order():
    lines = list(range(47))
    shown = [x for k in (1, 2, 3) for p in paged(lines, Screen(k, 3, 7)) for x in p["lines"]]
    assert shown == lines


def test_a_screen_of_a_family_shows_its_range_and_says_which_screen_it_is(client):
    swiss, _entries = swiss_round(40)
    response = get(client, "screen_pairings", swiss, "?part=2of2")
    page = response.content.decode()
    assert "Screen 2 of 2" in page and "Page 2 of 2" in page
    assert '<tr><td class="name">Player021, Ann<' in page
    assert '<tr><td class="name">Player020, Ann<' not in page


@pytest.mark.parametrize(
    ("query", "every", "rows"),
    [
        ("?every=5", 5, 15),
        ("?every=1", 5, 15),
        ("?every=9999", 120, 15),
        ("?every=abc", 15, 15),
        ("?every=%C2%B2", 15, 15),
        ("?every=-3", 15, 15),
        ("?rows=2", 15, 5),
        ("?rows=100", 15, 40),
        ("?rows=20&every=30", 30, 20),
        ("?order=nonsense", 15, 15),
    ],
)
def test_parameters_are_held_within_their_bounds(client, query, every, rows):
    swiss, _entries = swiss_round(4)
    response = get(client, "screen_pairings", swiss, query)
    assert response.status_code == 200
    assert response.context["screen"].every == every
    assert response.context["screen"].rows == rows


@pytest.mark.parametrize(
    "part", ["3of2", "0of2", "2", "of", "1of0", "1of10", "²of3", "xofy", "12of13"]
)
def test_a_part_that_is_not_k_of_n_is_not_found(client, part):
    swiss, _entries = swiss_round(4)
    assert get(client, "screen_pairings", swiss, f"?part={part}").status_code == 404
    assert get(client, "screen_standings", swiss, f"?part={part}").status_code == 404


def test_unpublished_tournaments_have_no_screens(client):
    swiss, _entries = swiss_round(4, published=False)
    assert get(client, "screen_pairings", swiss).status_code == 404
    assert get(client, "screen_standings", swiss).status_code == 404


def test_a_draft_round_is_not_on_the_screen(client):
    swiss, entries = swiss_round(4)
    play_round(swiss, 2, games=[(entries[0], entries[1], "")], state=Round.State.DRAFT)
    response = get(client, "screen_pairings", swiss)
    assert response.context["round"].number == 1


def test_before_any_round_the_screen_says_no_pairings_yet(client):
    swiss = TournamentFactory(system=System.SWISS_DUTCH)
    EntryFactory.create_batch(3, tournament=swiss)
    page = get(client, "screen_pairings", swiss).content.decode()
    assert "No pairings published yet." in page


def test_the_standings_screen_ranks_the_players_in_large_type_pages(client):
    swiss, entries = swiss_round(4)
    Round.objects.filter(tournament=swiss).delete()
    play_round(
        swiss,
        1,
        games=[(entries[0], entries[2], "0-1"), (entries[1], entries[3], "1-0")],
        state=Round.State.COMPLETE,
    )
    response = get(client, "screen_standings", swiss, "?rows=5")
    page = response.content.decode()
    assert "Standings after round 1" in page and "Page 1 of 1" in page
    winners = {entries[2].name, entries[1].name}
    first_two = {row["entry"].name for row in response.context["pages"][0]["lines"][:2]}
    assert first_two == winners


def test_a_knockout_has_no_standings_screen(client):
    knockout = TournamentFactory(system=System.KNOCKOUT)
    assert get(client, "screen_standings", knockout).status_code == 404


@pytest.mark.parametrize(("name", "queries"), [("screen_pairings", 7), ("screen_standings", 5)])
def test_the_queries_do_not_grow_with_the_list(client, name, queries):
    small, _ = swiss_round(4)
    large, _ = swiss_round(40)
    cache.clear()
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as few:
        get(client, name, small)
    cache.clear()
    with CaptureQueriesContext(connection) as many:
        get(client, name, large)
    assert len(many) == len(few)
    assert len(many) == queries


@pytest.mark.parametrize("name", ["screen_pairings", "screen_standings"])
def test_a_repeat_is_304_and_the_poll_204_while_nothing_changed(
    client, name, django_assert_max_num_queries
):
    swiss, _ = swiss_round(10)
    first = get(client, name, swiss, "?every=20")
    assert first["Cache-Control"].startswith("public")
    with django_assert_max_num_queries(1):
        again = get(client, name, swiss, "?every=20", if_none_match=first["ETag"])
    assert again.status_code == 304
    version = first.context["tournament"].public_version
    poll = get(client, name, swiss, f"?every=20&since={version}", hx_request="true")
    assert poll.status_code == 204
    assert f"since={version}" in first.content.decode()


def test_the_screen_is_the_same_for_everyone(anna_client, client):
    swiss, _ = swiss_round(4)
    visitor = get(client, "screen_pairings", swiss)
    assert "Set-Cookie" not in visitor.headers
    assert get(anna_client, "screen_pairings", swiss).content == visitor.content
