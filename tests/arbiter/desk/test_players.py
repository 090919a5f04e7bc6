"""Anna manages the Bergen Open's player list."""

import pytest
from django.urls import reverse

from arbiter.core.models import AuditEntry, Entry
from tests.conftest import login
from tests.factories import EntryFactory

pytestmark = pytest.mark.django_db

NEW_PLAYER = {
    "name": "Haugen,   Sofia",
    "title": "wim",
    "sex": "f",
    "federation": "nor",
    "club": "Bergens SK",
    "rating": "2210",
    "fide_id": "1504321",
    "birth_year": "2004",
}


def test_it_adds_a_player_with_the_plain_form_and_redirects(anna_client, bergen_open):
    url = reverse("players", args=[bergen_open.pk])
    response = anna_client.post(url, NEW_PLAYER)
    assert response.status_code == 302
    entry = Entry.objects.get(tournament=bergen_open)
    assert (entry.name, entry.title, entry.federation) == ("Haugen, Sofia", "WIM", "NOR")
    assert entry.starting_number == 1


def test_it_adds_a_player_over_htmx_and_returns_only_the_list(anna_client, bergen_open):
    url = reverse("players", args=[bergen_open.pk])
    response = anna_client.post(url, NEW_PLAYER, headers={"HX-Request": "true"})
    body = response.content.decode()
    assert response.status_code == 200
    assert body.lstrip().startswith('<section id="players-section">')
    assert "<html" not in body
    assert "Haugen, Sofia added as number 1" in body


def test_a_wrong_form_shows_its_errors_in_place(anna_client, bergen_open):
    url = reverse("players", args=[bergen_open.pk])
    response = anna_client.post(url, {"name": "", "rating": "lots"}, headers={"HX-Request": "true"})
    body = response.content.decode()
    assert "This field is required." in body
    assert "Enter a whole number." in body
    assert not Entry.objects.filter(tournament=bergen_open).exists()


def test_starting_numbers_follow_rating_title_and_name(anna_client, bergen_open):
    url = reverse("players", args=[bergen_open.pk])
    for name, rating, title in [
        ("Berg, Ola", "2100", ""),
        ("Aas, Kari", "2300", ""),
        ("Dahl, Per", "2100", "FM"),
        ("Bakke, Liv", "2100", ""),
    ]:
        anna_client.post(url, {"name": name, "rating": rating, "title": title})
    numbered = list(bergen_open.entries.order_by("starting_number").values_list("name", flat=True))
    assert numbered == ["Aas, Kari", "Dahl, Per", "Bakke, Liv", "Berg, Ola"]


def test_a_fide_id_is_entered_once_per_tournament(anna_client, bergen_open):
    EntryFactory(tournament=bergen_open, fide_id=1504321)
    response = anna_client.post(reverse("players", args=[bergen_open.pk]), NEW_PLAYER)
    assert response.status_code == 200
    assert "already exists" in response.content.decode()


def test_it_edits_a_player_and_records_before_and_after(anna_client, bergen_open, anna):
    entry = EntryFactory(tournament=bergen_open, name="Moen, Jon", rating=1800)
    url = reverse("player_edit", args=[bergen_open.pk, entry.pk])
    response = anna_client.post(url, {"name": "Moen, Jon", "federation": "NOR", "rating": "1850"})
    assert response.status_code == 302
    entry.refresh_from_db()
    assert entry.rating == 1850
    audit = AuditEntry.objects.get(action="entry.update")
    assert (audit.user, audit.before, audit.after) == (anna, {"rating": 1800}, {"rating": 1850})


def test_a_player_of_another_tournament_cannot_be_edited_through_this_one(
    anna_client, bergen_open, boris_cup
):
    stranger = EntryFactory(tournament=boris_cup)
    url = reverse("player_edit", args=[bergen_open.pk, stranger.pk])
    assert anna_client.get(url).status_code == 404


def test_withdrawing_over_htmx_asks_first_then_swaps_the_row(
    anna_client, bergen_open, bergen_players
):
    entry = bergen_players[2]
    url = reverse("player_withdraw", args=[bergen_open.pk, entry.pk])
    asked = anna_client.post(url, {"withdrawn": "1"}, headers={"HX-Request": "true"})
    assert f"Withdraw {entry.name}? They will not be paired" in asked.content.decode()
    entry.refresh_from_db()
    assert not entry.withdrawn
    confirmed = {"withdrawn": "1", "confirm": "yes"}
    response = anna_client.post(url, confirmed, headers={"HX-Request": "true"})
    body = response.content.decode()
    assert body.lstrip().startswith(f'<tbody id="entry-{entry.pk}" class="withdrawn">')
    assert "Reinstate" in body
    entry.refresh_from_db()
    assert entry.withdrawn


