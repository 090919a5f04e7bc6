"""Self check-in from the player's card and the arbiter's check-in list (docs/venue.md,
"Check-in", "Switches"): through each system's own check-in (the registry's ``check_in``)."""

import pytest
from django.test import Client

from arbiter.core.models import AuditEntry
from arbiter.core.systems import SYSTEMS, System
from arbiter.venue.services import cards
from arbiter.venue.services.switches import StaleSwitches, settings_of, update_switches
from pairing.models import MonradCheckIn, RoundCheckIn
from pairing.rounds import services as rounds
from tests.conftest import login
from tests.factories import EntryFactory, TournamentFactory

pytestmark = pytest.mark.django_db


def _tournament(anna, system=System.SWISS_DUTCH, players=4, switch=True):
    tournament = TournamentFactory(
        name=f"Check {system}", chief=anna, system=system, planned_rounds=3, is_published=True
    )
    for n in range(players):
        EntryFactory(tournament=tournament, name=f"Player {n}, Check", starting_number=None)
    if switch:
        update_switches(anna, tournament, seen=0, self_check_in=True)
    return tournament


def _secret(entry) -> str:
    return cards.key_for(entry).secret


def _post(client, entry, present="yes", number="1"):
    return client.post(f"/card/{_secret(entry)}/check-in/", {"present": present, "round": number})


def test_the_registry_names_a_check_in_for_the_swiss_and_the_monrad_only():
    with_check_in = {code for code, system in SYSTEMS.items() if system.check_in is not None}
    assert with_check_in == {System.SWISS_DUTCH, System.MONRAD}
    assert SYSTEMS[System.MONRAD].check_in.page == "monrad"


def test_with_the_switch_off_the_card_offers_no_check_in_and_a_post_is_refused(client, anna):
    tournament = _tournament(anna, switch=False)
    entry = tournament.entries.first()
    page = client.get(f"/card/{_secret(entry)}/")
    assert page.status_code == 200 and "check-in-button" not in page.content.decode()
    refused = _post(client, entry)
    assert refused.status_code == 409
    assert "check in at the desk" in refused.content.decode()
    assert not RoundCheckIn.objects.exists()


def test_a_swiss_player_checks_in_from_the_card_and_a_double_click_changes_nothing(client, anna):
    tournament = _tournament(anna)
    entry = tournament.entries.first()
    page = client.get(f"/card/{_secret(entry)}/").content.decode()
    assert "check me in for round 1" in page
    first = _post(client, entry)
    assert first.status_code == 302 and first["Location"].endswith("#check-in")
    again = _post(client, entry)
    assert again.status_code == 302
    row = RoundCheckIn.objects.get()
    assert (row.entry, row.round_number, row.by_player) == (entry, 1, True)
    audit = AuditEntry.objects.filter(action="round.check_in").get()
    assert audit.user is None and "scanning their card" in audit.summary
    assert (
        "You are checked in for round 1" in client.get(f"/card/{_secret(entry)}/").content.decode()
    )
    _post(client, entry, present="no")
    assert not RoundCheckIn.objects.exists()


def test_a_page_left_open_while_the_round_was_paired_is_refused(client, anna):
    tournament = _tournament(anna)
    entry = tournament.entries.first()
    rounds.pair_next_round(anna, tournament)
    refused = _post(client, entry, number="1")
    assert refused.status_code == 409
    assert "round 2 now" in refused.content.decode()
    assert _post(client, entry, number="2").status_code == 302
    assert RoundCheckIn.objects.get().round_number == 2


def test_a_post_without_a_round_or_with_nonsense_is_refused_with_a_message(client, anna):
    entry = _tournament(anna).entries.first()
    for number in ("", "x", "99999999999", "-1", "\u00b2"):
        response = _post(client, entry, number=number)
        assert response.status_code == 409, number
        assert b"errors" in response.content
    assert not RoundCheckIn.objects.exists()


def test_a_withdrawn_player_cannot_check_in(client, anna):
    tournament = _tournament(anna)
    entry = tournament.entries.first()
    entry.withdrawn = True
    entry.save()
    assert "check-in-button" not in client.get(f"/card/{_secret(entry)}/").content.decode()
    refused = _post(client, entry)
    assert refused.status_code == 409 and "withdrawn" in refused.content.decode()
    assert not RoundCheckIn.objects.exists()


def test_every_write_needs_the_csrf_token(anna):
    entry = _tournament(anna).entries.first()
    strict = Client(enforce_csrf_checks=True)
    assert _post(strict, entry).status_code == 403
    assert not RoundCheckIn.objects.exists()


def test_a_monrad_member_checks_in_through_the_monrads_own_check_in(client, anna):
    club = _tournament(anna, system=System.MONRAD)
    member = club.entries.first()
    assert _post(client, member).status_code == 302
    row = MonradCheckIn.objects.get()
    assert (row.entry, row.round_number, row.by_player, row.created_by) == (member, 1, True, None)
    assert not RoundCheckIn.objects.exists()
    assert "scanning their card" in AuditEntry.objects.get(action="monrad.check_in").summary
    arbiter = login(Client(), anna)
    page = arbiter.get(f"/arbiter/t/{club.pk}/monrad/").content.decode()
    assert "by card" in page
    venue = arbiter.get(f"/arbiter/t/{club.pk}/venue/").content.decode()
    assert "1 in" in venue and "3 missing" in venue


