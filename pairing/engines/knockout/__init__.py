"""Judo knockout brackets: draw, systems, progress, pools and the choice of system; the
competition day: bout scores, the contest order on the mats and the medal table.

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
from .medals import MedalRow, medal_table
from .model import (
    BracketMatch,
    Competitor,
    Draw,
    DrawnBracket,
    KnockoutError,
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
from .schedule import (
    Breach,
    Call,
    Schedule,
    ScheduledBout,
    earliest,
    next_bout,
    propose_mats,
    rest_in_bouts,
    schedule,
    to_fight,
)
from .scores import DEFAULT_EDITION, EDITIONS, RULES, Outcome, Rules, Score, Tally, compare
from .systems import SYSTEMS, KnockoutSystem, bracket

__all__ = [
    "DEFAULT_EDITION",
    "DEFAULT_RULES",
    "EDITIONS",
    "PENDING",
    "POOL_ORDER",
    "RULES",
    "SYSTEMS",
    "BracketMatch",
    "Breach",
    "Call",
    "Competitor",
    "Draw",
    "DrawnBracket",
    "KnockoutError",
    "KnockoutSystem",
    "MatchState",
    "MedalRow",
    "Medals",
    "Outcome",
    "Placing",
    "PoolRow",
    "Ref",
    "ResetNeeded",
    "Rules",
    "Schedule",
    "ScheduledBout",
    "Score",
    "State",
    "Step",
    "Tally",
    "bracket",
    "bracket_size",
    "change_result",
    "choose_system",
    "compare",
    "dependents",
    "draw",
    "draw_pool",
    "drawing_queue",
    "earliest",
    "fixed_seed_places",
    "ijf_numbering",
    "international_numbering",
    "last_match",
    "medal_table",
    "medals",
    "meet_round",
    "next_bout",
    "placings",
    "play",
    "pool_matches",
    "pool_standings",
    "propose_mats",
    "rest_in_bouts",
    "schedule",
    "slot_badness",
    "standings",
    "to_fight",
]
