"""Random tournaments for the benchmarks and the property tests of the Dutch engine."""

from __future__ import annotations

import random

from pairing.engines.trf import Scoring, TrfPlayer, TrfResult, TrfTournament


def random_tournament(n: int, rounds: int, played: int, seed: int) -> TrfTournament:
    """``n`` players after ``played`` rounds (of ``rounds``), the same for the same arguments.

    Each round pairs the players in score order with the first one not met yet (not the Dutch
    rules: a quick, plausible history), colours by balance then by lot, results at random with
    about one game in ten forfeited; about one player in fifty takes a half-point bye each round
    and an odd one out gets the pairing-allocated bye.
    """
    rng = random.Random(seed * 100003 + n)
    score = [0] * n
    met: list[set[int]] = [set() for _ in range(n)]
    colours: list[list[str]] = [[] for _ in range(n)]
    results: list[list[TrfResult]] = [[] for _ in range(n)]
    for _ in range(played):
        order = sorted(range(n), key=lambda i: (-score[i], i))
        absent = set(rng.sample(order, max(0, n // 50)))
        todo = [i for i in order if i not in absent]
        for i in absent:
            results[i].append(TrfResult(None, "-", "H"))
            score[i] += 5
        if len(todo) % 2:
            bye = todo.pop()
            results[bye].append(TrfResult(None, "-", "U"))
            score[bye] += 10
        while todo:
            a = todo.pop(0)
            j = next((k for k, b in enumerate(todo) if b not in met[a]), 0)
            b = todo.pop(j)
            wa = colours[a].count("w") - colours[a].count("b")
            wb = colours[b].count("w") - colours[b].count("b")
            white, black = (a, b) if wa < wb or (wa == wb and rng.random() < 0.5) else (b, a)
            r = rng.choice("10=" if rng.random() < 0.9 else "+-")
            rw, rb = {
                "1": ("1", "0"),
                "0": ("0", "1"),
                "=": ("=", "="),
                "+": ("+", "-"),
                "-": ("-", "+"),
            }[r]
            for p, q, c, res in ((white, black, "w", rw), (black, white, "b", rb)):
                results[p].append(TrfResult(q + 1, c, res))
                colours[p].append(c)
                met[p].add(q)
                score[p] += {"1": 10, "+": 10, "=": 5}.get(res, 0)
    return _tournament(n, rounds, score, results)


def circle_tournament(n: int, rounds: int, played: int, seed: int) -> TrfTournament:
    """``n`` players after ``played`` rounds paired by the circle method (the Berger table of a
    round robin, C.05 Annex 1), results at random: a legal history (no rematch, no colour
    three times running) that takes no account of scores, so every score group is met by every
    other one and late brackets are mixed as a Swiss never mixes them.
    """
    rng = random.Random(seed * 100019 + n)
    score = [0] * n
    results: list[list[TrfResult]] = [[] for _ in range(n)]
    size = n + n % 2  # an odd field gets a dummy slot: whoever meets it has the bye
    for r in range(played):
        # the circle: the last slot stays, the others turn one place each round
        circle = [size - 1] + [(r + i) % (size - 1) for i in range(size - 1)]
        for k in range(size // 2):
            a, b = circle[k], circle[size - 1 - k]
            if max(a, b) >= n:
                results[min(a, b)].append(TrfResult(None, "-", "U"))
                score[min(a, b)] += 10
                continue
            white, black = (a, b) if (r + (k == 0) * a) % 2 == 0 else (b, a)
            rw, rb = rng.choice((("1", "0"), ("0", "1"), ("=", "=")))
            results[white].append(TrfResult(black + 1, "w", rw))
            results[black].append(TrfResult(white + 1, "b", rb))
            score[white] += {"1": 10, "=": 5}.get(rw, 0)
            score[black] += {"1": 10, "=": 5}.get(rb, 0)
    return _tournament(n, rounds, score, results)


def _tournament(
    n: int, rounds: int, score: list[int], results: list[list[TrfResult]]
) -> TrfTournament:
    """The generated history as a TRF tournament: players numbered by rating, White first."""
    players = tuple(
        TrfPlayer(
            number=i + 1,
            name=f"Player {i + 1}",
            rating=2800 - i,
            points=score[i],
            results=tuple(results[i]),
        )
        for i in range(n)
    )
    return TrfTournament(players=players, rounds=rounds, initial_colour="w", scoring=Scoring())
