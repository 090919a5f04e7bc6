"""The matching started kind by kind (``transport.kind_relaxation``) against brute force."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pairing.engines.matching import IncrementalMatching, NoPerfectMatching
from pairing.engines.transport import kind_relaxation
from tests.pairing.engines.test_matching import best_near_perfect


@st.composite
def kind_graphs(draw):
    """A graph whose weights are those of its vertices' kinds, with a few edges missing (the
    forbidden pairs of a bracket), like a bracket of an early round."""
    n = draw(st.integers(2, 11))
    kind_count = draw(st.integers(1, 4))
    kinds = [draw(st.integers(0, kind_count - 1)) for _ in range(n)]
    shift = draw(st.sampled_from([0, 60]))
    table = {}
    for a in range(kind_count):
        for b in range(a, kind_count):
            table[(a, b)] = (draw(st.integers(0, 6)) << shift) + draw(st.integers(0, 2))
    weights = {}
    for i in range(n):
        for j in range(i + 1, n):
            a, b = sorted((kinds[i], kinds[j]))
            weights[(i, j)] = table[(a, b)]
    for pair in draw(st.lists(st.sampled_from(sorted(weights)), max_size=3)):
        weights[pair] = 0
    return n, kinds, weights


def weight_of(mate, weights):
    return sum(weights[(v, u)] for v, u in enumerate(mate) if u > v)


def solve(m):
    try:
        return m.solve()
    except NoPerfectMatching:
        return None


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(kind_graphs())
def test_a_matching_started_from_the_kinds_is_a_maximum_one(graph):
    n, kinds, weights = graph
    m = IncrementalMatching(n)
    m.load((j, i, w) for (i, j), w in weights.items())
    m.set_kinds(kinds)
    mate = solve(m)
    best = best_near_perfect(n, weights, set())
    if best is None:
        assert mate is None
        return
    assert mate is not None
    assert weight_of(mate, weights) == best


@pytest.mark.slow
@settings(max_examples=150, deadline=None)
@given(kind_graphs(), st.randoms(use_true_random=False))
def test_it_then_follows_weight_changes_and_removals(graph, rng):
    n, kinds, weights = graph
    m = IncrementalMatching(n)
    m.load((j, i, w) for (i, j), w in weights.items())
    m.set_kinds(kinds)
    dead: set[int] = set()
    for _step in range(4):
        mate = solve(m)
        best = best_near_perfect(n, weights, dead)
        if mate is None:
            assert best is None
            return
        assert weight_of(mate, weights) == best
        live = [v for v in range(n) if v not in dead and mate[v] >= 0]
        if live and rng.random() < 0.4:
            a = live[0]
            m.remove_pair(a, mate[a])
            dead |= {a, mate[a]}
        for _change in range(rng.randint(1, 3)):
            i, j = sorted(rng.sample(range(n), 2))
            if i not in dead and j not in dead:
                weights[(i, j)] = rng.randint(0, 7)
                m.set_weight(j, i, weights[(i, j)])


@st.composite
def kind_tables(draw):
    k = draw(st.integers(1, 4))
    counts = [draw(st.integers(1, 3)) for _ in range(k)]
    table: list[list[int | None]] = [[None] * k for _ in range(k)]
    for a in range(k):
        for b in range(a, k):
            w = draw(st.one_of(st.none(), st.integers(0, 40)))
            if a == b and counts[a] < 2:
                w = None
            table[a][b] = table[b][a] = w
    return counts, table


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(kind_tables())
def test_the_relaxation_gives_feasible_duals_and_tight_pairs_no_better_than_it(kinds):
    counts, table = kinds
    vertices = [a for a, c in enumerate(counts) for _ in range(c)]
    n = len(vertices)
    weights = {}
    for i in range(n):
        for j in range(i + 1, n):
            w = table[vertices[i]][vertices[j]]
            if w is not None:
                weights[(i, j)] = w + 1  # edges of weight 0 count as present
    relaxation = kind_relaxation(counts, table)
    if n % 2 == 0 and (best := best_near_perfect(n, weights, set())) is not None:
        assert relaxation is not None
        duals, pairs = relaxation
        k = len(counts)
        for a in range(k):
            for b in range(k):
                if table[a][b] is not None:
                    assert duals[a] + duals[b] >= 2 * table[a][b]
        for (a, b), count in pairs.items():
            assert duals[a] + duals[b] == 2 * table[a][b]
            assert count <= (counts[a] // 2 if a == b else min(counts[a], counts[b]))
        # weak duality: no perfect matching weighs more than the duals' half sum
        assert best - n // 2 <= sum(c * d for c, d in zip(counts, duals, strict=True)) // 2


def test_players_the_kinds_cannot_seat_are_seated_through_a_matched_pair(monkeypatch):
    # one kind of four, 0-1 forbidden: the kinds seat 3-2 and leave 0 and 1 free; the path
    # 0 - 2 = 3 - 1 of tight edges seats them before any stage of the blossom algorithm
    m = IncrementalMatching(4)
    m.load([(1, 0, 0), (2, 0, 6), (3, 0, 6), (2, 1, 6), (3, 1, 6), (3, 2, 6)])
    m.set_kinds([0, 0, 0, 0])
    free_at_the_stages = []
    run_stages = IncrementalMatching._run_stages

    def counting(self, perfect):
        free_at_the_stages.append(sum(1 for p in self.mate if p == -1))
        run_stages(self, perfect)

    monkeypatch.setattr(IncrementalMatching, "_run_stages", counting)
    assert m.solve() == [2, 3, 0, 1]
    assert free_at_the_stages == [0]
