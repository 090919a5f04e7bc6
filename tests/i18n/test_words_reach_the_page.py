"""The words issue 26 found in English on pages in other languages reach the page through the
catalogue: each page is rendered in French with a catalogue of the test's own (so this holds
before and after the translators' work), and the test's French is what shows.

Found in English: a Monrad round's summary ("Round 1 paired: 10 present, 5 boards"), "bye" on a
player's card, the drawing's restart confirmation, the Swiss draft's colour button title, and
the refusals and messages of the services and views (tests/i18n/test_refusals_translated.py
reads their source; here one of each kind is seen on its page).
"""

import pytest
from django.urls import reverse
from django.utils import translation
from django.utils.translation import trans_real

from arbiter.core.models import BackgroundJob, Bye, Round
from arbiter.platform import jobs
from pairing.monrad import services as monrad
from pairing.round_robin.services import start_drawing
from pairing.rounds import services as lifecycle
from tests.factories import ByeFactory, EntryFactory, GameFactory, RoundFactory, changed
from tests.pairing.monrad.test_views import make_club

pytestmark = pytest.mark.django_db


@pytest.fixture
def french(monkeypatch):
    """Give a msgid a French of the test's own for this test (Django's French catalogue, its
    first dict, is patched and restored)."""
    catalogue = trans_real.translation("fr")._catalog._catalogs[0]

    def say(msgid: str, french_text: str) -> None:
        monkeypatch.setitem(catalogue, msgid, french_text)

    return say


@pytest.fixture
def in_french(anna_client):
    anna_client.cookies["django_language"] = "fr"
    return anna_client


def test_a_monrad_rounds_summary_is_in_the_readers_language(anna, in_french, french):
    french(
        "Round %(number)s paired: %(present)s present, %(boards)s boards",
        "Ronde %(number)s appariée : %(present)s présents, %(boards)s échiquiers",
    )
    french("Pairing round %(number)s", "Appariement de la ronde %(number)s")
    club = make_club(anna, 6)
    for entry in club.entries.all():
        monrad.set_present(anna, club, entry, True)
    in_french.post(reverse("round_pair", args=[club.pk]))
    job = BackgroundJob.objects.get(tournament=club, kind="pair")
    assert job.message == "Round 1 paired: 6 present, 3 boards"  # stored as written
    # the job page of a finished job says what it did, on the page it did it on
    page = in_french.get(reverse("job", args=[job.pk]), follow=True).content.decode()
    assert "Ronde 1 appariée : 6 présents, 3 échiquiers" in page
    job.state, job.result_url = BackgroundJob.State.RUNNING, ""
    job.save()
    page = in_french.get(reverse("job", args=[job.pk])).content.decode()
    assert "Appariement de la ronde 1" in page and "Pairing round" not in page
    audit = in_french.get(reverse("audit_log", args=[club.pk])).content.decode()
    assert "Ronde 1 appariée : 6 présents, 3 échiquiers" in audit
    del in_french.cookies["django_language"]
    english = in_french.get(reverse("audit_log", args=[club.pk])).content.decode()
    assert "Round 1 paired: 6 present, 3 boards" in english


def test_bye_on_a_players_card_is_translated(client, french):
    french("bye", "exempt")
    french("not paired", "pas apparié")
    tournament = EntryFactory(name="Solo, Sam").tournament
    tournament.is_published = True
    tournament.save()
    sam = tournament.entries.get()
    first = RoundFactory(tournament=tournament, number=1, state=Round.State.COMPLETE)
    ByeFactory(round=first, entry=sam, kind=Bye.Kind.PAIRING_ALLOCATED)
    game = GameFactory(round=RoundFactory(tournament=tournament, number=2), result="1-0")
    game.round.state = Round.State.COMPLETE
    game.round.save()
    changed(tournament)
    card = reverse("player_card", args=[tournament.pk, sam.pk]).replace("/t/", "/fr/t/", 1)
    html = client.get(card).content.decode()
    assert ">exempt</td>" in html and ">pas apparié</td>" in html
    assert ">bye</td>" not in html and ">not paired</td>" not in html


def test_the_drawings_restart_confirmation_is_translated(
    anna, in_french, french, oslo_invitational
):
    french("Throw away every pick and start again?", "Jeter tous les tirages et recommencer ?")
    start_drawing(anna, oslo_invitational)
    html = in_french.get(reverse("drawing", args=[oslo_invitational.pk])).content.decode()
    assert 'hx-confirm="Jeter tous les tirages et recommencer ?"' in html


def test_the_swiss_drafts_colour_button_and_last_change_are_translated(
    anna, in_french, french, trondheim_open
):
    french(
        "Give White on board %(board)s to %(name)s",
        "Donner les Blancs de l'échiquier %(board)s à %(name)s",
    )
    french(
        "Round %(number)s paired by the engine (%(rules)s rules): %(boards)s boards",
        "Ronde %(number)s appariée par le moteur (règles de %(rules)s) : %(boards)s échiquiers",
    )
    draft = lifecycle.pair_next_round(anna, trondheim_open)
    black = draft.games.get(board=1).black
    html = in_french.get(reverse("swiss", args=[trondheim_open.pk])).content.decode()
    assert f'title="Donner les Blancs de l\'échiquier 1 à {black.name}"' in html
    assert "Ronde 1 appariée par le moteur (règles de 2026) : 5 échiquiers" in html
    assert "Give White" not in html and "paired by the engine" not in html


def test_a_refusal_of_a_service_is_in_the_readers_language(anna, in_french, french, trondheim_open):
    french(
        "Round %(number)s is already paired: publish it, edit it or delete the draft.",
        "La ronde %(number)s est déjà appariée : publiez-la, modifiez-la ou supprimez-la.",
    )
    lifecycle.pair_next_round(anna, trondheim_open)
    response = in_french.post(reverse("round_pair", args=[trondheim_open.pk]), follow=True)
    assert "La ronde 1 est déjà appariée : publiez-la" in response.content.decode()


def test_a_job_speaks_the_language_of_the_arbiter_who_asked(anna, french, trondheim_open, queued):
    """The worker has no request: the job runs in the language kept when it was asked for."""
    french(
        "Round %(number)s is already paired: publish it, edit it or delete the draft.",
        "La ronde %(number)s est déjà appariée : publiez-la, modifiez-la ou supprimez-la.",
    )
    lifecycle.pair_next_round(anna, trondheim_open)
    with translation.override("fr"):
        job, _ = jobs.start(anna, "pair", "Pairing round 2", tournament=trondheim_open)
    assert job.options["language"] == "fr"
    with translation.override("en"):  # the worker's own language
        jobs.run(job.pk)
    job.refresh_from_db()
    assert job.state == BackgroundJob.State.FAILED
    assert job.message.startswith("La ronde 1 est déjà appariée")
