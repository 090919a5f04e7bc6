"""Pools of 2-7 (spec §2.7) and the choice of system by field size (spec §2.10)."""

import pytest

from pairing.engines.knockout import (
    Competitor,
    KnockoutError,
    bracket,
    choose_system,
    draw_pool,
    last_match,
    medals,
    play,
    pool_matches,
    standings,
)


@pytest.mark.parametrize("n", range(2, 8))
def test_each_pool_order_is_a_complete_round_robin(n):
    order = pool_matches(n)
    assert sorted(tuple(sorted(p)) for p in order) == [
        (a, b) for a in range(1, n + 1) for b in range(a + 1, n + 1)
    ]


def test_the_spec_orders_and_last_matches():
    assert pool_matches(5)[:3] == ((4, 5), (1, 2), (3, 4))
    assert [last_match(n) for n in range(2, 8)] == [(1, 2), (2, 3), (2, 3), (2, 5), (2, 6), (5, 7)]
    with pytest.raises(KnockoutError):
        pool_matches(8)


@pytest.mark.parametrize("n", range(2, 8))
@pytest.mark.parametrize("rng_seed", range(5))
def test_the_two_best_seeds_take_the_last_match(n, rng_seed):
    field = [Competitor(str(i), f"C{i}", seed=i if i <= 2 else None) for i in range(1, n + 1)]
    drawn = draw_pool(field, seed=rng_seed)
    assert {drawn.slot_of("1"), drawn.slot_of("2")} == set(last_match(n))


@pytest.mark.parametrize("rng_seed", range(10))
def test_two_unseeded_mates_in_a_pool_of_five_meet_in_the_first_match(rng_seed):
    field = [Competitor("m1", "M1", club="X"), Competitor("m2", "M2", club="X")]
    field += [Competitor(str(i), f"C{i}", club=f"c{i}") for i in range(3)]
    drawn = draw_pool(field, seed=rng_seed)
    assert {drawn.slot_of("m1"), drawn.slot_of("m2")} == {4, 5}


def test_pool_standings_by_wins_then_head_to_head_and_a_flagged_circle():
    field = [Competitor(str(i), f"C{i}") for i in range(1, 5)]
    b = bracket(draw_pool(field, seed=1), "pool")
    ids = {m.id: (m.a.number, m.b.number) for m in b.matches}
    slots = b.draw.slots

    def winner(mid, number):
        return slots[number - 1]

    # 1 beats everyone; 2, 3, 4 beat each other in a circle.
    circle = {(2, 3): 2, (3, 4): 3, (2, 4): 4}
    results = {}
    for mid, (a, bb) in ids.items():
        if 1 in (a, bb):
            results[mid] = slots[0]
        else:
            results[mid] = winner(mid, circle[tuple(sorted((a, bb)))])
    state = play(b, results)
    rows = standings(state)
    assert rows[0].competitor == slots[0] and rows[0].rank == 1 and not rows[0].tied
    assert [r.rank for r in rows[1:]] == [2, 2, 2] and all(r.tied for r in rows[1:])
    result = medals(state)
    assert result.gold == slots[0] and result.silver is None  # a circle: the arbiter decides


def test_pool_standings_rank_a_pool_of_three_by_wins():
    field = [Competitor(str(i), f"C{i}") for i in range(1, 4)]
    b = bracket(draw_pool(field, seed=2), "pool")
    s = b.draw.slots
    # 1 beats 2 and 3, 2 beats 3
    results = {1: s[0], 2: s[0], 3: s[1]}
    rows = standings(play(b, results))
    assert [r.competitor for r in rows] == [s[0], s[1], s[2]]
    assert medals(play(b, results)).gold == s[0]


def test_choose_system_defaults_and_rules():
    defaults = [choose_system(n) for n in (2, 5, 6, 40)]
    assert defaults == ["pool", "pool", "ijf_repechage", "ijf_repechage"]
    finnish = {"pool_up_to": 5, "knockout": "double_repechage"}
    assert choose_system(9, finnish) == "double_repechage"
    rows = {"rows": [[2, 3, "pool"], [4, 7, "single_bronze"], [8, None, "double_elimination"]]}
    assert [choose_system(n, rows) for n in (3, 4, 9)] == [
        "pool",
        "single_bronze",
        "double_elimination",
    ]
    with pytest.raises(KnockoutError):
        choose_system(1)
    with pytest.raises(KnockoutError):
        choose_system(9, {"knockout": "swiss"})
    with pytest.raises(KnockoutError):
        choose_system(9, {"rows": [[8, None, "pool"]]})
