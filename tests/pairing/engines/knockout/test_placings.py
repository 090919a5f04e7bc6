"""A category's results list (spec §2.9): 1, 2, 3, 3, 5, 5, 7, 7, then the rest by the round
they reached; a pool by its standing."""

import random

import pytest

from pairing.engines.knockout import SYSTEMS, bracket, draw, draw_pool, placings, play
from tests.pairing.engines.knockout.test_systems import field, play_all, strongest

ALL_KNOCKOUTS = [code for code, system in SYSTEMS.items() if not system.is_pool]


def finished(system, n, seed=0, pick=strongest):
    drawn = draw(field(n), seed=seed, minimum_size=SYSTEMS[system].min_size)
    state, _ = play_all(bracket(drawn, system), pick)
    return state


def places(state):
    return [line.place for line in placings(state)]


def test_a_full_ijf_bracket_of_32_places_1_2_3_3_5_5_7_7_then_9_and_17():
    state = finished("ijf_repechage", 32)
    assert places(state) == [1, 2, 3, 3, 5, 5, 7, 7] + [9] * 8 + [17] * 16


def test_a_category_of_20_in_a_bracket_of_32_ranks_round_one_losers_after_the_last_16():
    state = finished("ijf_repechage", 20)
    assert places(state) == [1, 2, 3, 3, 5, 5, 7, 7] + [9] * 8 + [17] * 4


def test_the_sevenths_are_the_losing_quarter_finalists_beaten_in_the_repechage():
    state = finished("ijf_repechage", 16)
    repechage = [m for m in state.matches if m.match.stage == "repechage"]
    sevenths = [line.competitor for line in placings(state) if line.place == 7]
    assert sorted(sevenths) == sorted(m.loser for m in repechage)


@pytest.mark.parametrize(
    ("system", "expected"),
    [("single", [1, 2, 3, 3, 5, 5, 5, 5]), ("single_bronze", [1, 2, 3, 4, 5, 5, 5, 5])],
)
def test_without_repechage_the_losing_quarter_finalists_share_fifth(system, expected):
    assert places(finished(system, 8)) == expected


@pytest.mark.parametrize("system", ALL_KNOCKOUTS)
@pytest.mark.parametrize("n", [2, 3, 5, 8, 13, 20, 32])
@pytest.mark.parametrize("seed", range(3))
def test_a_finished_bracket_places_everyone_once_best_first(system, n, seed):
    rng = random.Random(seed)
    state = finished(system, n, seed, pick=lambda a, b: rng.choice((a, b)))
    lines = placings(state)
    assert sorted(line.competitor for line in lines) == sorted(str(i) for i in range(1, n + 1))
    assert [line.place for line in lines] == sorted(line.place for line in lines)
    for index, line in enumerate(lines):
        # competition ranking: a place is one more than the lines above it, or shared with them
        assert line.place == index + 1 or line.place == lines[index - 1].place


def test_before_the_end_only_the_places_fought_for_are_listed_and_empty():
    drawn = draw(field(13), seed=1, minimum_size=8)
    state = play(bracket(drawn, "ijf_repechage"), {})
    lines = placings(state)
    assert [line.place for line in lines] == [1, 2, 3, 3, 5, 5, 7, 7]
    assert all(line.competitor is None for line in lines)


def test_a_pool_ranks_by_its_standing_and_is_provisional_until_its_last_match():
    pool = bracket(draw_pool(field(4), seed=3), "pool")
    assert not any(line.final for line in placings(play(pool, {})))
    state, _ = play_all(pool, strongest)
    lines = placings(state)
    assert [(line.place, line.competitor) for line in lines] == [
        (1, "1"),
        (2, "2"),
        (3, "3"),
        (4, "4"),
    ]
    assert all(line.final for line in lines)
