"""What a player sees of the rounds: pairings, results and the crosstable, published ones only."""

import pytest
from django.urls import reverse

from arbiter.core.models import Round
from arbiter.core.systems import System
from tests.arbiter.conftest import play_round
from tests.factories import EntryFactory, TournamentFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def oslo_rounds(oslo_rr, oslo_players):
    """Round 1 complete, round 2 under way, round 3 a draft with a (premature) result."""
    aas, berg, dahl, lie = oslo_players
    play_round(
        oslo_rr, 1, games=[(aas, lie, "1-0"), (berg, dahl, "1/2")], state=Round.State.COMPLETE
    )
    play_round(oslo_rr, 2, games=[(lie, dahl, "-+"), (aas, berg, "")])
    play_round(oslo_rr, 3, games=[(berg, lie, "1-0"), (dahl, aas, "")], state=Round.State.DRAFT)


def get(client, name, *args):
    return client.get(reverse(name, args=args))


def test_a_round_shows_its_pairings_with_chess_results_notation(client, oslo_rr, oslo_rounds):
    page = get(client, "public_round", oslo_rr.pk, 1).content.decode()
    for heading in ["Bo.", "No.", "White", "Rtg", "Pts.", "Result", "Black"]:
        assert heading in page, heading
    assert "1 - 0" in page and "½ - ½" in page
    assert page.index("Aas, Kari") < page.index("Berg, Ola")  # board order


def test_points_before_the_round_use_the_half_glyph(client, oslo_rr, oslo_rounds):
    response = get(client, "public_round", oslo_rr.pk, 2)
    assert "- - +" in response.content.decode()
    boards = response.context["games"]
    assert [(g.white_points, g.black_points) for g in boards] == [(0, 0.5), (1, 0.5)]
    assert '<td class="num">½</td>' in response.content.decode()


def test_a_bye_reads_bye_with_the_points_it_gives(client):
    swiss = TournamentFactory(system=System.SWISS_DUTCH)
    aas, berg, dahl = EntryFactory.create_batch(3, tournament=swiss)
    play_round(swiss, 1, games=[(aas, berg, "")], byes=[(dahl, "U")])
    page = get(client, "public_round", swiss.pk, 1).content.decode()
    assert 'title="Pairing-allocated bye">bye</td>' in page
    assert '<td class="result">1</td>' in page


def test_a_draft_round_is_not_public(client, oslo_rr, oslo_rounds):
    assert get(client, "public_round", oslo_rr.pk, 3).status_code == 404
    assert get(client, "public_round", oslo_rr.pk, 9).status_code == 404


def test_not_even_its_arbiter_sees_a_draft_round_on_the_public_pages(
    anna_client, oslo_rr, oslo_rounds
):
    assert get(anna_client, "public_round", oslo_rr.pk, 3).status_code == 404
    assert get(anna_client, "public_round", oslo_rr.pk, 2).status_code == 200


def test_an_unpublished_tournament_has_no_public_rounds_or_crosstable(client, hidden_event):
    play_round(
        hidden_event, 1, games=[(*EntryFactory.create_batch(2, tournament=hidden_event), "")]
    )
    assert get(client, "public_round", hidden_event.pk, 1).status_code == 404
    assert get(client, "crosstable", hidden_event.pk).status_code == 404


def test_the_tournament_page_links_the_public_rounds_and_the_crosstable(
    client, oslo_rr, oslo_rounds
):
    page = get(client, "tournament", oslo_rr.pk).content.decode()
    assert reverse("public_round", args=[oslo_rr.pk, 1]) in page
    assert reverse("public_round", args=[oslo_rr.pk, 2]) in page
    assert reverse("public_round", args=[oslo_rr.pk, 3]) not in page
    assert reverse("crosstable", args=[oslo_rr.pk]) in page


def test_the_round_robin_crosstable_is_a_berger_grid(client, oslo_rr, oslo_rounds):
    response = get(client, "crosstable", oslo_rr.pk)
    table = response.context["table"]
    assert table.berger and table.columns == [1, 2, 3, 4]
    grid = {row.number: [cell.text for cell in row.cells] for row in table.rows}
    assert grid == {
        1: ["", "", "", "1"],
        2: ["", "", "½", ""],
        3: ["", "½", "", "+"],
        4: ["0", "", "-", ""],
    }
    assert [row.cells[i].own for i, row in enumerate(table.rows)] == [True] * 4
    page = response.content.decode()
    assert page.count('class="cell own"') == 4
    assert "after round 1" in page and "round 2 in progress" in page


def test_the_crosstable_counts_no_result_of_a_draft_round(client, oslo_rr, oslo_rounds):
    table = get(client, "crosstable", oslo_rr.pk).context["table"]
    points = {row.entry.name: row.points for row in table.rows}
    # Berg beat Lie in the draft round 3: not counted.
    assert points == {"Aas, Kari": 1, "Berg, Ola": 0.5, "Dahl, Per": 1.5, "Lie, Jo": 0}
    assert table.rows[1].cells[3].text == ""


def test_players_on_the_same_points_share_a_rank(client, oslo_rr, oslo_players):
    aas, berg, dahl, lie = oslo_players
    play_round(oslo_rr, 1, games=[(aas, lie, "1-0"), (berg, dahl, "1-0")])
    table = get(client, "crosstable", oslo_rr.pk).context["table"]
    assert [(row.number, row.points, row.rank) for row in table.rows] == [
        (1, 1, 1),
        (2, 1, 1),
        (3, 0, 3),
        (4, 0, 3),
    ]


def test_a_swiss_crosstable_has_a_column_per_round(client, anna):
    swiss = TournamentFactory(system=System.SWISS_DUTCH)
    one, two, three = (
        EntryFactory(tournament=swiss, starting_number=n, name=f"P{n}") for n in (1, 2, 3)
    )
    play_round(swiss, 1, games=[(one, two, "1/2")], byes=[(three, "U")])
    play_round(swiss, 2, games=[(three, one, "0-1")], byes=[(two, "H")])
    table = get(client, "crosstable", swiss.pk).context["table"]
    assert not table.berger and table.columns == [1, 2]
    cells = {row.number: [cell.text for cell in row.cells] for row in table.rows}
    assert cells == {1: ["2w½", "3b1"], 2: ["1b½", "-½"], 3: ["-1", "1w0"]}
    assert [(row.points, row.rank) for row in table.rows] == [(1.5, 1), (1, 2), (1, 2)]


def test_the_public_round_and_crosstable_cost_the_same_queries_for_any_field(
    client, django_assert_num_queries
):
    for size in (4, 30):
        tournament = TournamentFactory(system=System.ROUND_ROBIN)
        players = EntryFactory.create_batch(size + 1, tournament=tournament)
        pairs = [(players[i], players[i + 1], "1/2") for i in range(0, size, 2)]
        play_round(tournament, 1, games=pairs, byes=[(players[-1], "U")])
        swapped = [(black, white, "") for white, black, _ in pairs]
        play_round(tournament, 2, games=swapped, byes=[(players[-1], "H")])
        # tournament and its version, round, games, byes, games and byes before the round,
        # entries (for those not paired), round tabs, the head (event, last change)
        with django_assert_num_queries(9):
            get(client, "public_round", tournament.pk, 2)
        # the tournament's row is kept: rounds, entries, games, byes, and the rating change's
        # entries and games (FIDE rates a round robin); the head
        with django_assert_num_queries(7):
            get(client, "crosstable", tournament.pk)
        with django_assert_num_queries(4):  # arbiters, entries, rounds, the head
            get(client, "tournament", tournament.pk)
