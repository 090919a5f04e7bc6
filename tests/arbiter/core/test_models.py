"""The database keeps the domain's integrity even if a service forgets to."""

import datetime

import pytest
from django.db import IntegrityError, transaction

from arbiter.core.models import Bye, Entry, Game, RulesVersion, TournamentArbiter, rules_version_for
from tests.factories import (
    ByeFactory,
    EntryFactory,
    GameFactory,
    RoundFactory,
    TournamentFactory,
    UserFactory,
)

pytestmark = pytest.mark.django_db


def rejected(make) -> bool:
    try:
        with transaction.atomic():
            make()
    except IntegrityError:
        return True
    return False


@pytest.fixture
def round_one():
    return RoundFactory(number=1)


@pytest.fixture
def four(round_one):
    return EntryFactory.create_batch(4, tournament=round_one.tournament)


def test_a_board_number_is_used_once_per_round(round_one, four):
    a, b, c, d = four
    Game.objects.create(round=round_one, board=1, white=a, black=b)
    assert rejected(lambda: Game.objects.create(round=round_one, board=1, white=c, black=d))


def test_a_player_cannot_be_white_twice_in_a_round(round_one, four):
    a, b, c, _ = four
    Game.objects.create(round=round_one, board=1, white=a, black=b)
    assert rejected(lambda: Game.objects.create(round=round_one, board=2, white=a, black=c))


def test_a_player_cannot_be_white_on_one_board_and_black_on_another(round_one, four):
    a, b, c, _ = four
    Game.objects.create(round=round_one, board=1, white=a, black=b)
    assert rejected(lambda: Game.objects.create(round=round_one, board=2, white=c, black=a))


def test_moving_a_player_onto_a_second_board_is_refused(round_one, four):
    a, b, c, d = four
    Game.objects.create(round=round_one, board=1, white=a, black=b)
    game = Game.objects.create(round=round_one, board=2, white=c, black=d)
    game.black = b
    assert rejected(game.save)


def test_a_player_cannot_have_a_game_and_a_bye_in_one_round(round_one, four):
    a, b, *_ = four
    Game.objects.create(round=round_one, board=1, white=a, black=b)
    assert rejected(lambda: Bye.objects.create(round=round_one, entry=a, kind=Bye.Kind.HALF_POINT))


def test_a_player_with_a_bye_cannot_also_be_paired(round_one, four):
    a, b, *_ = four
    Bye.objects.create(round=round_one, entry=a, kind=Bye.Kind.PAIRING_ALLOCATED)
    assert rejected(lambda: Game.objects.create(round=round_one, board=1, white=b, black=a))


def test_the_same_player_may_play_in_every_round():
    a_game = GameFactory()
    tournament = a_game.round.tournament
    round_two = RoundFactory(tournament=tournament, number=2)
    Game.objects.create(round=round_two, board=1, white=a_game.black, black=a_game.white)
    assert Game.objects.filter(round__tournament=tournament).count() == 2


def test_nobody_plays_against_themself(round_one, four):
    a, *_ = four
    assert rejected(lambda: Game.objects.create(round=round_one, board=1, white=a, black=a))


def test_results_are_typed_values_only():
    game = GameFactory()
    game.result = "2-0"
    assert rejected(game.save)
    game.result = "+-"
    game.save()
    game.refresh_from_db()
    assert game.is_forfeit


def test_bye_kinds_are_the_trf_codes_only():
    bye = ByeFactory()
    bye.kind = "X"
    assert rejected(bye.save)


def test_starting_numbers_are_unique_within_a_tournament():
    first = EntryFactory(starting_number=1)
    assert rejected(lambda: EntryFactory(tournament=first.tournament, starting_number=1))
    EntryFactory(starting_number=1)  # another tournament may use it


def test_entries_without_a_starting_number_do_not_clash():
    tournament = TournamentFactory()
    EntryFactory.create_batch(3, tournament=tournament, starting_number=None)
    assert Entry.objects.filter(tournament=tournament).count() == 3


def test_a_tournament_has_at_most_one_chief_arbiter():
    tournament = TournamentFactory(chief=UserFactory())
    assert rejected(
        lambda: TournamentArbiter.objects.create(
            tournament=tournament, user=UserFactory(), role=TournamentArbiter.Role.CHIEF
        )
    )


def test_a_tournament_cannot_end_before_it_starts():
    assert rejected(
        lambda: TournamentFactory(
            start_date=datetime.date(2026, 5, 2), end_date=datetime.date(2026, 5, 1)
        )
    )


@pytest.mark.parametrize(
    ("start", "expected"),
    [
        (datetime.date(2026, 1, 31), RulesVersion.FIDE_2017),
        (datetime.date(2026, 2, 1), RulesVersion.FIDE_2026),
        (None, RulesVersion.FIDE_2026),
    ],
)
def test_the_rule_set_follows_the_start_date(start, expected):
    assert rules_version_for(start) == expected
