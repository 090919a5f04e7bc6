"""Each player's rating change from the games as stored (arbiter/ratings/change.py; FIDE B.02
8.3 and 7.1; docs/ratings.md, "Rating change"): which results count, K given or worked out, the
spec's examples 1 and 2 through the app's rows, and what it costs."""

import datetime
from decimal import Decimal

import pytest

from arbiter.core.models import Round
from arbiter.core.systems import System
from arbiter.platform.public_live import public_tournament
from arbiter.ratings.change import (
    ADJOURNED,
    FORFEIT,
    ON,
    UNRATED_OPPONENT,
    UNUSUAL,
    public_changes,
    rating_changes,
)
from pairing.engines.rating import KReason
from tests.arbiter.conftest import play_round
from tests.factories import EntryFactory, GameFactory, RoundFactory, TournamentFactory

pytestmark = pytest.mark.django_db


def swiss(**fields):
    fields.setdefault("start_date", datetime.date(2026, 5, 1))
    return TournamentFactory(system=System.SWISS_DUTCH, **fields)


def player(tournament, rating, **fields):
    return EntryFactory(tournament=tournament, rating=rating, **fields)


def one_player_event(rating, opponents, results, **fields):
    """A Swiss where the player meets each (opponent rating) in turn, round by round, with the
    player's own results ("1", "½", "0"), White in odd rounds."""
    tournament = swiss()
    me = player(tournament, rating, **fields)
    codes = {"1": ("1-0", "0-1"), "½": ("1/2", "1/2"), "0": ("0-1", "1-0")}
    for number, (opponent_rating, result) in enumerate(zip(opponents, results, strict=True), 1):
        opponent = player(tournament, opponent_rating)
        white_code, black_code = codes[result]
        game = (me, opponent, white_code) if number % 2 else (opponent, me, black_code)
        play_round(tournament, number, games=[game])
    return tournament, me


def test_example_1_a_rated_player_gains_8_with_k_20():
    tournament, me = one_player_event(
        1850, [1920, 1700, 2310, 1400, 1850], ["1", "½", "0", "1", "½"]
    )
    mine = rating_changes(tournament).of(me.pk)
    assert (mine.k, mine.reason, mine.capped) == (20, KReason.UNDER_2400, False)
    assert [g.expected for g in mine.games] == [
        Decimal(x) for x in (".40", ".70", ".08", ".92", ".50")
    ]
    assert [g.change for g in mine.games] == [Decimal(x) for x in ("12", "-4", "-1.6", "1.6", "0")]
    assert (mine.score, mine.expected, mine.change, mine.new_rating) == (
        3,
        Decimal("2.60"),
        8,
        1858,
    )
    assert mine.change_text == "+8" and mine.reason_text == "rated under 2400"


def test_example_2_an_unrated_players_initial_rating_is_1770_and_published():
    tournament, me = one_player_event(0, [1650, 1720, 1580, 1800, 1690], ["1", "½", "1", "0", "½"])
    mine = rating_changes(tournament).of(me.pk)
    assert not mine.rated and mine.change is None and mine.new_rating is None
    assert (mine.initial.average, mine.initial.rating, mine.initial.published) == (1720, 1770, True)
    assert mine.initial_text == "published: 5 rated opponents, score above zero"


def test_only_games_played_over_the_board_with_a_result_count():
    tournament = swiss()
    me, *others = (
        player(tournament, rating) for rating in (1800, 1800, 1800, 1800, 1800, 1800, 1800, 0)
    )
    a, b, c, d, e, f, unrated = others
    play_round(tournament, 1, games=[(me, a, "1-0")], state=Round.State.COMPLETE)
    play_round(tournament, 2, games=[(b, me, "+-")])  # lost by forfeit
    play_round(tournament, 3, games=[(me, c, "=-0")])  # the arbiter's ½-0
    play_round(tournament, 4, games=[(me, d, "0-0")], byes=[(a, "U")])
    play_round(tournament, 5, games=[(me, unrated, "1-0")])
    round_6 = play_round(tournament, 6, games=[(me, e, "")])  # still on
    GameFactory(round=round_6, board=2, white=a, black=f, adjourned=True)
    play_round(tournament, 7, games=[(me, f, "1-0")], state=Round.State.DRAFT)  # not public
    changes = rating_changes(tournament)
    mine = changes.of(me.pk)
    assert [(g.round, g.skipped) for g in mine.games] == [
        (1, ""),
        (2, FORFEIT),
        (3, UNUSUAL),
        (4, UNUSUAL),
        (5, UNRATED_OPPONENT),
        (6, ON),
    ]
    assert (mine.counted, mine.score, mine.change, mine.waiting) == (1, 1, 10, 1)
    assert [(g.round, g.skipped) for g in changes.of(f.pk).games] == [(6, ADJOURNED)]
    assert changes.adjourned == ((6, a.pk, f.pk),)
    assert changes.of(b.pk).counted == 0 and changes.of(b.pk).change == 0
    # against a rated player the unrated one's game counts, toward an initial rating
    theirs = changes.of(unrated.pk)
    assert [(g.round, g.skipped) for g in theirs.games] == [(5, "")]
    assert theirs.initial_text == (
        "not published: 1 rated opponent (5 needed), no point against rated opponents"
    )


