"""Issue 18: no text the app stores holds a control character (a line break in a tournament
name would forge a TRF record; a NUL cannot be stored in PostgreSQL). Each way text comes in
refuses it with a clear message, never a 500."""

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from arbiter.core.models import Entry, Tournament, no_control_characters
from arbiter.core.systems import System
from arbiter.desk.forms import EntryForm, TournamentForm
from arbiter.desk.player_lists import parse_player_list
from pairing.monrad.services import EveningError, add_late_member
from tests.factories import TournamentFactory

pytestmark = pytest.mark.django_db

CONTROLS = ["\n", "\r", "\t", "\x00", "\x07", "\x1b", "\x85", "\u2028", "\u2029"]


@pytest.mark.parametrize("control", CONTROLS, ids=lambda c: f"U+{ord(c):04X}")
def test_the_validator_refuses_every_control_character_and_names_it(control):
    with pytest.raises(ValidationError, match=f"U\\+{ord(control):04X} at character 5"):
        no_control_characters("Open" + control + "001")
    no_control_characters("Tromsø Open, Åse's «cup» ½")


@pytest.mark.parametrize("field", ["name", "city", "time_control"])
def test_the_tournament_form_refuses_a_line_break_inside_a_text(field):
    data = {"name": "Open", "system": "swiss_dutch", field: "Open\n001   99 m    Forged"}
    form = TournamentForm(data)
    assert not form.is_valid()
    assert "Control characters" in str(form.errors[field])


@pytest.mark.parametrize("field", ["name", "club"])
def test_the_player_form_refuses_a_control_character(bergen_open, field):
    data = {"name": "Aas, Kari", field: "Aas,\x07Kari"}
    form = EntryForm(data, tournament=bergen_open)
    assert not form.is_valid()
    assert "Control characters" in str(form.errors[field])


def test_a_player_list_refuses_the_line_with_a_control_character(bergen_open):
    parsed = parse_player_list('name,club\n"Aas, Kari",OSK\n"Berg,\x07Ola",BSK\n', bergen_open)
    assert [str(e) for e in parsed.errors] == [
        "line 3: name: Control characters (line breaks, tabs and the like) are not allowed: "
        "found U+0007 at character 6."
    ]


def test_a_late_monrad_member_with_a_control_character_is_refused(anna):
    club = TournamentFactory(name="Tuesday Club", system=System.MONRAD, chief=anna)
    with pytest.raises(EveningError, match="Control characters"):
        add_late_member(anna, club, "Ny\x00medlem")
    assert not Entry.objects.filter(name__contains="medlem").exists()


def test_the_settings_page_answers_a_forged_name_with_a_message(anna_client, bergen_open):
    url = reverse("tournament_settings", args=[bergen_open.pk])
    response = anna_client.post(
        url, {"name": "Bergen\r\n001   99 m    Forged", "system": bergen_open.system}
    )
    assert response.status_code == 200
    assert "Control characters" in response.content.decode()
    assert Tournament.objects.get(pk=bergen_open.pk).name == bergen_open.name


def test_the_player_page_answers_a_tab_in_a_name_with_a_message(anna_client, bergen_open):
    response = anna_client.post(reverse("players", args=[bergen_open.pk]), {"name": "Aas,\tKari"})
    assert response.status_code == 200
    assert "Control characters" in response.content.decode()
    assert not bergen_open.entries.filter(name__startswith="Aas").exists()