def test_withdrawing_twice_has_one_effect(anna_client, bergen_open, bergen_players):
    entry = bergen_players[0]
    url = reverse("player_withdraw", args=[bergen_open.pk, entry.pk])
    anna_client.post(url, {"withdrawn": "1", "confirm": "yes"})
    anna_client.post(url, {"withdrawn": "1", "confirm": "yes"})
    assert AuditEntry.objects.filter(action="entry.withdraw").count() == 1


def test_a_mistaken_withdrawal_can_be_taken_back(anna_client, bergen_open, bergen_players):
    entry = bergen_players[0]
    url = reverse("player_withdraw", args=[bergen_open.pk, entry.pk])
    anna_client.post(url, {"withdrawn": "1", "confirm": "yes"})
    response = anna_client.post(url, {"withdrawn": "0"})
    assert response.status_code == 302
    entry.refresh_from_db()
    assert not entry.withdrawn


def test_the_player_page_costs_the_same_queries_for_any_number_of_players(
    anna_client, bergen_open, django_assert_num_queries
):
    url = reverse("players", args=[bergen_open.pk])
    EntryFactory.create_batch(3, tournament=bergen_open)
    # session, user, tournament, role, entries, job in nav; the title norms (entries, games,
    # byes, norm settings: arbiter/ratings/norms.py)
    with django_assert_num_queries(10):
        anna_client.get(url)
    EntryFactory.create_batch(30, tournament=bergen_open)
    with django_assert_num_queries(10):
        anna_client.get(url)


def test_a_player_added_to_a_running_round_robin_gets_the_reason(anna_client, oslo_invitational):
    from tests.factories import RoundFactory

    RoundFactory(tournament=oslo_invitational, number=1)
    url = reverse("players", args=[oslo_invitational.pk])
    response = anna_client.post(url, {"name": "Late, Comer"}, headers={"HX-Request": "true"})
    assert "schedule is fixed" in response.content.decode()


def test_deleting_a_player_asks_first_and_names_what_goes(
    anna_client, trondheim_open, trondheim_players
):
    from django.urls import reverse

    mistake = trondheim_players[-1]
    address = reverse("player_delete", args=[trondheim_open.pk, mistake.pk])
    html = anna_client.post(address).content.decode()
    assert "entered by mistake?" in html and trondheim_open.entries.filter(pk=mistake.pk).exists()
    response = anna_client.post(address, {"confirm": "yes"})
    assert response.status_code == 302
    assert not trondheim_open.entries.filter(pk=mistake.pk).exists()


def test_only_the_chief_arbiter_deletes_a_tournament(client, anna, dag, trondheim_open):
    from django.urls import reverse

    from arbiter.core.models import Tournament, TournamentArbiter
    from tests.conftest import login

    TournamentArbiter.objects.create(tournament=trondheim_open, user=dag, role="deputy")
    address = reverse("tournament_delete", args=[trondheim_open.pk])
    login(client, dag)
    assert client.post(address, {"name": "Trondheim Open"}).status_code == 403
    login(client, anna)
    assert "10 player(s)" in client.get(address).content.decode()
    assert client.post(address, {"name": "Trondheim Open"})["Location"] == reverse("dashboard")
    assert not Tournament.objects.filter(pk=trondheim_open.pk).exists()


def test_titles_read_as_fide_writes_them(anna_client, trondheim_open, trondheim_players):
    from django.urls import reverse

    address = reverse("player_edit", args=[trondheim_open.pk, trondheim_players[0].pk])
    html = anna_client.get(address).content.decode()
    assert '<option value="WGM">WGM</option>' in html and "Wgm" not in html


