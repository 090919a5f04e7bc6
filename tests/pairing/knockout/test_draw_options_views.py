"""The bracket page's draw rules: where seeds 3 and 4 go and whether the byes go to the seeds."""

import pytest
from django.urls import reverse

from arbiter.core.systems import System
from pairing.knockout import services as service
from pairing.rounds.services import draft_token
from tests.conftest import login
from tests.factories import EntryFactory, TournamentFactory


@pytest.fixture
def cup(anna):
    cup = TournamentFactory(name="Judo Cup -90", system=System.KNOCKOUT, chief=anna)
    for n in range(11):
        EntryFactory(tournament=cup, name=f"Judoka {n:02d}, Test", club=f"Club {n % 3}")
    return cup


def url(name, cup):
    return reverse(name, kwargs={"tournament_id": cup.pk})


def rules(cup, **chosen):
    shown = draft_token(service.bracket_of(cup))
    return {"pool_up_to": "5", "knockout_system": "ijf_repechage", "seen": shown, **chosen}


def test_the_page_offers_the_placements_with_appendix_3_chosen(client, anna, cup):
    login(client, anna)
    html = client.get(url("bracket", cup)).content.decode()
    assert '<option value="judoshiai" selected>' in html and '<option value="lot">' in html
    assert 'name="byes_to_seeds">' in html  # not checked
    assert "Saved rules: seeds 3 and 4 in the halves of 2 and 1" in html


def test_the_arbiter_chooses_the_lot_and_byes_to_the_seeds_and_the_draw_says_so(client, anna, cup):
    login(client, anna)
    data = rules(cup, seeding="lot", byes_to_seeds="on")
    response = client.post(url("bracket_rules", cup), data, HTTP_HX_REQUEST="true")
    html = response.content.decode()
    assert "seeds 3 and 4 drawn by lot into the other quarters" in html
    assert '<option value="lot" selected>' in html and "checked" in html
    bracket = service.bracket_of(cup)
    assert bracket.seeding == "lot" and bracket.byes_to_seeds
    data = {"random_seed": "4", "seen": draft_token(bracket)}
    html = client.post(url("bracket_draw", cup), data, HTTP_HX_REQUEST="true").content.decode()
    assert 'id="draw-rules">seeds 3 and 4 drawn by lot' in html
    assert "Drawn with seeds 3 and 4 drawn by lot" in html
    assert "byes to the best seeds first" in html


def test_an_unchecked_box_takes_the_byes_from_the_seeds_again(client, anna, cup):
    login(client, anna)
    service.set_rules(anna, cup, pool_up_to=5, knockout_system="single", byes_to_seeds=True)
    client.post(url("bracket_rules", cup), rules(cup, seeding="judoshiai"))
    assert not service.bracket_of(cup).byes_to_seeds


def test_the_rules_of_a_drawn_bracket_are_refused_on_the_page(client, anna, cup):
    login(client, anna)
    service.draw_bracket(anna, cup, random_seed=2)
    data = rules(cup, seeding="lot")
    html = client.post(url("bracket_rules", cup), data, HTTP_HX_REQUEST="true").content.decode()
    assert "undo the draw to change its rules" in html
    assert service.bracket_of(cup).seeding == "judoshiai"
