"""FIDE mode on the arbiter's pages: leaving it from the settings (Q43-Q46), the confirmation
of settings changed after the start (Q57, Q201) and the round robin's tie-break help (Q105)."""

import re

import pytest
from django.urls import reverse

from arbiter.core import fide_mode
from pairing.rounds import services as rounds


@pytest.fixture(autouse=True)
def in_fide_mode(trondheim_open, bergen_open):
    for tournament in (trondheim_open, bergen_open):
        tournament.fide_mode = True
        tournament.save()


def field(html: str, name: str) -> str:
    return re.search(rf'name="{name}" value="([^"]*)"', html).group(1)


def leave(client, tournament, **extra):
    url = reverse("fide_mode_leave", args=[tournament.pk])
    return client.post(url, {"version": tournament.version, **extra}, **extra.pop("headers", {}))


def test_q43_leaving_takes_two_steps_then_every_page_shows_the_marker(anna_client, trondheim_open):
    settings_url = reverse("tournament_settings", args=[trondheim_open.pk])
    page = anna_client.get(settings_url).content.decode()
    assert "Leave FIDE mode" in page and "fide-mode-marker" not in page
    first = leave(anna_client, trondheim_open).content.decode()
    assert "Level 4" in first and "Continue" in first
    second = leave(anna_client, trondheim_open, confirmation=field(first, "confirmation"))
    second = second.content.decode()
    assert "Second confirmation" in second and "### FIDEMODE @ Round 0: left" in second
    done = leave(anna_client, trondheim_open, confirmation=field(second, "confirmation"))
    assert done.status_code == 302
    trondheim_open.refresh_from_db()
    assert trondheim_open.fide_mode is False
    for name in ("tournament_settings", "players", "swiss", "audit_log"):
        html = anna_client.get(reverse(name, args=[trondheim_open.pk])).content.decode()
        assert "Not in FIDE mode since round 0" in html, name
    assert "can never return" in anna_client.get(settings_url).content.decode()
    assert fide_mode.trf_notes(trondheim_open) == ["### FIDEMODE @ Round 0: left"]


def test_htmx_swaps_the_section_then_reloads_the_page(anna_client, trondheim_open):
    url = reverse("fide_mode_leave", args=[trondheim_open.pk])
    data = {"version": trondheim_open.version}
    first = anna_client.post(url, data, headers={"HX-Request": "true"}).content.decode()
    assert first.lstrip().startswith('<section id="fide-mode">') and "Level 4" in first
    token = field(first, "confirmation")
    second = anna_client.post(url, {**data, "confirmation": token}, headers={"HX-Request": "true"})
    token = field(second.content.decode(), "confirmation")
    done = anna_client.post(url, {**data, "confirmation": token}, headers={"HX-Request": "true"})
    assert done["HX-Redirect"] == reverse("tournament_settings", args=[trondheim_open.pk])


def test_a_stale_page_is_refused(anna, anna_client, trondheim_open):
    seen = trondheim_open.version
    trondheim_open.refresh_from_db()
    from arbiter.core.services import tournaments

    tournaments.update_tournament(anna, trondheim_open, {"city": "Trondheim"})
    token = fide_mode.confirmation_token(tournaments.leaving_fide_mode(trondheim_open), 2)
    url = reverse("fide_mode_leave", args=[trondheim_open.pk])
    response = anna_client.post(url, {"version": seen, "confirmation": token}, follow=True)
    assert "changed since" in response.content.decode()
    trondheim_open.refresh_from_db()
    assert trondheim_open.fide_mode is True


def test_a_deputy_cannot_leave_fide_mode(client, dag, bergen_open):
    from tests.conftest import login

    response = leave(login(client, dag), bergen_open)
    assert response.status_code == 403


def test_q57_the_settings_form_asks_before_changing_the_rounds_after_the_start(
    anna, anna_client, trondheim_open
):
    rounds.publish_round(anna, rounds.pair_next_round(anna, trondheim_open))
    url = reverse("tournament_settings", args=[trondheim_open.pk])
    data = {
        "name": trondheim_open.name,
        "system": "swiss_dutch",
        "planned_rounds": 7,
        "rules_version": "2026",
        "tiebreak_rules": "2026",
    }
    first = anna_client.post(url, data).content.decode()
    assert "Level 4" in first and "from 5 to 7" in first
    second = anna_client.post(url, {**data, "confirmation": field(first, "confirmation")})
    second = second.content.decode()
    assert "### Configuration @ Round 1: rounds 5 -&gt; 7" in second
    done = anna_client.post(url, {**data, "confirmation": field(second, "confirmation")})
    assert done.status_code == 302
    trondheim_open.refresh_from_db()
    assert trondheim_open.planned_rounds == 7


def test_q105_a_round_robin_is_offered_no_buchholz(anna_client, oslo_invitational, trondheim_open):
    url = reverse("tournament_settings", args=[oslo_invitational.pk])
    help_text = anna_client.get(url).content.decode().split('id="id_tiebreaks_helptext"')[1]
    help_text = help_text.split("</div>")[0]
    assert "KS" in help_text and "SB" in help_text
    assert not re.search(r"\b(BH|AOB|FB)\b", help_text)
    swiss = anna_client.get(reverse("tournament_settings", args=[trondheim_open.pk]))
    assert "BH-C1" in swiss.content.decode()


def test_q104_a_round_robin_is_offered_every_mandatory_tie_break(
    anna_client, oslo_invitational, trondheim_open
):
    url = reverse("tournament_settings", args=[oslo_invitational.pk])
    help_text = anna_client.get(url).content.decode().split('id="id_tiebreaks_helptext"')[1]
    offered = set(help_text.split("</div>")[0].split("Offered:")[1].strip(" .\n").split(", "))
    mandatory = "DE BPG BWG REP STD SB SB-C1 SB-C2 RTNG RTNG-R WIN TPN TPN-R KS KS-L1 KS-L2"
    assert {*mandatory.split(), "KS-L-1", "KS-L-2"} <= offered
    swiss = anna_client.get(reverse("tournament_settings", args=[trondheim_open.pk]))
    assert "KS-L1" not in swiss.content.decode() and "TPN-R" in swiss.content.decode()
