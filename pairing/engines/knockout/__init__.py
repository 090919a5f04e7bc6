"""Judo knockout brackets: draw, systems, progress, pools and the choice of system.

Pure Python (no Django): frozen dataclasses in and out, the same output for the same seed.
Spec: /work/shared/specs/knockout-judo.md; decisions: docs/knockout.md.
"""

from .choice import DEFAULT_RULES, choose_system
from .draw import (
    bracket_size,
    draw,
    drawing_queue,
    fixed_seed_places,
    ijf_numbering,
    international_numbering,
    meet_round,
    slot_badness,
)
from .model import (
    Bracket,
    Competitor,
    Draw,
    KnockoutError,
    Match,
    Ref,
    ResetNeeded,
    Step,
)
from .pools import POOL_ORDER, PoolRow, draw_pool, last_match, pool_matches, pool_standings
from .progress import (
    PENDING,
    MatchState,
    Medals,
    Placing,
    State,
    change_result,
    dependents,
    medals,
    placings,
    play,
    standings,
)
from .systems import SYSTEMS, System, bracket

__all__ = [
    "DEFAULT_RULES",
    "PENDING",
    "POOL_ORDER",
    "SYSTEMS",
    "Bracket",
    "Competitor",
    "Draw",
    "KnockoutError",
    "Match",
    "MatchState",
    "Medals",
    "Placing",
    "PoolRow",
    "Ref",
    "ResetNeeded",
    "State",
    "Step",
    "System",
    "bracket",
    "bracket_size",
    "change_result",
    "choose_system",
    "dependents",
    "draw",
    "draw_pool",
    "drawing_queue",
    "fixed_seed_places",
    "ijf_numbering",
    "international_numbering",
    "last_match",
    "medals",
    "meet_round",
    "placings",
    "play",
    "pool_matches",
    "pool_standings",
    "slot_badness",
    "standings",
]
