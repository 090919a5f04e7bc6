"""Helpers for the Swiss tests (the Trondheim Open persona lives in tests/conftest.py)."""

import random

from arbiter.core.services.results import record_result
from pairing.rounds import services as rounds


def play(user, round_, seed=1):
    """Publish a draft and enter a result on every board, drawn by a seeded random."""
    rng = random.Random(seed * 1000 + round_.number)
    if round_.state == "draft":
        rounds.publish_round(user, round_)
    for game in round_.games.order_by("board"):
        record_result(user, game, rng.choice(["1-0", "0-1", "1/2", "1-0"]))
