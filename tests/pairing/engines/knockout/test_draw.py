"""The knockout draw (spec §2.2-§2.6): the worked example, numberings, seeds, byes, separation."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pairing.engines.knockout import (
    Competitor,
    KnockoutError,
    bracket_size,
    draw,
    drawing_queue,
    fixed_seed_places,
    ijf_numbering,
    international_numbering,
    meet_round,
    slot_badness,
)
from pairing.engines.knockout.draw import seed_level

X1 = Competitor("x1", "Seeded X", club="X", seed=1)
X2 = Competitor("x2", "Second X", club="X")
X3 = Competitor("x3", "Third X", club="X")
X4 = Competitor("x4", "Fourth X", club="X")


def test_the_worked_example_scores_every_slot_as_the_spec_current_rules():
    # Spec §2.5: seeded X (seed 1) on slot 3, an unseeded X on slot 14, another X to place.
    scores = slot_badness(16, {3: X1, 14: X2}, X3)
    expected = [17, 17, None, 34, 8, 8, 8, 8, 4, 4, 4, 4, 14, None, 9, 9]
    assert [scores.get(s) for s in range(1, 17)] == expected
    low = min(scores.values())
    assert {s for s, v in scores.items() if v == low} == {9, 10, 11, 12}


def test_after_slot_9_the_next_mate_goes_to_the_empty_quarter_of_the_upper_half():
    scores = slot_badness(16, {3: X1, 9: X3, 14: X2}, X4)
    assert [scores[s] for s in (5, 6, 7, 8, 10, 11, 12)] == [8, 8, 8, 8, 15, 10, 10]
    assert {s for s, v in scores.items() if v == min(scores.values())} == {5, 6, 7, 8}
    stranger = Competitor("y", "Unrelated", club="Y")
    scores = slot_badness(16, {3: X1, 9: X3, 14: X2}, stranger)
    assert [scores.get(s) for s in range(1, 17)] == [
        1, 1, None, 10, 0, 0, 0, 0, None, 3, 2, 2, 3, None, 2, 2,
    ]  # fmt: skip


@pytest.mark.parametrize("seed", range(20))
def test_the_draw_reproduces_the_worked_example_step_by_step(seed):
    field = [X1, X2, X3, X4]
    drawn = draw(field, seed=seed, fixed={"x1": 3, "x2": 14}, size=16)
    steps = {s.competitor: s for s in drawn.log}
    first, second = (s for s in drawn.log if s.competitor in ("x3", "x4"))
    assert first.slot in {9, 10, 11, 12} and set(first.tied) == {9, 10, 11, 12}
    assert second.slot in {5, 6, 7, 8} and set(second.tied) == {5, 6, 7, 8}
    assert dict(first.badness)[9] == 4 and dict(first.badness)[1] == 17
    assert 4 not in dict(first.badness)  # opposite seed 1, who keeps the bye
    assert steps["x1"].rule == "fixed place"


def test_the_sheet_numberings():
    assert international_numbering(8) == (1, 5, 3, 7, 2, 6, 4, 8)
    assert international_numbering(16) == (1, 9, 5, 13, 3, 11, 7, 15, 2, 10, 6, 14, 4, 12, 8, 16)
    assert ijf_numbering(8) == (1, 8, 4, 5, 2, 7, 3, 6)
    assert ijf_numbering(16) == (1, 16, 8, 9, 4, 13, 5, 12, 2, 15, 7, 10, 3, 14, 6, 11)


def test_fixed_seed_places_follow_the_spec_tables():
    seeds = [Competitor(str(k), f"S{k}", seed=k) for k in range(1, 9)]
    ijf = fixed_seed_places(seeds, 32)
    assert [ijf[str(k)] for k in range(1, 9)] == [1, 17, 25, 9, 13, 29, 21, 5]
    intl = fixed_seed_places(seeds, 16, "international")
    assert [intl[str(k)] for k in range(1, 9)] == [1, 9, 5, 13, 3, 11, 7, 15]
    field = seeds + [Competitor(f"u{i}", f"U{i}") for i in range(10)]
    drawn = draw(field, seed=1, fixed=ijf)
    assert all(drawn.slots[slot - 1] == cid for cid, slot in ijf.items())


def test_bracket_size_is_the_smallest_power_of_two():
    assert [bracket_size(n) for n in (2, 3, 4, 5, 8, 9, 17, 33)] == [2, 4, 4, 8, 8, 16, 32, 64]
    assert bracket_size(5, 8) == 8 and bracket_size(3, 8) == 8


def test_the_queue_draws_seeds_then_their_mates_then_big_groups():
    import random

    field = [
        Competitor("a", "A", club="Small"),
        Competitor("b", "B", club="Big"),
        Competitor("s2", "S2", club="Two", seed=2),
        Competitor("c", "C", club="Big"),
        Competitor("t", "T", club="Two"),
        Competitor("s1", "S1", club="One", seed=1),
        Competitor("o", "O", club="One"),
        Competitor("d", "D", club="Big"),
    ]
    queue = [c.id for c in drawing_queue(field, random.Random(4))]
    assert queue[:4] == ["s1", "s2", "o", "t"]
    assert set(queue[4:7]) == {"b", "c", "d"} and queue[7] == "a"


def test_bad_fields_are_refused():
    with pytest.raises(KnockoutError, match="same seed"):
        draw([Competitor("a", "A", seed=1), Competitor("b", "B", seed=1)], seed=1)
    with pytest.raises(KnockoutError, match="once"):
        draw([Competitor("a", "A"), Competitor("a", "B")], seed=1)
    with pytest.raises(KnockoutError, match="1 to 8"):
        draw([Competitor("a", "A", seed=9), Competitor("b", "B")], seed=1)
    with pytest.raises(KnockoutError, match="same slot"):
        draw([Competitor("a", "A"), Competitor("b", "B")], seed=1, fixed={"a": 1, "b": 1})
    with pytest.raises(KnockoutError, match="separate_by"):
        draw([Competitor("a", "A"), Competitor("b", "B")], seed=1, separate_by="town")


# --- properties over random fields ---------------------------------------------------------


@st.composite
def fields(draw_, min_size=2, max_size=40, clubs="ABCDEFGH"):
    n = draw_(st.integers(min_size, max_size))
    club_of = draw_(st.lists(st.sampled_from(clubs + " "), min_size=n, max_size=n))
    seeds = draw_(st.integers(0, min(8, n)))
    order = draw_(st.permutations(range(n)))
    seed_of = {order[k]: k + 1 for k in range(seeds)}
    return [
        Competitor(f"c{i}", f"C{i}", club=club_of[i].strip(), seed=seed_of.get(i)) for i in range(n)
    ]


def seeds_of(drawn):
    return {c.seed: drawn.slot_of(c.id) for c in drawn.competitors if c.seed}


@settings(max_examples=150, deadline=None)
@given(fields(), st.integers(0, 2**32))
def test_seeds_end_in_their_halves_quarters_and_eighths(field, rng_seed):
    drawn = draw(field, seed=rng_seed)
    where = seeds_of(drawn)
    for k, slot in where.items():
        block = max(drawn.size >> seed_level(k), 1)
        for better, other in where.items():
            if better < k:
                assert (other - 1) // block != (slot - 1) // block, (k, better, drawn.slots)
    if 1 in where and 5 in where and drawn.size >= 16:
        assert meet_round(where[1], where[5]) >= drawn.size.bit_length() - 3  # not before QF


@settings(max_examples=150, deadline=None)
@given(fields(), st.integers(0, 2**32))
def test_byes_only_against_the_best_seeds(field, rng_seed):
    drawn = draw(field, seed=rng_seed)
    n, size = len(field), drawn.size
    pairs = [drawn.slots[i : i + 2] for i in range(0, size, 2)]
    with_bye = {a or b for a, b in pairs if (a is None) != (b is None)}
    assert sum(1 for a, b in pairs if a and b) == max(0, n - size // 2)
    assert len(with_bye) == size - n
    seeded = sorted((c for c in field if c.seed), key=lambda c: c.seed)
    entitled = {c.id for c in seeded[: size - n]}
    assert entitled <= with_bye
    if entitled != {c.id for c in seeded}:  # fewer byes than seeds: only seeds have them
        assert with_bye == entitled


@settings(max_examples=100, deadline=None)
@given(fields(max_size=24, clubs=""), st.integers(0, 2**32))
def test_without_clubs_the_halves_differ_by_at_most_one(field, rng_seed):
    drawn = draw(field, seed=rng_seed)
    half = drawn.size // 2
    upper = sum(1 for s in drawn.slots[:half] if s)
    assert abs(upper - (len(field) - upper)) <= 1


@settings(max_examples=150, deadline=None)
@given(fields(), st.integers(0, 2**32))
def test_a_separation_still_available_is_never_given_up(field, rng_seed):
    """Each mate goes where it meets its club latest among the slots the rules allowed."""
    drawn = draw(field, seed=rng_seed)
    by_id = {c.id: c for c in field}
    placed: dict[int, str] = {}
    for step in drawn.log:
        club = by_id[step.competitor].club
        mates = [s for s, cid in placed.items() if club and by_id[cid].club == club]

        def latest(s, mates=mates):
            return min((meet_round(s, t) for t in mates), default=99)

        allowed = [s for s, _ in step.badness]
        assert latest(step.slot) == max(latest(s) for s in allowed)
        placed[step.slot] = step.competitor


@settings(max_examples=150, deadline=None)
@given(
    st.lists(st.integers(1, 8), min_size=1, max_size=4),
    st.integers(0, 20),
    st.integers(0, 2**32),
)
def test_club_mates_meet_no_earlier_than_the_spec_promises(club_sizes, singles, rng_seed):
    """Spec §2.12 item 4: 2 mates in different halves, 3-4 in different quarters, 5-8 eighths.

    Fields without seeds where every club can be spread: at most one club per slot of a block.
    """
    field, n = [], 0
    for k, m in enumerate(club_sizes):
        field += [Competitor(f"k{k}m{i}", f"K{k}M{i}", club=f"club{k}") for i in range(m)]
    field += [Competitor(f"s{i}", f"S{i}") for i in range(singles)]
    n = len(field)
    drawn = draw(field, seed=rng_seed)
    rounds = drawn.size.bit_length() - 1
    for k, m in enumerate(club_sizes):
        if m * len(club_sizes) > drawn.size // 2:
            continue  # not always separable into empty pairs: only the largest-first rule holds
        slots = [drawn.slot_of(f"k{k}m{i}") for i in range(m)]
        promise = rounds - (m - 1).bit_length() + 1
        earliest = min(
            (meet_round(a, b) for i, a in enumerate(slots) for b in slots[i + 1 :]), default=99
        )
        assert earliest >= promise, (k, m, slots, n)


@settings(max_examples=50, deadline=None)
@given(fields(), st.integers(0, 2**32))
def test_the_same_seed_gives_the_same_bracket(field, rng_seed):
    assert draw(field, seed=rng_seed) == draw(list(field), seed=rng_seed)
