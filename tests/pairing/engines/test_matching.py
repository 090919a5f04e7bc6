"""The maximum-weight matching used by the Dutch engine, against brute force."""

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pairing.engines.matching import matching_weight, max_weight_matching


def brute_force(n, weights):
    best = 0

    def rec(i, used, total):
        nonlocal best
        if i == n:
            best = max(best, total)
            return
        if i in used:
            rec(i + 1, used, total)
            return
        rec(i + 1, used, total)
        for j in range(i + 1, n):
            if j not in used and (i, j) in weights:
                rec(i + 1, used | {i, j}, total + weights[(i, j)])

    rec(0, frozenset(), 0)
    return best


@st.composite
def graphs(draw):
    n = draw(st.integers(2, 8))
    pairs = list(itertools.combinations(range(n), 2))
    chosen = draw(st.lists(st.sampled_from(pairs), unique=True))
    big = draw(st.booleans())
    weights = {}
    for p in chosen:
        w = draw(st.integers(1, 12))
        weights[p] = (w << 90) + draw(st.integers(0, 3)) if big else w
    return n, weights


@pytest.mark.slow
@settings(max_examples=400, deadline=None)
@given(graphs())
def test_matching_is_maximum_and_valid(graph):
    n, weights = graph
    mate = max_weight_matching(n, [(i, j, w) for (i, j), w in weights.items()])
    for v, m in enumerate(mate):
        if m >= 0:
            assert mate[m] == v
            assert (min(v, m), max(v, m)) in weights
    assert matching_weight(mate, weights) == brute_force(n, weights)


def test_matching_blossom_odd_cycle():
    # two triangles joined by an edge: the optimum needs a blossom to be found
    edges = [(0, 1, 8), (1, 2, 9), (0, 2, 10), (2, 3, 7), (3, 4, 5), (4, 5, 9), (3, 5, 6)]
    weights = {(i, j): w for i, j, w in edges}
    mate = max_weight_matching(6, edges)
    assert matching_weight(mate, weights) == brute_force(6, weights)


def test_matching_random_dense_graphs_match_brute_force():
    rng = random.Random(7)
    for _ in range(200):
        n = rng.randint(2, 9)
        weights = {
            (i, j): rng.randint(1, 50)
            for i in range(n)
            for j in range(i + 1, n)
            if rng.random() < 0.7
        }
        mate = max_weight_matching(n, [(i, j, w) for (i, j), w in weights.items()])
        assert matching_weight(mate, weights) == brute_force(n, weights)


def test_matching_ignores_non_positive_edges():
    assert max_weight_matching(3, [(0, 1, 0), (1, 2, -4)]) == [-1, -1, -1]


def best_near_perfect(n, weights, dead):
    """Brute force: best weight over matchings leaving at most n % 2 live vertices unmatched."""
    live = [v for v in range(n) if v not in dead]
    best = None

    def rec(rest, total, skipped):
        nonlocal best
        if not rest:
            best = total if best is None else max(best, total)
            return
        v, others = rest[0], rest[1:]
        if not skipped and n % 2:
            rec(others, total, True)
        for u in others:
            w = weights.get((min(u, v), max(u, v)), 0)
            if w > 0:
                rec([x for x in others if x != u], total + w, skipped)

    rec(live, 0, False)
    return best


def test_incremental_matching_follows_weight_changes_and_removals():
    from pairing.engines.matching import IncrementalMatching, NoPerfectMatching

    rng = random.Random(11)
    for _ in range(150):
        n = rng.randint(2, 8)
        m = IncrementalMatching(n)
        weights = {}
        dead: set[int] = set()
        for i in range(n):
            for j in range(i + 1, n):
                w = rng.choice(
                    [0, rng.randint(1, 9), (rng.randint(1, 3) << 40) + rng.randint(0, 9)]
                )
                weights[(i, j)] = w
                m.set_weight(j, i, w)
        for _step in range(6):
            try:
                mate = m.solve()
            except NoPerfectMatching:
                mate = None
            best = best_near_perfect(n, weights, dead)
            if mate is None:
                assert best is None
                break
            assert best is not None
            total = sum(weights[(v, u)] for v, u in enumerate(mate) if u > v)
            assert total == best
            live = [v for v in range(n) if v not in dead and mate[v] >= 0]
            if rng.random() < 0.3 and live:
                a = live[0]
                m.remove_pair(a, mate[a])
                dead |= {a, mate[a]}
            for _change in range(rng.randint(1, 4)):
                i, j = sorted(rng.sample(range(n), 2))
                if i in dead or j in dead:
                    continue
                w = rng.choice(
                    [0, rng.randint(1, 9), (rng.randint(1, 3) << 40) + rng.randint(0, 9)]
                )
                weights[(i, j)] = w
                a = rng.choice((i, j))
                m.set_weight(a, i + j - a, w)


def tied_graph(rng, n):
    """A complete graph with few distinct weights, like a bracket: many optima."""
    from pairing.engines.matching import IncrementalMatching

    m = IncrementalMatching(n)
    weights = {}
    edges = []
    for i in range(n):
        for j in range(i + 1, n):
            w = rng.choice([0, 2, 3, 3, 3])
            weights[(i, j)] = w
            edges.append((i, j, w))
    m.load(edges)
    return m, weights


def best_with(n, weights, forced):
    """Brute force: the best perfect matching holding the edge ``forced`` (None if none)."""
    a, c = forced
    if weights.get((min(a, c), max(a, c)), 0) <= 0:
        return None
    rest = {k: w for k, w in weights.items() if a not in k and c not in k}
    best = best_near_perfect(n, rest, {a, c})
    return None if best is None else best + weights[(min(a, c), max(a, c))]


def test_an_excluded_edge_is_in_no_maximum_matching_and_a_rerouted_one_is():
    from pairing.engines.matching import NoPerfectMatching

    rng = random.Random(5)
    checked = rerouted = 0
    for _ in range(120):
        n = rng.choice([4, 6, 8])
        m, weights = tied_graph(rng, n)
        try:
            mate = m.solve()
        except NoPerfectMatching:
            continue
        optimum = sum(weights[(v, u)] for v, u in enumerate(mate) if u > v)
        a = rng.randrange(n)
        for c in range(n):
            if c == a or mate[a] == c:
                continue
            checked += 1
            forced = best_with(n, weights, (a, c))
            if m.excluded(a, c):
                assert forced is None or forced < optimum
                continue
            pairs = m.reroute(a, c)
            if pairs is None:
                continue
            rerouted += 1
            mate = m.solve()  # nothing changed: reads the rerouted matching back
            assert mate[a] == c and mate[c] == a
            assert sum(weights[(v, u)] for v, u in enumerate(mate) if u > v) == optimum
            assert m.settled
    assert checked > 200 and rerouted > 20


def test_loading_weights_equals_setting_them_one_by_one():
    from pairing.engines.matching import IncrementalMatching

    rng = random.Random(9)
    for _ in range(50):
        n = rng.randint(2, 9)
        loaded, weights = tied_graph(rng, n)
        one_by_one = IncrementalMatching(n)
        for (i, j), w in weights.items():
            one_by_one.set_weight(j, i, w)
        try:
            a = loaded.solve()
        except Exception as e:  # both must fail alike
            a = type(e)
        try:
            b = one_by_one.solve()
        except Exception as e:
            b = type(e)
        if isinstance(a, list):
            total = [sum(weights[(v, u)] for v, u in enumerate(x) if u > v) for x in (a, b)]
            assert total[0] == total[1]
        else:
            assert a == b
