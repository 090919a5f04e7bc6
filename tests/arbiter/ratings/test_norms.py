"""Title norms from stored games (arbiter/ratings/norms.py): the engine's verdicts for every
player in a fixed number of queries, only for FIDE-rated standard tournaments; the norm line on
the public card, the arbiter's norms page with its settings (audited), and the norm report PDF."""

from decimal import Decimal

import pytest
from django.urls import reverse

from arbiter.core.models import AuditEntry, Bye, RatingType, Round
from arbiter.core.systems import System
from arbiter.ratings import norm_report
from arbiter.ratings.models import NormSettings
from arbiter.ratings.norms import read_facts, save_norm_settings, tournament_norms
from pairing.engines import norms as engine
from tests.arbiter.conftest import play_round
from tests.arbiter.public.test_exports import pdf_text
from tests.conftest import login
from tests.factories import EntryFactory, RoundFactory, TournamentFactory

pytestmark = pytest.mark.django_db

#: The spec's Example 3: the norm seeker's opponents, their titles and federations, and the
#: seeker's results (6½/9).
OPPONENTS = [
    (2610, "GM", "GER"),
    (2585, "GM", "FRA"),
    (2540, "GM", "ESP"),
    (2502, "IM", "NOR"),
    (2475, "IM", "SWE"),
    (2430, "FM", "NOR"),
    (2390, "", "DEN"),
    (2310, "", "NOR"),
    (1950, "", "POL"),
]
RESULTS = ["1-0", "1/2", "1/2", "1-0", "1/2", "1-0", "1/2", "1/2", "1-0"]


def seeker_event(anna, system=System.SWISS_DUTCH, rounds=9, played=9, results=RESULTS, **fields):
    """A tournament where an FM of Norway meets Example 3's opponents in rounds 1 to 9, White in
    each; rounds after ``played`` are published without a result."""
    tournament = TournamentFactory(
        name="Norm Open",
        chief=anna,
        system=system,
        planned_rounds=rounds,
        federation="NOR",
        **fields,
    )
    seeker = EntryFactory(
        tournament=tournament,
        name="Seeker, Sara",
        title="FM",
        federation="NOR",
        rating=2450,
        fide_id=1503014,
        sex="f",
    )
    opponents = [
        EntryFactory(
            tournament=tournament,
            name=f"Opponent {n}, O",
            rating=rating,
            title=title,
            federation=federation,
            fide_id=2000000 + n,
        )
        for n, (rating, title, federation) in enumerate(OPPONENTS, start=1)
    ]
    for number, (opponent, result) in enumerate(zip(opponents, results, strict=False), start=1):
        play_round(tournament, number, [(seeker, opponent, result if number <= played else "")])
    return tournament, seeker, opponents


def test_example_3_is_a_gm_norm_from_the_stored_games(anna, django_assert_num_queries):
    tournament, seeker, _ = seeker_event(anna)
    with django_assert_num_queries(4):  # entries, games, byes, norm settings
        found = tournament_norms(tournament)
    gm = found[seeker.pk][engine.GM]
    assert gm.status is engine.Status.REACHED
    assert gm.performance.average == 2449 and gm.performance.rating == 2615
    assert found[seeker.pk][engine.WGM].status is engine.Status.REACHED  # a woman
    assert all(
        result.status is not engine.Status.REACHED
        for pk, verdicts in found.items()
        if pk != seeker.pk
        for result in verdicts.values()
    )


def test_the_queries_do_not_grow_with_the_field(anna, django_assert_num_queries):
    tournament, _seeker, _opponents = seeker_event(anna)
    for n in range(30):
        extra = EntryFactory(tournament=tournament, rating=2000 + n)
        round_ = Round.objects.get(tournament=tournament, number=1)
        Bye.objects.create(round=round_, entry=extra, kind=Bye.Kind.HALF_POINT)
    with django_assert_num_queries(4):
        found = tournament_norms(tournament)
    assert len(found) == 40


@pytest.mark.parametrize(
    ("system", "rating_type"),
    [(System.MONRAD, RatingType.STANDARD), (System.SWISS_DUTCH, RatingType.RAPID),
     (System.SWISS_DUTCH, RatingType.BLITZ)],
)  # fmt: skip
def test_norms_only_for_fide_rated_standard_tournaments(anna, system, rating_type):
    tournament, _, _ = seeker_event(anna, system=system, rating_type=rating_type)
    assert tournament_norms(tournament) == {}


def test_a_round_robin_knows_the_opponents_to_come(anna):
    tournament, seeker, _ = seeker_event(anna, system=System.ROUND_ROBIN, played=7)
    gm = tournament_norms(tournament)[seeker.pk][engine.GM]
    assert gm.status is engine.Status.REACHABLE
    assert (gm.needed, gm.remaining, gm.assumed) == (Decimal("1.5"), 2, 0)


def test_a_swiss_assumes_the_rounds_not_paired(anna):
    tournament, seeker, _ = seeker_event(anna, played=7, results=RESULTS[:7])
    facts = read_facts(tournament)
    assert (facts.event.rounds, facts.event.paired) == (9, 7)
    gm = tournament_norms(tournament, facts=facts)[seeker.pk][engine.GM]
    assert gm.status is engine.Status.REACHABLE
    assert (gm.remaining, gm.assumed) == (2, 2)


