"""The Berger schedule against FIDE's printed tables (C.05 Annex 1) and its closed form."""

import itertools

import pytest

from pairing.engines.berger import meeting_rounds, schedule, single_cycle


def as_text(players: int) -> list[str]:
    return [" ".join(f"{g.white}-{g.black}" for g in r.games) for r in single_cycle(players)]


FIDE_TABLES = {
    4: ["1-4 2-3", "4-3 1-2", "2-4 3-1"],
    6: ["1-6 2-5 3-4", "6-4 5-3 1-2", "2-6 3-1 4-5", "6-5 1-4 2-3", "3-6 4-2 5-1"],
    8: [
        "1-8 2-7 3-6 4-5",
        "8-5 6-4 7-3 1-2",
        "2-8 3-1 4-7 5-6",
        "8-6 7-5 1-4 2-3",
        "3-8 4-2 5-1 6-7",
        "8-7 1-6 2-5 3-4",
        "4-8 5-3 6-2 7-1",
    ],
    10: [
        "1-10 2-9 3-8 4-7 5-6",
        "10-6 7-5 8-4 9-3 1-2",
        "2-10 3-1 4-9 5-8 6-7",
        "10-7 8-6 9-5 1-4 2-3",
        "3-10 4-2 5-1 6-9 7-8",
        "10-8 9-7 1-6 2-5 3-4",
        "4-10 5-3 6-2 7-1 8-9",
        "10-9 1-8 2-7 3-6 4-5",
        "5-10 6-4 7-3 8-2 9-1",
    ],
}


@pytest.mark.parametrize("players", sorted(FIDE_TABLES))
def test_it_prints_fides_table_board_by_board(players):
    assert as_text(players) == FIDE_TABLES[players]


@pytest.mark.parametrize("size", range(4, 40, 2))
def test_it_follows_the_closed_form_of_the_tables(size):
    """i < j < N meet in round ((i+j-2) mod (N-1)) + 1, i White iff j-i is odd; N meets i in
    round ((2i-2) mod (N-1)) + 1, with White in even rounds."""
    for berger_round in single_cycle(size):
        for game in berger_round.games:
            i, j = sorted((game.white, game.black))
            if j == size:
                assert berger_round.number == ((2 * i - 2) % (size - 1)) + 1
                assert (game.white == size) == (berger_round.number % 2 == 0)
            else:
                assert berger_round.number == ((i + j - 2) % (size - 1)) + 1
                assert (game.white == i) == ((j - i) % 2 == 1)


@pytest.mark.parametrize("players", range(3, 26))
def test_everyone_meets_everyone_exactly_once(players):
    rounds = single_cycle(players)
    pairs = [frozenset((g.white, g.black)) for r in rounds for g in r.games]
    assert len(pairs) == len(set(pairs)) == players * (players - 1) // 2
    for berger_round in rounds:
        seated = [p for g in berger_round.games for p in (g.white, g.black)]
        assert len(seated) == len(set(seated))
        assert [g.board for g in berger_round.games] == list(range(1, len(seated) // 2 + 1))


def test_with_an_odd_field_the_opponent_of_the_dummy_has_the_bye():
    rounds = single_cycle(5)
    assert [r.bye for r in rounds] == [1, 4, 2, 5, 3]
    assert as_text(5)[0] == "2-5 3-4"


def test_the_second_cycle_reverses_the_colours():
    rounds = schedule(6, double=True, swap_last_two=False)
    assert len(rounds) == 10
    first, second = rounds[0], rounds[5]
    assert [(g.white, g.black) for g in second.games] == [(g.black, g.white) for g in first.games]


@pytest.mark.parametrize("size", range(4, 16, 2))
def test_swapping_the_last_two_rounds_avoids_three_equal_colours_in_a_row(size):
    def longest_streak(rounds, player):
        colours = [
            "w" if g.white == player else "b"
            for r in rounds
            for g in r.games
            if player in (g.white, g.black)
        ]
        streak = best = 1
        for before, now in itertools.pairwise(colours):
            streak = streak + 1 if now == before else 1
            best = max(best, streak)
        return best

    assert longest_streak(schedule(size, double=True, swap_last_two=False), 1) >= 3
    swapped = schedule(size, double=True, swap_last_two=True)
    assert max(longest_streak(swapped, p) for p in range(1, size + 1)) <= 2


def test_meeting_rounds_know_every_pair():
    rounds = meeting_rounds(6)
    assert rounds[frozenset((1, 6))] == 1
    assert rounds[frozenset((5, 1))] == 5


def test_a_single_player_is_no_round_robin():
    with pytest.raises(ValueError, match="at least two"):
        single_cycle(1)