def test_a_round_robin_has_no_check_in(client, anna):
    tournament = _tournament(anna, system=System.ROUND_ROBIN)
    entry = tournament.entries.first()
    assert "check-in" not in client.get(f"/card/{_secret(entry)}/").content.decode()
    refused = _post(client, entry)
    assert refused.status_code == 409 and "no check-in" in refused.content.decode()


# --- the arbiter's side ---------------------------------------------------------------------------


def test_the_arbiter_sees_who_is_in_and_checks_players_in_and_out(client, anna):
    tournament = _tournament(anna, switch=False)
    first, second = tournament.entries.order_by("name")[:2]
    login(client, anna)
    url = f"/arbiter/t/{tournament.pk}/venue/"
    page = client.get(url).content.decode()
    assert "0 in" in page and "4 missing" in page
    posted = client.post(url + "check-in/", {"entry": first.pk, "present": "yes", "round": 1})
    assert posted.status_code == 302
    row = RoundCheckIn.objects.get()
    assert row.entry == first and not row.by_player
    assert AuditEntry.objects.get(action="round.check_in").user == anna
    page = client.get(url).content.decode()
    assert "1 in" in page and f'class="checked-in" id="check-in-{first.pk}"' in page
    client.post(url + "check-in/", {"entry": first.pk, "present": "no", "round": 1})
    assert not RoundCheckIn.objects.exists()
    stale = client.post(url + "check-in/", {"entry": second.pk, "present": "yes", "round": 7})
    assert stale.status_code == 200 and "round 1 now" in stale.content.decode()
    other = EntryFactory()
    refused = client.post(url + "check-in/", {"entry": other.pk, "present": "yes", "round": 1})
    assert "Choose a player" in refused.content.decode() and not RoundCheckIn.objects.exists()


def test_the_switches_are_saved_audited_and_a_stale_page_is_refused(client, anna, dag):
    tournament = _tournament(anna, switch=False)
    login(client, anna)
    url = f"/arbiter/t/{tournament.pk}/venue/switches/"
    saved = client.post(url, {"version": 0, "self_check_in": "on", "players_results": "on"})
    assert saved.status_code == 302
    switches = settings_of(tournament)
    assert switches.self_check_in and switches.players_results and switches.version == 1
    audit = AuditEntry.objects.get(action="venue.switches")
    assert audit.before == {"self_check_in": False, "players_results": False}
    assert audit.after == {"self_check_in": True, "players_results": True}
    stale = client.post(url, {"version": 0})
    assert stale.status_code == 200 and "Another arbiter" in stale.content.decode()
    assert settings_of(tournament).self_check_in
    assert "Another arbiter" in client.post(url, {"version": "x"}).content.decode()
    client.post(url, {"version": 1})
    assert not settings_of(tournament).self_check_in
    with pytest.raises(StaleSwitches):
        update_switches(anna, tournament, seen=1, self_check_in=True)


def test_another_arbiter_reaches_none_of_it(client, anna, boris):
    tournament = _tournament(anna)
    login(client, boris)
    assert client.get(f"/arbiter/t/{tournament.pk}/venue/").status_code == 403
    entry = tournament.entries.first()
    posted = client.post(
        f"/arbiter/t/{tournament.pk}/venue/check-in/", {"entry": entry.pk, "present": "yes"}
    )
    assert posted.status_code == 403 and not RoundCheckIn.objects.exists()


def test_a_judo_competitors_card_names_the_category_and_links_when_they_fight(client, anna):
    from judo.services import competition as day
    from tests.factories import competition_with_categories

    cup = competition_with_categories(anna, limits=(60,))
    category = cup.categories.get()
    entry = day.enter(anna, category, {"name": "Judoka, Card", "club": "Dojo", "birth_year": 2000})
    page = client.get(f"/card/{_secret(entry)}/").content.decode()
    assert "Judoka, Card" in page and category.label in page
    assert "card-public-link" not in page  # not published yet
    cup.refresh_from_db()
    day.set_published(anna, cup, True, seen=cup.version)
    page = client.get(f"/card/{_secret(entry)}/").content.decode()
    assert f"/c/{cup.pk}/fight/{entry.pk}/" in page and "check-in" not in page


def test_the_card_shows_the_players_board_colour_and_opponent(client, anna):
    tournament = _tournament(anna, switch=False)
    round_ = rounds.publish_round(anna, rounds.pair_next_round(anna, tournament))
    game = round_.games.select_related("white", "black").order_by("board").first()
    page = client.get(f"/card/{_secret(game.black)}/").content.decode()
    assert "Board 1" in page and "Black" in page and game.white.name in page
    assert f"/t/{tournament.pk}/players/{game.black.pk}/" in page


@pytest.mark.slow
def test_a_fighter_on_a_mat_sees_their_next_bout_on_the_card(client, anna):
    from judo.services import mats
    from tests.judo.test_mats import judo_day

    cup = judo_day(anna)
    now = mats.day(cup).now_and_next(1)[0]
    page = client.get(f"/card/{_secret(now.white)}/").content.decode()
    assert "card-next-bout" in page and "Mat 1, bout" in page and "on the mat now" in page
