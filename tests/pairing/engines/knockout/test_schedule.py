"""The contest order on the mats: dependencies kept, the rest kept where the draw allows it,
breaches named, and "when do I fight"."""

import itertools

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from pairing.engines.knockout import Competitor, KnockoutError, bracket, draw, draw_pool, play
from pairing.engines.knockout.schedule import (
    _bouts,
    _conflicts,
    earliest,
    next_bout,
    propose_mats,
    rest_in_bouts,
    schedule,
    to_fight,
)


def category(prefix, n, system, seed=1):
    people = [Competitor(f"{prefix}{i}", f"{prefix}{i}", club=f"c{i % 3}") for i in range(n)]
    if system == "pool":
        drawn = draw_pool(people, seed=seed)
    else:
        drawn = draw(people, seed=seed, minimum_size=4 if system == "single_bronze" else 2)
    return play(bracket(drawn, system), {})


def outcomes(state):
    """Every way the category can go: each outcome's bouts fought and by whom (brute force)."""
    bracket_, found = state.bracket, []

    def walk(results):
        st_ = play(bracket_, results)
        ready = st_.ready()
        if not ready:
            found.append({m.match.id: {m.a, m.b} for m in st_.matches if m.status == "done"})
            return
        for winner in (ready[0].a, ready[0].b):
            walk({**results, ready[0].match.id: winner})

    walk({})
    return found


def rest_pairs(states):
    """Pairs of bouts some competitor fights both of, in some outcome."""
    pairs = set()
    for name, state in states.items():
        for fought in outcomes(state):
            for (x, px), (y, py) in itertools.combinations(fought.items(), 2):
                if px & py:
                    pairs.add(frozenset(((name, x), (name, y))))
    return pairs


def sources(state, bout):
    """The bouts whose winner or loser fights this one."""
    m = state.bracket.match(bout)
    return {side.number for side in (m.a, m.b) if side.kind in ("winner", "loser")}


def keeps_rest(order, pairs, rest):
    where = {key: i for i, key in enumerate(order)}
    return all(abs(where[p] - where[q]) > rest for p, q in map(tuple, pairs))


def respects_dependencies(order, states):
    where = {key: i for i, key in enumerate(order)}
    return all(
        where[(c, s)] < where[(c, b)]
        for c, b in order
        for s in sources(states[c], b)
        if (c, s) in where
    )


SMALL = st.lists(
    st.tuples(st.sampled_from(["pool", "pool", "single", "single_bronze"]), st.integers(2, 4)),
    min_size=1,
    max_size=3,
)


@pytest.mark.slow
@settings(max_examples=150, deadline=None)
@given(SMALL, st.integers(0, 3))
def test_nobody_fights_twice_within_the_rest_whenever_some_order_allows_it(cats, rest):
    states = {f"k{i}": category(f"k{i}-", n, system) for i, (system, n) in enumerate(cats)}
    keys = [(c, b) for c, s in states.items() for b in to_fight(s)]
    assume(len(keys) <= 7)  # the brute force below stays small
    pairs = rest_pairs(states)
    feasible = any(
        keeps_rest(order, pairs, rest) and respects_dependencies(order, states)
        for order in itertools.permutations(keys)
    )
    plan = schedule(states, dict.fromkeys(states, 1), rest)
    order = [(e.category, e.bout) for e in plan.bouts]
    assert sorted(order) == sorted(keys)
    assert respects_dependencies(order, states)
    assert keeps_rest(order, pairs, rest) == feasible
    assert (plan.breaches == ()) == feasible


REPECHAGE = ["ijf_repechage", "double_repechage", "double_elimination"]
BIG = st.lists(
    st.tuples(
        st.sampled_from(["pool", "single", *REPECHAGE]),
        st.integers(2, 24),
    ),
    min_size=1,
    max_size=5,
)


@pytest.mark.slow
@settings(max_examples=25, deadline=None)
@given(BIG, st.integers(0, 4), st.integers(1, 3))
def test_every_bout_is_called_once_after_its_sources_and_each_short_rest_is_named(cats, rest, mats):
    states = {}
    for i, (system, n) in enumerate(cats):
        if system == "pool":
            n = min(n, 7)
        elif system != "single":
            n = max(n, 5)
        states[f"k{i}"] = category(f"k{i}-", n, system, seed=i)
    assignment = propose_mats({c: len(to_fight(s)) for c, s in states.items()}, mats)
    plan = schedule(states, assignment, rest)
    order = [(e.category, e.bout) for e in plan.bouts]
    assert sorted(order) == sorted((c, b) for c, s in states.items() for b in to_fight(s))
    for mat in set(assignment.values()):
        on_mat = [(e.category, e.bout) for e in plan.mat(mat)]
        assert [e.position for e in plan.mat(mat)] == list(range(1, len(on_mat) + 1))
        assert respects_dependencies(on_mat, states)
        where = {key: i for i, key in enumerate(on_mat)}
        named = {(b.category, b.bout) for b in plan.breaches}
        for c, b in on_mat:
            for s in sources(states[c], b):
                if (c, s) in where and where[(c, b)] - where[(c, s)] - 1 < rest:
                    assert (c, b) in named


