"""Anna reads the rounds of her round robin and enters results board by board."""

import pytest
from django.urls import reverse

from arbiter.core.models import AuditEntry, Round
from arbiter.core.services.results import record_result
from pairing.rounds import services as rounds
from tests.arbiter.conftest import play_round
from tests.factories import EntryFactory, TournamentFactory

pytestmark = pytest.mark.django_db

HTMX = {"HX-Request": "true"}


@pytest.fixture
def rounds_played(oslo_rr, oslo_players):
    """Round 1 complete, round 2 under way, round 3 a draft."""
    aas, berg, dahl, lie = oslo_players
    play_round(oslo_rr, 1, games=[(aas, lie, "1-0"), (berg, dahl, "1/2")])
    play_round(oslo_rr, 2, games=[(lie, dahl, ""), (aas, berg, "")])
    play_round(oslo_rr, 3, games=[(berg, lie, ""), (dahl, aas, "")], state=Round.State.DRAFT)
    Round.objects.filter(tournament=oslo_rr, number=1).update(state=Round.State.COMPLETE)


def result_url(tournament, number, board):
    game = Round.objects.get(tournament=tournament, number=number).games.get(board=board)
    return reverse("record_result", args=[tournament.pk, game.pk])


def test_the_round_list_shows_each_rounds_state_and_results(anna_client, oslo_rr, rounds_played):
    page = anna_client.get(reverse("rounds", args=[oslo_rr.pk])).content.decode()
    assert "Complete" in page and "Published" in page and "Draft" in page
    assert "2 / 2" in page and "0 / 2" in page
    assert reverse("round_detail", args=[oslo_rr.pk, 3]) in page


def test_the_round_page_lists_boards_in_order_with_points_before_the_round(
    anna_client, oslo_rr, rounds_played
):
    response = anna_client.get(reverse("round_detail", args=[oslo_rr.pk, 2]))
    boards = response.context["games"]
    assert [(g.board, g.white.name) for g in boards] == [(1, "Lie, Jo"), (2, "Aas, Kari")]
    assert [(g.white_points, g.black_points) for g in boards] == [(0, 0.5), (1, 0.5)]
    page = response.content.decode()
    assert page.index('id="board-1"') < page.index('id="board-2"')
    for label in ["Bo.", "No.", "Pts.", "Result", "1-0", "½-½", "0-1", "+ - -", "- - +", "- - -"]:
        assert label in page, label


def test_byes_are_listed_under_the_boards_with_their_kind(anna_client, oslo_rr, oslo_players):
    aas, berg, dahl, lie = oslo_players
    play_round(oslo_rr, 1, games=[(aas, berg, "")], byes=[(dahl, "U"), (lie, "H")])
    page = anna_client.get(reverse("round_detail", args=[oslo_rr.pk, 1])).content.decode()
    assert page.index('id="board-1"') < page.index("pairing-allocated bye")
    assert "half-point bye" in page


def test_a_result_from_the_plain_form_is_saved_and_leads_back_to_the_board(
    anna_client, oslo_rr, rounds_played
):
    response = anna_client.post(result_url(oslo_rr, 2, 1), {"result": "0-1"})
    assert response.status_code == 302
    assert response["Location"] == reverse("round_detail", args=[oslo_rr.pk, 2]) + "#board-1"
    assert Round.objects.get(tournament=oslo_rr, number=2).games.get(board=1).result == "0-1"


def test_a_result_over_htmx_returns_only_that_boards_row(anna_client, oslo_rr, rounds_played):
    response = anna_client.post(result_url(oslo_rr, 2, 2), {"result": "1/2"}, headers=HTMX)
    body = response.content.decode()
    assert body.lstrip().startswith('<tr id="board-2" data-saved>')
    assert "<html" not in body and 'id="board-1"' not in body
    assert "½ - ½" in body
    assert 'value="1/2" title="Draw" aria-pressed="true"' in body


def test_the_last_result_completes_the_round(anna_client, oslo_rr, rounds_played):
    first = anna_client.post(result_url(oslo_rr, 2, 1), {"result": "1-0"}, headers=HTMX)
    assert 'hx-swap-oob="true">Published</small>' in first.content.decode()
    last = anna_client.post(result_url(oslo_rr, 2, 2), {"result": "-+"}, headers=HTMX)
    assert Round.objects.get(tournament=oslo_rr, number=2).state == Round.State.COMPLETE
    # The state next to the heading changes along with the row.
    assert 'id="round-state" class="state state-complete" hx-swap-oob="true">Complete' in (
        last.content.decode()
    )


def test_a_result_is_cleared_with_an_empty_value(anna_client, oslo_rr, rounds_played):
    anna_client.post(result_url(oslo_rr, 1, 2), {"result": ""})
    assert Round.objects.get(tournament=oslo_rr, number=1).state == Round.State.PUBLISHED
    assert AuditEntry.objects.get(action="result.record").after == {"result": ""}