@pytest.mark.parametrize(
    ("system", "asks"),
    [("swiss_dutch", True), ("round_robin", True), ("knockout", False)],
)
def test_a_knockout_does_not_ask_chess_fields(client, anna, system, asks):
    """A knockout is the bracket of judo and the combat sports here: no title, rating or FIDE
    id in its form or list (arbiter/core/systems.py, chess_fields)."""
    from arbiter.core.systems import System
    from tests.factories import TournamentFactory

    tournament = TournamentFactory(system=System(system), chief=anna)
    login(client, anna)
    html = client.get(reverse("players", args=[tournament.pk])).content.decode()
    for field in ('name="title"', 'name="rating"', 'name="fide_id"', ">Rtg<"):
        assert (field in html) is asks, field
    data = {"name": "Berg, Ola", "club": "Bergen Judo", "rating": "2100", "fide_id": "123"}
    client.post(reverse("players", args=[tournament.pk]), data)
    entry = tournament.entries.get()
    assert (entry.rating, entry.fide_id) == ((2100, 123) if asks else (0, None))


def test_a_late_entry_that_moves_numbers_asks_in_the_form_and_the_answer_adds(
    anna_client, anna, trondheim_open
):
    import html as html_module
    import re

    from pairing.rounds import services as rounds
    from tests.pairing.conftest import play

    play(anna, rounds.pair_next_round(anna, trondheim_open))
    url = reverse("players", args=[trondheim_open.pk])
    late = {"name": "Late, Magnus", "rating": "2395"}
    for headers in ({}, {"HX-Request": "true"}):  # the plain form and HTMX alike
        html = anna_client.post(url, late, headers=headers).content.decode()
        assert 'id="renumber-question"' in html
        assert '<td>Player 02, Trondheim</td><td class="num">2</td><td class="num">3</td>' in html
        assert 'value="Late, Magnus"' in html  # the form keeps what was typed
        assert "Add as number 2 and renumber 9 players" in html
        assert "Add as number 11, keep every number" in html
        assert not trondheim_open.entries.filter(name="Late, Magnus").exists()
    seen = html_module.unescape(re.search(r'name="seen" value="([^"]+)"', html).group(1))
    response = anna_client.post(url, {**late, "numbers": "keep", "seen": seen})
    assert response.status_code == 302
    assert trondheim_open.entries.get(name="Late, Magnus").starting_number == 11
    assert trondheim_open.entries.get(name="Player 02, Trondheim").starting_number == 2


def test_a_correction_that_moves_numbers_asks_on_the_edit_page(anna_client, anna, trondheim_open):
    import html as html_module
    import re

    from pairing.rounds import services as rounds
    from tests.pairing.conftest import play

    play(anna, rounds.pair_next_round(anna, trondheim_open))
    tenth = trondheim_open.entries.get(name="Player 10, Trondheim")
    url = reverse("player_edit", args=[trondheim_open.pk, tenth.pk])
    corrected = {"name": tenth.name, "rating": "2395"}
    page = anna_client.post(url, corrected).content.decode()
    assert 'id="renumber-question"' in page
    assert "Save and renumber 9 players" in page and "Save, keep every number" in page
    tenth.refresh_from_db()
    assert tenth.rating == 2310
    seen = html_module.unescape(re.search(r'name="seen" value="([^"]+)"', page).group(1))
    response = anna_client.post(url, {**corrected, "numbers": "rank", "seen": seen})
    assert response.status_code == 302
    tenth.refresh_from_db()
    assert (tenth.rating, tenth.starting_number) == (2395, 2)


def test_the_delete_page_lists_whose_number_closes_up(anna_client, anna, trondheim_open):
    import html as html_module
    import re

    from arbiter.core.services.entries import RANK, add_entry, late_entry_renumbering
    from pairing.rounds import services as rounds
    from tests.pairing.conftest import play

    play(anna, rounds.pair_next_round(anna, trondheim_open))
    data = {"name": "Late, Magnus", "rating": 2395}
    seen = late_entry_renumbering(trondheim_open, data).seen
    mistake = add_entry(anna, trondheim_open, data, numbers=RANK, seen=seen)
    url = reverse("player_delete", args=[trondheim_open.pk, mistake.pk])
    page = anna_client.post(url).content.decode()
    assert "9 players already paired get new starting numbers" in page
    assert '<td>Player 02, Trondheim</td><td class="num">3</td><td class="num">2</td>' in page
    seen = html_module.unescape(re.search(r'name="seen" value="([^"]*)"', page).group(1))
    assert anna_client.post(url, {"confirm": "yes", "seen": seen}).status_code == 302
    assert not trondheim_open.entries.filter(pk=mistake.pk).exists()
    assert trondheim_open.entries.get(name="Player 02, Trondheim").starting_number == 2
