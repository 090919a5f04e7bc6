"""Systems, results and medals (spec §2.9, Appendix A): who fights for bronze, on 5, 8, 13, 32."""

import random

import pytest

from pairing.engines.knockout import (
    SYSTEMS,
    Competitor,
    KnockoutError,
    ResetNeeded,
    bracket,
    change_result,
    draw,
    medals,
    play,
)
from pairing.engines.knockout.systems import main_id

REPECHAGE = ("ijf_repechage", "double_repechage", "double_elimination")


def field(n, clubs=3):
    return [
        Competitor(str(i), f"C{i}", club=f"club{i % clubs}", seed=i if 1 <= i <= 4 else None)
        for i in range(1, n + 1)
    ]


def play_all(b, pick):
    """Fight every match as it becomes ready; `pick(a, b)` names the winner."""
    results = {}
    while True:
        state = play(b, results)
        ready = state.ready()
        if not ready:
            return state, results
        for ms in ready:
            results[ms.match.id] = pick(ms.a, ms.b)


def strongest(a, b):
    return min(a, b, key=int)  # the lower number always wins


def main_losers(state, size, half):
    """(round, loser, winner) of every main match before the semi-finals in one half."""
    rounds = size.bit_length() - 1
    out = []
    for rnd in range(1, rounds - 1):
        per_half = (size >> rnd) // 2
        for i in range(half * per_half, (half + 1) * per_half):
            ms = state[main_id(size, rnd, i)]
            out.append((rnd, i, ms.loser, ms.winner))
    return out


def eligible(system, state, size, half):
    """Who may come out of a half's repechage, from the main bracket alone (spec §2.9)."""
    rounds = size.bit_length() - 1
    losers = main_losers(state, size, half)
    if system == "ijf_repechage":
        return {lo for rnd, _, lo, _ in losers if rnd == rounds - 2} - {None}
    if system == "double_elimination":
        return {lo for _, _, lo, _ in losers} - {None}
    semifinalists = {state[main_id(size, rounds - 2, i)].winner for i in (2 * half, 2 * half + 1)}
    return {lo for _, _, lo, w in losers if w in semifinalists} - {None}


@pytest.mark.parametrize("system", REPECHAGE)
@pytest.mark.parametrize("n", [5, 8, 13, 32])
@pytest.mark.parametrize("rng_seed", range(4))
def test_the_right_competitors_fight_for_bronze(system, n, rng_seed):
    drawn = draw(field(n), seed=rng_seed, minimum_size=SYSTEMS[system].min_size)
    b = bracket(drawn, system)
    size, rounds = drawn.size, drawn.size.bit_length() - 1
    rng = random.Random(rng_seed)
    for pick in (strongest, lambda a, b_: rng.choice((a, b_))):
        state, _ = play_all(b, pick)
        semis = [state[main_id(size, rounds - 1, h)] for h in (0, 1)]
        bronze = [m for m in state.matches if m.match.stage == "bronze"]
        assert len(bronze) == 2
        for half, match in enumerate(bronze):
            assert match.b == semis[1 - half].loser  # the other half's losing semi-finalist
            allowed = eligible(system, state, size, half)
            assert match.a in allowed or (match.a is None and not allowed)
            if pick is strongest:
                assert match.a == (min(allowed, key=int) if allowed else None)
        result = medals(state)
        assert result.gold == state[b.matches[-1].id].winner
        assert sorted(result.bronze, key=str) == sorted((m.winner for m in bronze), key=str)
        if pick is strongest:
            assert result.gold == "1" and result.silver in {"2", "3", "4"}
            everyone = {c.id for c in drawn.competitors}
            podium = {result.gold, result.silver, *result.bronze}
            assert len(podium - {None}) == min(4, n)
            assert podium <= everyone | {None}


@pytest.mark.parametrize("n", [5, 8, 13, 32])
def test_single_elimination_gives_both_losing_semi_finalists_bronze(n):
    drawn = draw(field(n), seed=n)
    for system, bronzes in (("single", 2), ("single_bronze", 1)):
        b = bracket(drawn, system)
        state, _ = play_all(b, strongest)
        rounds = drawn.size.bit_length() - 1
        semis = {state[main_id(drawn.size, rounds - 1, h)].loser for h in (0, 1)}
        result = medals(state)
        assert result.gold == "1"
        assert len(result.bronze) == bronzes
        assert set(result.bronze) <= semis
        if system == "single_bronze":
            (bronze,) = [m for m in state.matches if m.match.stage == "bronze"]
            assert {bronze.a, bronze.b} == semis


@pytest.mark.parametrize(
    ("system", "size", "count"),
    [
        ("single", 8, 7),
        ("single", 16, 15),
        ("single_bronze", 16, 16),
        ("ijf_repechage", 8, 11),
        ("ijf_repechage", 16, 19),
        ("ijf_repechage", 32, 35),
        ("double_repechage", 8, 11),
        ("double_repechage", 16, 23),
        ("double_repechage", 32, 43),
        ("double_elimination", 8, 11),
        ("double_elimination", 16, 27),
    ],
)
def test_match_counts_match_appendix_a(system, size, count):
    drawn = draw(field(size), seed=1)
    assert len(bracket(drawn, system).matches) == count