def test_a_forfeit_win_in_round_9_leaves_eight_games_standing_for_nine(anna):
    results = [*RESULTS[:8], "+-"]
    tournament, seeker, _ = seeker_event(anna, results=results)
    gm = tournament_norms(tournament)[seeker.pk][engine.IM]
    assert gm.status is engine.Status.REACHED
    games = next(r for r in gm.requirements if r.code == "games")
    assert (games.value, games.note) == (8, "1.4.1c")
    assert [line.left for line in gm.lines if line.record.round == 9] == [engine.Left.FORFEIT]


def test_a_round_robins_free_round_is_no_pairing_allocated_bye(anna):
    """1.4.1c reads the Swiss's pairing-allocated bye: the free round of an odd round robin
    (stored as a bye) leaves eight games, not a nine-game norm."""
    tournament, seeker, _ = seeker_event(anna, system=System.ROUND_ROBIN, results=RESULTS[:8])
    Round.objects.filter(tournament=tournament, number=9).delete()
    round_9 = RoundFactory(tournament=tournament, number=9, state=Round.State.PUBLISHED)
    Bye.objects.create(round=round_9, entry=seeker, kind=Bye.Kind.PAIRING_ALLOCATED)
    im = tournament_norms(tournament)[seeker.pk][engine.IM]
    assert im.status is engine.Status.OUT_OF_REACH
    assert [r.code for r in im.failing] == ["games"]


def test_round_robin_unrated_opponent_without_a_point_against_rated_is_left_out(anna):
    tournament, seeker, _opponents = seeker_event(anna, system=System.ROUND_ROBIN, rounds=10)
    unrated = EntryFactory(tournament=tournament, rating=0, federation="ITA")
    play_round(tournament, 10, [(seeker, unrated, "1-0")])
    facts = read_facts(tournament)
    assert facts.rounds[seeker.pk][-1].opponent.points_against_rated == 0
    gm = tournament_norms(tournament, facts=facts)[seeker.pk][engine.GM]
    assert [line.left for line in gm.lines if line.record.round == 10] == [engine.Left.UNRATED_ZERO]
    assert gm.status is engine.Status.REACHED


def test_big_swiss_is_worked_out_from_the_field(anna):
    """1.4.3d: 20 rated players not from the host federation, from 3 federations, 10 of them
    titled, each missing at most one round (a pairing-allocated bye is not missed)."""
    tournament = TournamentFactory(chief=anna, planned_rounds=9, federation="NOR")
    field = [
        EntryFactory(
            tournament=tournament,
            federation=["GER", "FRA", "ESP"][n % 3],
            title="IM" if n < 10 else "",
            rating=2300,
        )
        for n in range(20)
    ]
    home = EntryFactory(tournament=tournament, federation="NOR", title="GM")
    for number in (1, 2, 3):
        pairs = [(field[2 * i], field[2 * i + 1], "1/2") for i in range(10)]
        byes = [(home, Bye.Kind.PAIRING_ALLOCATED)]
        if number > 1:  # the last player misses rounds 2 and 3
            pairs[-1] = (field[18], home, "1/2")
            byes = [(field[19], Bye.Kind.HALF_POINT)]
        play_round(tournament, number, pairs, byes)
    assert read_facts(tournament).event.big_swiss == engine.BigSwiss(19, 3, 10)
    Bye.objects.filter(entry=field[19], round__number=3).delete()
    Round.objects.filter(tournament=tournament, number=3).get().games.filter(black=home).update(
        black=field[19]
    )
    Bye.objects.create(
        round=Round.objects.get(tournament=tournament, number=3),
        entry=home,
        kind=Bye.Kind.PAIRING_ALLOCATED,
    )
    facts = read_facts(tournament)
    assert facts.event.big_swiss == engine.BigSwiss(20, 3, 10)
    assert facts.event.big_swiss.holds


def test_exemption_setting_is_audited_and_waives_the_federation_rules(anna):
    tournament, seeker, _ = seeker_event(anna)
    EntryFactory(tournament=tournament)  # nothing changes for a player who did not play
    save_norm_settings(anna, tournament, {"exemption": "1.4.3a", "chief_arbiter": "Larsen, A"})
    audit = AuditEntry.objects.filter(tournament=tournament, action="norms.settings").get()
    assert audit.after["exemption"] == "1.4.3a"
    assert NormSettings.objects.get(tournament=tournament).chief_arbiter == "Larsen, A"
    gm = tournament_norms(tournament)[seeker.pk][engine.GM]
    assert gm.exemption == "1.4.3a"
    # saving the same again records nothing, nor does saving the defaults of a new tournament
    other, _, _ = seeker_event(anna)
    save_norm_settings(anna, other, {"exemption": "", "chief_arbiter": ""})
    assert not NormSettings.objects.filter(tournament=other).exists()
    save_norm_settings(anna, tournament, {"exemption": "1.4.3a", "chief_arbiter": "Larsen, A"})
    assert AuditEntry.objects.filter(tournament=tournament, action="norms.settings").count() == 1


