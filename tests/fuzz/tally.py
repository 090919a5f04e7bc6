"""How many inputs each fuzzed parser was given in this run; conftest.py prints the total."""

from collections import Counter

TRIED: Counter[str] = Counter()


def tried(parser: str) -> None:
    """Count one input given to ``parser``."""
    TRIED[parser] += 1