def test_ijf_16_wiring_is_appendix_a_up_to_numbering():
    b = bracket(draw(field(16), seed=1), "ijf_repechage")
    wiring = {m.id: (m.stage, str(m.a), str(m.b)) for m in b.matches if m.id > 12}
    assert wiring == {
        13: ("main", "winner of M9", "winner of M10"),
        14: ("main", "winner of M11", "winner of M12"),
        15: ("repechage", "loser of M9", "loser of M10"),
        16: ("repechage", "loser of M11", "loser of M12"),
        17: ("bronze", "winner of M15", "loser of M14"),
        18: ("bronze", "winner of M16", "loser of M13"),
        19: ("final", "winner of M13", "winner of M14"),
    }


@pytest.mark.slow
def test_every_reference_points_to_an_earlier_match():
    for system in ("single", "single_bronze", *REPECHAGE):
        for size in (8, 16, 32, 64):
            b = bracket(draw(field(size - 1), seed=2), system)
            for m in b.matches:
                for ref in (m.a, m.b):
                    assert ref.kind == "slot" or ref.number < m.id


@pytest.mark.slow
@pytest.mark.parametrize("rng_seed", range(6))
def test_repechage_never_repeats_a_meeting_and_bronze_never_does(rng_seed):
    """IJF and classic double repechage never pair two who met; in double elimination only the
    losers' bracket merge after a drop-in can (as in the spec's GBR/EST tables), never a bronze."""
    rng = random.Random(rng_seed)
    for n in (13, 32, 60):
        drawn = draw(field(n), seed=n + rng_seed)
        for system in REPECHAGE:
            state, _ = play_all(bracket(drawn, system), lambda a, b: rng.choice((a, b)))
            seen, repeats = set(), []
            for m in state.matches:
                if m.status == "done":
                    pair = frozenset((m.a, m.b))
                    if pair in seen:
                        repeats.append(m.match)
                    seen.add(pair)
            if system != "double_elimination":
                assert repeats == []
            assert all(m.stage == "repechage" for m in repeats)


def test_a_ghost_in_a_quarter_final_gives_a_walkover_in_the_repechage():
    # Spec §2.12 item 6: 5 in an 8-bracket: three quarter-finals are byes.
    drawn = draw(field(5), seed=3, minimum_size=8)
    state, _ = play_all(bracket(drawn, "ijf_repechage"), strongest)
    byes = [m for m in state.matches if m.status == "bye"]
    assert byes and all(m.winner in (m.a, m.b) for m in byes)
    assert medals(state).gold == "1"


def test_a_too_small_bracket_is_refused_with_the_minimum():
    with pytest.raises(KnockoutError, match="minimum_size=8"):
        bracket(draw(field(4), seed=1), "ijf_repechage")


def test_results_must_name_someone_in_the_match():
    b = bracket(draw(field(8), seed=1), "single")
    state = play(b, {})
    m1 = state[1]
    with pytest.raises(KnockoutError, match="not in it"):
        play(b, {1: "nobody"})
    with pytest.raises(KnockoutError, match="sides are not known"):
        play(b, {5: "a"})
    assert play(b, {1: "a"})[1].winner == m1.a
    assert play(b, {1: m1.b})[1].winner == m1.b


def test_a_changed_result_propagates_and_asks_before_resetting_fought_matches():
    b = bracket(draw(field(8), seed=1), "ijf_repechage")
    state, results = play_all(b, strongest)
    first = state[1]
    with pytest.raises(ResetNeeded) as caught:
        change_result(b, results, 1, first.loser)
    assert "M5" in str(caught.value) and 5 in caught.value.matches
    assert all(m > 1 for m in caught.value.matches)
    new = change_result(b, results, 1, first.loser, confirm_reset=True)
    assert new[1] == first.loser
    assert not set(caught.value.matches) & set(new)
    after = play(b, new)
    fed = [m for m in after.matches if first.loser in (m.a, m.b) and m.match.id != 1]
    assert fed and fed[0].status == "ready"  # the new winner now waits in the next match
    # The same winner again changes nothing and needs no confirmation.
    assert change_result(b, results, 1, first.winner) == results


def test_a_result_nothing_depends_on_yet_changes_without_confirmation():
    b = bracket(draw(field(8), seed=1), "single")
    results = {1: "a", 2: "a"}
    assert change_result(b, results, 1, "b") == {1: play(b, {1: "b"})[1].winner, 2: "a"}
    assert change_result(b, results, 1, None) == {2: "a"}


def test_a_changed_quarter_final_resets_the_ladders_it_fed():
    drawn = draw(field(16), seed=5)
    b = bracket(drawn, "double_repechage")
    state, results = play_all(b, strongest)
    ladder = [m.match.id for m in state.matches if m.match.stage == "repechage"]
    with pytest.raises(ResetNeeded) as caught:
        change_result(b, results, 9, state[9].loser)
    assert set(ladder[:1]) <= set(caught.value.matches)