def test_the_k_the_list_gives_stands_for_the_rules():
    tournament, me = one_player_event(2350, [2350], ["1"], k_factor=40)
    mine = rating_changes(tournament).of(me.pk)
    assert (mine.k, mine.reason, mine.change) == (40, KReason.GIVEN, 20)
    assert mine.reason_text == "as the rating list gives it"


@pytest.mark.parametrize(
    ("rating", "born", "k", "reason"),
    [
        (2200, 2008, 40, KReason.JUNIOR),  # 18 in 2026
        (2200, 2007, 20, KReason.UNDER_2400),  # 19 in 2026
        (2350, 2010, 20, KReason.UNDER_2400),  # a junior from 2300 on
        (2200, None, 20, KReason.UNDER_2400),  # no birth year: not a junior
        (2400, 2010, 10, KReason.REACHED_2400),
        (2650, None, 10, KReason.REACHED_2400),
    ],
)
def test_k_worked_out_from_rating_and_birth_year(rating, born, k, reason):
    tournament, me = one_player_event(rating, [rating], ["½"], birth_year=born)
    mine = rating_changes(tournament).of(me.pk)
    assert (mine.k, mine.reason, mine.capped) == (k, reason, False)


def test_the_junior_year_is_the_year_the_event_ends_in():
    tournament, me = one_player_event(2000, [2000], ["1"], birth_year=2007)
    tournament.start_date, tournament.end_date = datetime.date(2025, 12, 28), None
    assert rating_changes(tournament).of(me.pk).k == 40  # 18 in 2025
    tournament.end_date = datetime.date(2026, 1, 3)
    assert rating_changes(tournament).of(me.pk).k == 20  # rated in 2026, when 19


def test_k_times_games_is_kept_to_700():
    opponents = [1600] * 18
    tournament, me = one_player_event(1600, opponents, ["1"] * 18, k_factor=40)
    mine = rating_changes(tournament).of(me.pk)
    # 40 x 18 = 720 > 700: K 38; 18 wins at PD .50 give 38 x 9 = 342
    assert (mine.k, mine.capped, mine.change) == (38, True, 342)


def test_the_400_point_rule_stops_at_2650_through_the_app():
    tournament, strong = one_player_event(2700, [2200], ["1"])
    capped_event, capped = one_player_event(2640, [2140], ["1"])
    assert rating_changes(tournament).of(strong.pk).expected == Decimal(".96")
    assert rating_changes(capped_event).of(capped.pk).expected == Decimal(".92")


@pytest.mark.parametrize(
    ("opponents", "results", "rating", "published", "text"),
    [
        ([1700] * 4, ["1"] * 4, None, False, "not published: 4 rated opponents (5 needed)"),
        ([1700] * 5, ["0"] * 5, None, False, "not published: no point against rated opponents"),
        ([1000] * 5, ["0", "0", "½", "0", "0"], None, False, None),
        (
            [2400] * 9,
            ["1"] * 9,
            2200,
            True,
            "published: 9 rated opponents, score above zero, at most 2200",
        ),
    ],
)
def test_an_initial_rating_is_published_only_as_the_rules_say(
    opponents, results, rating, published, text
):
    tournament, me = one_player_event(0, opponents, results)
    mine = rating_changes(tournament).of(me.pk)
    assert mine.initial.published == published
    if rating is not None:
        assert mine.initial.rating == rating
    if text is not None:
        assert mine.initial_text == text
    else:  # the weak field: under the floor
        assert mine.initial.rating < 1400
        assert "under the floor of 1400" in mine.initial_text


def test_the_whole_tournament_costs_two_queries_for_any_field(django_assert_num_queries):
    for size in (4, 40):
        tournament = swiss()
        entries = EntryFactory.create_batch(size, tournament=tournament)
        half = size // 2
        for number in (1, 2, 3):
            order = entries[number:] + entries[:number]
            round_ = RoundFactory(tournament=tournament, number=number, state=Round.State.PUBLISHED)
            for board in range(1, half + 1):
                white, black = order[board - 1], order[board - 1 + half]
                GameFactory(round=round_, board=board, white=white, black=black, result="1/2")
        with django_assert_num_queries(2):  # entries, games
            changes = rating_changes(tournament)
        assert len(changes.players) == size


def test_the_public_pages_share_one_computation_per_version(django_assert_num_queries):
    tournament, _ = one_player_event(1850, [1920], ["1"])
    public = public_tournament(tournament.pk)
    with django_assert_num_queries(2):
        first = public_changes(public)
    with django_assert_num_queries(0):
        assert public_changes(public_tournament(tournament.pk)) == first
    monrad = TournamentFactory(system=System.MONRAD)
    with django_assert_num_queries(0):  # FIDE rates no Monrad evening
        assert public_changes(monrad) is None


def test_two_unrated_players_game_counts_for_neither():
    tournament = swiss()
    one, two = player(tournament, 0), player(tournament, 0)
    play_round(tournament, 1, games=[(one, two, "1-0")])
    changes = rating_changes(tournament)
    for entry in (one, two):
        mine = changes.of(entry.pk)
        assert [g.skipped for g in mine.games] == [UNRATED_OPPONENT] and mine.initial is None
