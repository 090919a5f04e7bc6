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
