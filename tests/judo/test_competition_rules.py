"""A competition's scoring rules (issue 26): IJF 2025 by default, the 2018-2024 rules for events
still on them; changed on the settings page, refused while a bout is being scored, asked for
again once bouts are scored (they keep the rules they were scored by)."""

import pytest
from django.urls import reverse

from arbiter.core.models import AuditEntry
from judo.models import Competition
from judo.services import competition as service
from judo.services import mats
from pairing.knockout.models import Bout
from tests.conftest import login
from tests.judo.test_mats import judo_day, now_on

pytestmark = pytest.mark.django_db


@pytest.fixture
def cup(anna):
    return judo_day(anna)


def settings_form(cup, **changes):
    cup.refresh_from_db()
    return {
        "name": cup.name,
        "mats": str(cup.mats),
        "rest_minutes": str(cup.rest_minutes),
        "bout_minutes": str(cup.bout_minutes),
        "rule_set": cup.rule_set,
        "seen": str(cup.version),
        **changes,
    }


def save(client, cup, **changes):
    return client.post(
        reverse("competition_settings", args=[cup.pk]), settings_form(cup, **changes)
    )


def fight_one(anna, cup, actions=("a:yuko", "time")):
    called = now_on(cup)
    for seen, action in enumerate(actions):
        mats.score(anna, called.category, called.match.match.id, action, seen=seen)
    mats.confirm(anna, called.category, called.match.match.id, seen=len(actions))
    return called


def test_the_settings_page_offers_the_rules_with_ijf_2025_chosen(client, anna, cup):
    login(client, anna)
    html = client.get(reverse("competition_settings", args=[cup.pk])).content.decode()
    assert '<option value="2025" selected>IJF 2025</option>' in html
    assert '<option value="2022">IJF 2018-2024</option>' in html
    assert 'name="confirm_rules"' not in html


def test_before_any_bout_the_rules_change_at_once_and_are_audited(client, anna, cup):
    login(client, anna)
    assert save(client, cup, rule_set="2022").status_code == 302
    assert Competition.objects.get(pk=cup.pk).rule_set == "2022"
    entry = AuditEntry.objects.filter(action="competition.update").latest("pk")
    assert (entry.before["rule_set"], entry.after["rule_set"]) == ("2025", "2022")


def test_an_unknown_rule_set_is_refused(client, anna, cup):
    login(client, anna)
    html = save(client, cup, rule_set="2030").content.decode()
    assert "Select a valid choice" in html
    assert Competition.objects.get(pk=cup.pk).rule_set == "2025"


def test_while_a_bout_is_being_scored_the_rules_do_not_change(client, anna, cup):
    called = now_on(cup)
    mats.score(anna, called.category, called.match.match.id, "a:yuko", seen=0)
    login(client, anna)
    html = save(client, cup, rule_set="2022", confirm_rules="on").content.decode()
    assert f"Bout {called.match.match.id} of {called.category.label} is being scored" in html
    assert Competition.objects.get(pk=cup.pk).rule_set == "2025"


def test_a_bout_whose_entries_were_all_taken_back_does_not_hold_the_rules(anna, cup):
    called = now_on(cup)
    mats.score(anna, called.category, called.match.match.id, "a:yuko", seen=0)
    mats.score(anna, called.category, called.match.match.id, "undo", seen=1)
    cup.refresh_from_db()
    cup = service.update_competition(anna, cup, {"rule_set": "2022"}, seen=cup.version)
    assert now_on(cup).score.edition == "2022"
    with pytest.raises(mats.CompetitionError, match="no yuko"):
        mats.score(anna, called.category, called.match.match.id, "a:yuko", seen=2)


def test_once_bouts_are_scored_the_change_is_asked_for_and_they_keep_their_rules(client, anna, cup):
    first = fight_one(anna, cup)
    login(client, anna)
    html = save(client, cup, rule_set="2022").content.decode()
    assert "1 bout is scored already; it keeps the rules it was scored by." in html
    assert 'name="confirm_rules"' in html
    assert Competition.objects.get(pk=cup.pk).rule_set == "2025"

    assert save(client, cup, rule_set="2022", confirm_rules="on").status_code == 302
    cup.refresh_from_db()
    assert cup.rule_set == "2022"
    kept = Bout.objects.get(
        match=first.match.match.id, bracket__tournament=first.category.tournament
    )
    assert kept.score == "2025 aY T"  # read by the rules it was scored by
    assert mats.day(cup).sheets[first.category.pk].points[first.match.match.id] == (5, 0)
    assert now_on(cup).score.edition == "2022"
