"""The system for a field of n competitors, a setting per event (spec §2.10).

Defaults are the spec's International row, the one this product's judo users follow: 2-5 a
pool, 6 and more the IJF quarter-final repechage. The spec's "best of three" for two is not a
system here: two competitors fight one pool match (a pool of 2).

`rules` (all optional):
  "rows": [[min_n, max_n_or_null, system], ...], first matching row wins (the spec's table);
  "pool_up_to": the largest field drawn as a pool (default 5, at most 7);
  "knockout": the system above that (default "ijf_repechage").
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .model import KnockoutError
from .pools import MAX_POOL

DEFAULT_RULES: dict[str, Any] = {"pool_up_to": 5, "knockout": "ijf_repechage"}


def choose_system(n: int, rules: Mapping[str, Any] | None = None) -> str:
    """The system code for `n` competitors under `rules` (see the module docstring)."""
    from .systems import SYSTEMS

    if not isinstance(n, int) or n < 2:
        raise KnockoutError("A category needs at least two competitors.")
    rules = {**DEFAULT_RULES, **(rules or {})}
    system: str
    for row in rules.get("rows", ()):
        try:
            low, high, system = row
        except (TypeError, ValueError):
            raise KnockoutError(f"A rule row is [min, max, system], not {row!r}.") from None
        if system not in SYSTEMS:
            raise KnockoutError(f"Unknown system {system!r} in the rules.")
        if low <= n and (high is None or n <= high):
            if SYSTEMS[system].is_pool and n > MAX_POOL:
                raise KnockoutError(f"A pool has at most {MAX_POOL} competitors.")
            return system
    pool_up_to = rules["pool_up_to"]
    if not isinstance(pool_up_to, int) or not 0 <= pool_up_to <= MAX_POOL:
        raise KnockoutError(f'"pool_up_to" must be a number from 0 to {MAX_POOL}.')
    if n <= pool_up_to:
        return "pool"
    if rules["knockout"] not in SYSTEMS or rules["knockout"] == "pool":
        raise KnockoutError(f"Unknown knockout system {rules['knockout']!r}.")
    knockout: str = rules["knockout"]
    return knockout