def test_a_draft_round_shows_its_boards_without_result_buttons(anna_client, oslo_rr, rounds_played):
    page = anna_client.get(reverse("round_detail", args=[oslo_rr.pk, 3])).content.decode()
    assert "This round is a draft" in page
    assert 'name="result"' not in page


def test_a_result_for_a_draft_round_is_refused_with_a_reason(anna_client, oslo_rr, rounds_played):
    url = result_url(oslo_rr, 3, 1)
    row = anna_client.post(url, {"result": "1-0"}, headers=HTMX).content.decode()
    assert 'role="alert"' in row and "still a draft" in row
    response = anna_client.post(url, {"result": "1-0"}, follow=True)
    assert "still a draft" in response.content.decode()
    assert not AuditEntry.objects.filter(action="result.record").exists()


def test_an_unknown_result_is_refused_in_place(anna_client, oslo_rr, rounds_played):
    row = anna_client.post(result_url(oslo_rr, 2, 1), {"result": "2-0"}, headers=HTMX)
    assert "is not a result" in row.content.decode()


def test_a_game_of_another_tournament_cannot_be_reached_through_this_one(
    anna_client, oslo_rr, bergen_open
):
    other = play_round(
        bergen_open, 1, games=[(*EntryFactory.create_batch(2, tournament=bergen_open), "")]
    )
    game = other.games.get()
    url = reverse("record_result", args=[oslo_rr.pk, game.pk])
    assert anna_client.post(url, {"result": "1-0"}).status_code == 404


def test_an_unknown_round_is_a_404(anna_client, oslo_rr):
    assert anna_client.get(reverse("round_detail", args=[oslo_rr.pk, 9])).status_code == 404


def test_the_round_pages_cost_the_same_queries_for_any_field(
    anna, anna_client, django_assert_num_queries
):
    for size in (4, 30):
        tournament = TournamentFactory(chief=anna)
        players = EntryFactory.create_batch(size + 1, tournament=tournament)
        pairs = [(players[i], players[i + 1], "1/2") for i in range(0, size, 2)]
        play_round(tournament, 1, games=pairs, byes=[(players[-1], "U")])
        play_round(
            tournament, 2, games=[(b, w, "") for w, b, _ in pairs], byes=[(players[-1], "H")]
        )
        # session, user, tournament, role, round, games, byes, games and byes before, round
        # tabs, the job the tournament's nav names, the players' claims waiting (arbiter/venue/)
        with django_assert_num_queries(12):
            anna_client.get(reverse("round_detail", args=[tournament.pk, 2]))
        with django_assert_num_queries(6):  # session, user, tournament, role, rounds, job
            anna_client.get(reverse("rounds", args=[tournament.pk]))


def test_keyboard_entry_takes_board_and_shorthand_result(anna, anna_client, trondheim_open):
    round_ = rounds.publish_round(anna, rounds.pair_next_round(anna, trondheim_open))
    address = reverse("quick_result", args=[trondheim_open.pk, 1])
    response = anna_client.post(
        address, {"board": "2", "result": "="}, headers={"HX-Request": "true"}
    )
    html = response.content.decode()
    assert "Board 2: ½ - ½ saved" in html and 'id="board-2" hx-swap-oob="true"' in html
    assert round_.games.get(board=2).result == "1/2"


def test_keyboard_entry_never_overwrites_a_result(anna, anna_client, trondheim_open):
    round_ = rounds.publish_round(anna, rounds.pair_next_round(anna, trondheim_open))
    address = reverse("quick_result", args=[trondheim_open.pk, 1])
    anna_client.post(address, {"board": "1", "result": "1"}, headers={"HX-Request": "true"})
    response = anna_client.post(
        address, {"board": "1", "result": "0"}, headers={"HX-Request": "true"}
    )
    assert "changed under you: it now says 1 - 0" in response.content.decode()
    assert round_.games.get(board=1).result == "1-0"


def test_a_result_button_on_a_board_changed_meanwhile_is_refused(
    anna, anna_client, dag, trondheim_open
):
    round_ = rounds.publish_round(anna, rounds.pair_next_round(anna, trondheim_open))
    game = round_.games.get(board=3)
    record_result(dag, game, "0-1")
    address = reverse("record_result", args=[trondheim_open.pk, game.pk])
    response = anna_client.post(
        address, {"result": "1-0", "expected": ""}, headers={"HX-Request": "true"}
    )
    assert "changed under you" in response.content.decode()
    game.refresh_from_db()
    assert game.result == "0-1"


def test_keyboard_entry_rejects_an_unknown_board(anna, anna_client, trondheim_open):
    rounds.publish_round(anna, rounds.pair_next_round(anna, trondheim_open))
    address = reverse("quick_result", args=[trondheim_open.pk, 1])
    response = anna_client.post(
        address, {"board": "99", "result": "1"}, headers={"HX-Request": "true"}
    )
    assert "has no board 99" in response.content.decode()