# --- the pages ---------------------------------------------------------------------------------


def test_the_public_card_shows_the_norm_line_and_its_requirements(client, anna):
    tournament, seeker, opponents = seeker_event(anna)
    page = client.get(reverse("player_card", args=[tournament.pk, seeker.pk])).content.decode()
    assert 'id="player-norms"' in page
    assert "GM norm: reached" in page and "IM norm: reached" in page
    assert "2615 (2615.1 before rounding)" in page
    assert "2449, with 1950 raised to 2200" in page
    assert "✗" not in page.split('id="norm-gm"')[1].split("</details>")[0]
    other = client.get(reverse("player_card", args=[tournament.pk, opponents[8].pk]))
    assert 'id="player-norms"' not in other.content.decode()


def test_the_public_card_says_what_is_needed(client, anna):
    tournament, seeker, _ = seeker_event(anna, system=System.ROUND_ROBIN, played=7)
    page = client.get(reverse("player_card", args=[tournament.pk, seeker.pk])).content.decode()
    assert "GM norm: needs 1½ from the last 2 rounds" in page


def test_the_arbiters_norms_page_and_settings(client, anna, boris):
    tournament, seeker, _ = seeker_event(anna)
    url = reverse("norms", args=[tournament.pk])
    assert login(client, boris).get(url).status_code == 403
    client = login(client, anna)
    page = client.get(url).content.decode()
    assert f'id="norms-{seeker.pk}"' in page
    assert reverse("norm_report", args=[tournament.pk, seeker.pk, "GM"]) in page
    response = client.post(
        url, {"exemption": "1.4.3c", "chief_arbiter": "", "chief_arbiter_fide_id": "1500"}
    )
    assert response.status_code == 302
    assert NormSettings.objects.get(tournament=tournament).exemption == "1.4.3c"
    refused = client.post(url, {"exemption": "1.4.3z"})
    assert refused.status_code == 200 and "1.4.3z" in refused.content.decode()
    players = client.get(reverse("players", args=[tournament.pk])).content.decode()
    assert url in players  # the menu's link
    assert players.count('class="norm-marker norm-reached"') == 4  # GM, IM, WGM, WIM
    assert f'href="{url}#norms-{seeker.pk}" title="GM norm: reached"' in players


def test_no_norms_page_for_a_rapid_tournament(client, anna):
    tournament, seeker, _ = seeker_event(anna, rating_type=RatingType.RAPID)
    client = login(client, anna)
    assert client.get(reverse("norms", args=[tournament.pk])).status_code == 404
    assert (
        client.get(reverse("norm_report", args=[tournament.pk, seeker.pk, "GM"])).status_code == 404
    )


def test_the_norm_report_pdf(client, anna):
    tournament, seeker, opponents = seeker_event(
        anna, start_date="2026-03-01", time_control="90+30"
    )
    client = login(client, anna)
    response = client.get(reverse("norm_report", args=[tournament.pk, seeker.pk, "GM"]))
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    assert response.content.startswith(b"%PDF")
    assert "gm-norm.pdf" in response["Content-Disposition"]
    assert b"Tj" in pdf_text(response.content) or b"TJ" in pdf_text(response.content)
    for title in ("XX", "gm"):
        url = reverse("norm_report", args=[tournament.pk, seeker.pk, title])
        assert client.get(url).status_code == 404
    # a GM has no GM norm to report
    assert (
        client.get(reverse("norm_report", args=[tournament.pk, opponents[0].pk, "GM"])).status_code
        == 404
    )


def test_the_norm_reports_fields(anna):
    tournament, seeker, _opponents = seeker_event(anna, time_control="90 min + 30 s")
    NormSettings.objects.create(tournament=tournament, chief_arbiter_fide_id=1234567)
    facts = read_facts(tournament)
    result = tournament_norms(tournament, facts=facts)[seeker.pk][engine.GM]
    content = norm_report.report_content(tournament, seeker, result, facts)
    details = dict(content.details)
    assert content.headline == "GM norm: reached"
    assert details["Title"] == "[x] GM [ ] IM [ ] WGM [ ] WIM"
    assert details["Name, first name"] == "Seeker, Sara"
    assert details["FIDE ID"] == "1503014"
    assert details["Chief arbiter (name, FIDE ID)"] == "Anna Larsen, 1234567"
    assert details["Rate of play"] == "90 min + 30 s"
    assert details["Number of games"] == "9"
    assert details["Number of federations"] == "7"
    assert details["Opponents not from the applicant's federation"] == "6"
    assert details["Opponents from the host federation"] == "3"
    assert details["Title-holders among the opponents"] == "6 (GM 3, IM 2, FM 1)"
    assert content.rounds[0] == ["1", "Opponent 1, O", "2000001", "GER", "2610", "2610", "GM", "1"]
    assert content.rounds[8] == ["9", "Opponent 9, O", "2000009", "POL", "1950", "2200", "", "1"]
    assert content.summary == ["2449", "2615", "6½", "6½", "0"]
    assert all(check[-1] == "✓" for check in content.checks)