@pytest.mark.slow
@settings(max_examples=40, deadline=None)
@given(BIG, st.randoms(use_true_random=False))
def test_the_conflicts_found_by_index_are_the_pairs_sharing_a_fighter(cats, rng):
    """The index (``_conflicts``) finds exactly the pairs of bouts the rule names: one takes
    its winner or loser from the other, or both may have one fighter; also midway through."""
    bouts = []
    for i, (system, n) in enumerate(cats):
        state = category(f"k{i}-", min(n, 7) if system == "pool" else max(n, 5), system, seed=i)
        results = {}
        for _ in range(rng.randrange(len(state.matches))):
            ready = play(state.bracket, results).ready()
            if not ready:
                break
            results[ready[0].match.id] = rng.choice([ready[0].a, ready[0].b])
        bouts += _bouts(f"k{i}", play(state.bracket, results))

    def pairwise(p, q):
        taken = {(t[1], t[2]) for t in p.fighters | q.fighters if t[0] in ("w", "l")}
        return p.key in taken or q.key in taken or bool(p.fighters & q.fighters)

    expected = {p.key: {q.key for q in bouts if q is not p and pairwise(p, q)} for p in bouts}
    assert _conflicts(bouts) == expected


def test_two_pools_of_three_on_one_mat_take_turns_so_that_everyone_rests_a_bout():
    states = {"x": category("x", 3, "pool"), "y": category("y", 3, "pool")}
    plan = schedule(states, {"x": 1, "y": 1}, rest=1)
    assert plan.breaches == ()
    assert [e.category for e in plan.bouts] == ["x", "y"] * 3
    fighters = [{states[e.category][e.bout].a, states[e.category][e.bout].b} for e in plan.bouts]
    assert all(not (x & y) for x, y in itertools.pairwise(fighters))


def test_when_the_rest_cannot_be_kept_the_bouts_breaking_it_are_named():
    states = {"duel": category("d", 3, "pool")}  # three bouts, everyone in two of them
    plan = schedule(states, {"duel": 1}, rest=1)
    assert len(plan.bouts) == 3
    assert [(b.category, b.rest) for b in plan.breaches] == [("duel", 0), ("duel", 0)]


def test_two_categories_on_one_mat_alternate_so_that_both_rest():
    states = {"a": category("a", 4, "single"), "b": category("b", 4, "single")}
    plan = schedule(states, {"a": 1, "b": 1}, rest=1)
    assert plan.breaches == ()
    assert [e.category for e in plan.bouts][-2:] in (["a", "b"], ["b", "a"])


def test_start_times_add_each_category_s_bout_minutes():
    states = {"a": category("a", 2, "single"), "b": category("b", 2, "single")}
    plan = schedule(states, {"a": 1, "b": 1}, rest=0, minutes={"a": 4, "b": 6})
    assert [(e.category, e.start) for e in plan.bouts] == [("a", 0.0), ("b", 4.0)]


def test_mats_are_proposed_balancing_the_bouts_largest_first():
    assert propose_mats({"a": 10, "b": 7, "c": 5, "d": 4}, 2) == {"a": 1, "b": 2, "c": 2, "d": 1}


def test_the_rest_in_minutes_becomes_whole_bouts_rounded_up():
    assert rest_in_bouts(10, 4) == 3
    assert rest_in_bouts(0, 4) == 0
    with pytest.raises(KnockoutError):
        rest_in_bouts(5, 0)


def test_a_category_without_a_mat_is_refused():
    with pytest.raises(KnockoutError, match="No mat for b"):
        schedule({"a": category("a", 2, "single"), "b": category("b", 2, "single")}, {"a": 1}, 0)


def test_when_do_i_fight_names_the_next_bout_sure_or_if_they_win():
    state = category("s", 4, "single")
    states = {"s": state}
    plan = schedule(states, {"s": 1}, rest=0)
    first = plan.bouts[0]
    fighter = state[first.bout].a
    call = next_bout(plan, states, fighter)
    assert call.scheduled == first and call.certain
    after = {"s": play(state.bracket, {first.bout: fighter})}
    final = next_bout(plan, after, fighter)
    assert final.scheduled == plan.bouts[-1] and final.certain
    loser = state[first.bout].b
    assert next_bout(plan, after, loser) is None
    other = state[plan.bouts[1].bout].a
    assert next_bout(plan, after, other).scheduled == plan.bouts[1]
    assert next_bout(plan, states, other).certain


def test_a_competitor_in_two_categories_is_told_the_first_call_in_time():
    a, b = category("m", 4, "single"), category("n", 4, "single")
    states = {"a": a, "b": b}
    plan = schedule(states, {"a": 1, "b": 2}, rest=0, minutes={"a": 4, "b": 3})
    late = next_bout(plan, states, a[plan.mat(1)[1].bout].a)
    early = next_bout(plan, states, b[plan.mat(2)[0].bout].a)
    assert earliest([late, None, early]) == early
    assert earliest([None]) is None


def test_a_bout_already_decided_is_not_called_again():
    state = category("m", 4, "single_bronze")
    first = state.ready()[0]
    played = play(state.bracket, {first.match.id: first.a})
    assert first.match.id in to_fight(state)
    assert first.match.id not in to_fight(played)
    plan = schedule({"m": played}, {"m": 1}, rest=0)
    assert first.match.id not in [e.bout for e in plan.bouts]
