"""Pairings anyone can verify (issue 28): each published round links its TRF as it was paired
and the command that checks it; a player's card says why the engine gave them their opponent
and colour, in the reader's language, or that the arbiter changed the round by hand."""

import subprocess
import sys

import pytest
from django.urls import reverse
from django.utils import translation

from pairing.engines.dutch.checker import check_tournament
from pairing.engines.trf import parse_trf
from pairing.rounds import services as rounds
from pairing.swiss.models import EnginePairing
from pairing.swiss.reasons import pairing_reasons
from pairing.swiss.trf.export import tournament_trf
from pairing.swiss.trf.verify import round_trf
from tests.arbiter.conftest import play_round
from tests.fide import confirmed

pytestmark = pytest.mark.django_db


def test_a_rounds_trf_is_the_history_before_it_and_its_pairing_without_results(played_open):
    trf = parse_trf(round_trf(played_open, 2))
    assert all(len(p.results) == 2 for p in trf.players)
    assert all(p.results[0].code != " " for p in trf.players)  # round 1: results kept
    second = [p.results[1] for p in trf.players if p.results[1].opponent is not None]
    assert second and all(r.code == " " and r.colour in "wb" for r in second)
    # the points column: the points before round 2 (its results were not known yet), and
    # what round 2 gave without a game (a bye)
    before = {p.number: p.points for p in tournament_trf(played_open, through_round=1).players}
    for player in trf.players:
        bye = player.results[1].opponent is None and player.results[1].code in "UF"
        assert player.points == before[player.number] + (10 if bye else 0)


def test_the_checker_finds_every_engine_paired_round_as_the_rules_give_it(played_open):
    for number in (1, 2):
        checks = check_tournament(parse_trf(round_trf(played_open, number)), "2026")
        assert [c.ok for c in checks] == [True] * number, checks


def test_a_round_changed_by_hand_reads_as_changed_to_the_checker(anna, played_open):
    draft = rounds.pair_next_round(anna, played_open)
    a, b = draft.games.order_by("board")[0].white, draft.games.order_by("board")[1].white
    confirmed(rounds.swap_players, anna, draft, a, b)
    confirmed(rounds.publish_round, anna, draft)
    checks = check_tournament(parse_trf(round_trf(played_open, 3)), "2026")
    assert [c.ok for c in checks] == [True, True, False]


@pytest.mark.slow
def test_the_command_shown_on_the_page_checks_the_file_served(client, played_open, tmp_path):
    response = client.get(reverse("export_round_trf", args=[played_open.pk, 2]))
    assert response["Content-Disposition"] == 'attachment; filename="round-2.trf"'
    (tmp_path / "round-2.trf").write_bytes(response.content)
    done = subprocess.run(
        [sys.executable, "-m", "pairing", "check", "round-2.trf"],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=tmp_path,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.count(": ok") == 2


def test_the_round_page_links_its_trf_and_shows_the_command(client, played_open):
    page = client.get(reverse("public_round", args=[played_open.pk, 2])).content.decode()
    url = reverse("export_round_trf", args=[played_open.pk, 2])
    assert f'href="{url}"' in page
    assert "<code>python -m pairing check round-2.trf</code>" in page
    served = client.get(url)
    assert served.status_code == 200 and served["Content-Type"].startswith("text/plain")
    assert served.content.decode() == round_trf(played_open, 2)


def test_the_rounds_trf_is_kept_like_the_other_public_downloads(
    client, played_open, django_assert_num_queries
):
    url = reverse("export_round_trf", args=[played_open.pk, 2])
    client.get(url)
    with django_assert_num_queries(0):
        assert client.get(url).status_code == 200


def test_no_trf_for_an_unpublished_round_or_a_system_without_an_engine(
    client, anna, played_open, oslo_invitational
):
    rounds.pair_next_round(anna, played_open)  # round 3: a draft, not public
    assert client.get(reverse("export_round_trf", args=[played_open.pk, 3])).status_code == 404
    oslo_invitational.is_published = True
    oslo_invitational.save()
    url = reverse("export_round_trf", args=[oslo_invitational.pk, 1])
    assert client.get(url).status_code == 404


def test_a_round_robins_round_page_offers_no_check(client, oslo_rr, oslo_players):
    aas, berg, dahl, lie = oslo_players
    play_round(oslo_rr, 1, games=[(aas, lie, "1-0"), (berg, dahl, "1/2")])
    page = client.get(reverse("public_round", args=[oslo_rr.pk, 1])).content.decode()
    assert page.count("Round 1") and "python -m pairing check" not in page


def test_the_card_says_why_the_engine_paired_the_player_so(client, played_open):
    entry = played_open.entries.get(starting_number=1)
    reasons = pairing_reasons(played_open, entry)
    assert set(reasons) == {1, 2}
    engine = EnginePairing.objects.get(round__tournament=played_open, round__number=1)
    assert reasons[1] == engine.explanations[str(entry.pk)]
    page = client.get(reverse("player_card", args=[played_open.pk, entry.pk])).content.decode()
    assert 'id="why-1"' in page and 'id="why-2"' in page
    assert "Why this opponent and colour" in page
    assert reasons[1]["colour_rule"].split(":")[0] in page


def test_the_card_is_in_the_readers_language(client, played_open):
    entry = played_open.entries.get(starting_number=1)
    with translation.override("fr"):
        url = reverse("player_card", args=[played_open.pk, entry.pk])
    page = client.get(url).content.decode()
    assert url.startswith("/fr/")
    reason = pairing_reasons(played_open, entry)[1]["reason"]
    if "paired inside own score group" in reason:
        assert "apparié dans son propre groupe de score" in page
    assert "paired inside own score group" not in page


def test_a_round_changed_by_hand_says_so_instead_of_the_engines_reasons(client, anna, played_open):
    draft = rounds.pair_next_round(anna, played_open)
    a, b = draft.games.order_by("board")[0].white, draft.games.order_by("board")[1].white
    confirmed(rounds.swap_players, anna, draft, a, b)
    confirmed(rounds.publish_round, anna, draft)
    assert pairing_reasons(played_open, a)[3] is None
    page = client.get(reverse("player_card", args=[played_open.pk, a.pk])).content.decode()
    assert "changed this round's pairing by hand" in page
    assert (
        'id="why-3"' in page
        and "Why this opponent and colour" not in page.split('id="why-3"')[1][:300]
    )


def test_a_draft_is_not_explained_on_the_card(client, anna, played_open):
    rounds.pair_next_round(anna, played_open)
    entry = played_open.entries.get(starting_number=1)
    assert set(pairing_reasons(played_open, entry)) == {1, 2}


def test_rounds_played_on_without_an_engine_are_not_explained(played_open):
    EnginePairing.objects.filter(round__tournament=played_open, round__number=2).delete()
    entry = played_open.entries.get(starting_number=1)
    assert set(pairing_reasons(played_open, entry)) == {1}
