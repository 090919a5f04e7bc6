"""The knockout draw: bracket size, drawing queue, seed regions and badness placement.

Spec §2.2 (queue), §2.3 (seed regions, fixed places), §2.4 (b) (badness, the "current rules"),
§2.5 (worked example), §4 (seeding positions). Differences from the reference program, on purpose:

- Seed regions: seed k may only go to a block, at its level, that holds no better seed: seed 1
  anywhere, 2 the other half, 3 and 4 the quarters without 1 and 2, 5 to 8 the eighths without a
  better seed. JudoShiai keeps 5-8 only in quarters, so seed 5 can meet seed 1 in round 2 (§2.3).
- Byes are a rule, not only a score: the byes (size - field) go to the best seeds first; nobody
  is put opposite a seed entitled to a bye, and nobody opposite anyone while a pair is still empty.
- Separation comes before badness: among the allowed slots the engine keeps those where the
  competitor meets a club/country mate latest, then takes the least badness. The spec's scores can
  let balancing beat separation (§2.12 item 4); here a separation still available is never lost.
- Ties are broken by `random.Random(seed)`, stored with the draw (spec §2.1 uses the wall clock).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence

from .model import MAX_SEEDS, Competitor, Draw, KnockoutError, Step

SEPARATE_BY = {"club": ("club",), "country": ("country",), "both": ("club", "country")}
#: Largest bracket the engine draws (JudoShiai stops at 128).
MAX_SIZE = 1024

LEVEL_NAMES = {0: "anywhere", 1: "a half", 2: "a quarter", 3: "an eighth"}


def bracket_size(n: int, minimum: int = 2) -> int:
    """The smallest power of two that holds `n` competitors, at least `minimum` (spec §2.10.3)."""
    size = 1
    while size < max(n, minimum, 2):
        size *= 2
    return size


def meet_round(slot_a: int, slot_b: int) -> int:
    """The main-bracket round in which the holders of two slots can first meet (1 = round 1)."""
    return ((slot_a - 1) ^ (slot_b - 1)).bit_length()


def seed_level(seed: int) -> int:
    """0 for seed 1, 1 (halves) for seed 2, 2 (quarters) for 3-4, 3 (eighths) for 5-8."""
    return (seed - 1).bit_length()


def ijf_numbering(size: int) -> tuple[int, ...]:
    """The printed numbers of slots 1..size in the IJF/British numbering (spec §2.6).

    [1, 2] doubled by replacing p with p, 2·len + 1 - p; seed k on the slot printed k is
    table (i) of §4."""
    order = [1]
    while len(order) < size:
        order = [q for p in order for q in (p, 2 * len(order) + 1 - p)]
    return tuple(order)


def international_numbering(size: int) -> tuple[int, ...]:
    """The printed numbers in the international numbering (spec §2.6): pair k shows
    bitreverse(k)+1 on its upper slot and that + size/2 on its lower slot."""
    pairs = size // 2
    bits = max(pairs.bit_length() - 1, 0)
    numbers = []
    for k in range(pairs):
        upper = int(format(k, f"0{bits}b")[::-1], 2) + 1 if bits else 1
        numbers += [upper, upper + pairs]
    return tuple(numbers)


def fixed_seed_places(
    competitors: Iterable[Competitor], size: int, numbering: str = "ijf"
) -> dict[str, int]:
    """The fixed-places option (spec §2.3, §4): each seed on the slot printed with its number.

    "ijf": table (i) of §4 (quarter-finals 1-8, 4-5, 2-7, 3-6); "international": JudoShiai's
    "Seeded to fixed places" (table (ii)). Feed the result to `draw(..., fixed=...)`.
    """
    table = {"ijf": ijf_numbering, "international": international_numbering}.get(numbering)
    if table is None:
        raise KnockoutError('The numbering must be "ijf" or "international".')
    printed = table(size)
    return {c.id: printed.index(c.seed) + 1 for c in competitors if c.seed and c.seed <= size}


def _keys(separate_by: str) -> tuple[str, ...]:
    if separate_by not in SEPARATE_BY:
        raise KnockoutError('"separate_by" must be "club", "country" or "both".')
    return SEPARATE_BY[separate_by]


def mates(x: Competitor, y: Competitor, keys: Sequence[str]) -> int:
    """How many separation keys two competitors share (an empty value matches nothing)."""
    return sum(1 for k in keys if getattr(x, k) and getattr(x, k) == getattr(y, k))


def relation(x: Competitor, y: Competitor, keys: Sequence[str]) -> int:
    """Spec §2.1: shared keys, +1 when the placed competitor y is seeded and shares one."""
    shared = mates(x, y, keys)
    return shared + 1 if shared and y.seed else shared


def slot_badness(
    size: int,
    placed: Mapping[int, Competitor],
    competitor: Competitor,
    separate_by: str = "club",
) -> dict[int, int]:
    """The badness of every free slot for `competitor` (spec §2.4 (b), the current rules).

    `placed` maps 1-based slots to the competitors already on them. Terms: +1 when the pair
    partner is there, + (9 - k) more when that partner is seed k; +2 on the fuller half, +1 on the
    fuller quarter of each half; 4 x the strongest relation in every aligned block of 2, 4, ...,
    size/2 slots.
    """
    keys = _keys(separate_by)
    half, quarter = size // 2, size // 4
    halves = Counter((s - 1) // half for s in placed) if half else Counter()
    quarters = Counter((s - 1) // quarter for s in placed) if quarter else Counter()
    block_relation: dict[tuple[int, int], int] = {}
    block = 2
    while block <= size // 2:
        for s, y in placed.items():
            k = (block, (s - 1) // block)
            block_relation[k] = max(block_relation.get(k, 0), relation(competitor, y, keys))
        block *= 2
    scores = {}
    for s in range(1, size + 1):
        if s in placed:
            continue
        score = 0
        partner = placed.get(s + 1 if s % 2 else s - 1)
        if partner is not None:
            score += 1
            if partner.seed and partner.seed <= MAX_SEEDS:
                score += MAX_SEEDS + 1 - partner.seed
        if half:
            h = (s - 1) // half
            if halves[h] > halves[1 - h]:
                score += 2
        if quarter:
            q = (s - 1) // quarter
            if quarters[q] > quarters[q ^ 1]:
                score += 1
        block = 2
        while block <= size // 2:
            score += 4 * block_relation.get((block, (s - 1) // block), 0)
            block *= 2
        scores[s] = score
    return scores


def drawing_queue(
    competitors: Sequence[Competitor], rng: random.Random, separate_by: str = "club"
) -> tuple[Competitor, ...]:
    """Who is drawn next (spec §2.2): the seeds in order; then the mates of seed 1, of seed 2, ...;
    then the largest groups first, each group drawn together (same club, else same country, as
    the previous one). A mate of two seeds counts for the better one (the spec's fix of a quirk).
    Ties among equals are broken by `rng`."""
    keys = _keys(separate_by)
    pool = list(competitors)
    rng.shuffle(pool)
    seeds = sorted((c for c in pool if c.seed), key=lambda c: c.seed)
    weight: dict[str, int] = {}
    for s in reversed(seeds):
        for c in pool:
            if not c.seed and mates(c, s, keys):
                weight[c.id] = 100_000 - s.seed
    counts = {k: Counter(getattr(c, k) for c in pool if getattr(c, k)) for k in keys}
    for c in pool:
        if c.id not in weight:
            weight[c.id] = sum(
                (8 if k == "country" else 1) * (counts[k][getattr(c, k)] - 1)
                for k in keys
                if getattr(c, k)
            )
    queue = list(seeds)
    rest = [c for c in pool if not c.seed]
    previous: Competitor | None = None
    while rest:
        chosen = None
        if previous is not None:
            for k in keys:
                same = [c for c in rest if getattr(c, k) and getattr(c, k) == getattr(previous, k)]
                if same:
                    chosen = same[0]
                    break
        if chosen is None:
            chosen = max(rest, key=lambda c: weight[c.id])  # first of the shuffled maxima
        rest.remove(chosen)
        queue.append(chosen)
        previous = chosen
    return tuple(queue)


def _validate(competitors: Sequence[Competitor], fixed: Mapping[str, int], size: int) -> None:
    ids = [c.id for c in competitors]
    if len(set(ids)) != len(ids):
        raise KnockoutError("Every competitor must appear once (an id is repeated).")
    if not competitors:
        raise KnockoutError("A draw needs at least one competitor.")
    seeds = [c.seed for c in competitors if c.seed is not None]
    for s in seeds:
        if not isinstance(s, int) or isinstance(s, bool) or not 1 <= s <= MAX_SEEDS:
            raise KnockoutError(f"Seeds run from 1 to {MAX_SEEDS}, not {s!r}.")
    if len(set(seeds)) != len(seeds):
        raise KnockoutError("Two competitors have the same seed.")
    if size > MAX_SIZE:
        raise KnockoutError(f"A bracket holds at most {MAX_SIZE} competitors.")
    known = set(ids)
    for cid, s in fixed.items():
        if cid not in known:
            raise KnockoutError(f"Fixed place for {cid!r}, who is not in the field.")
        if not isinstance(s, int) or not 1 <= s <= size:
            raise KnockoutError(f"Fixed place {s!r} for {cid!r} is not a slot from 1 to {size}.")
    if len(set(fixed.values())) != len(fixed):
        raise KnockoutError("Two competitors are fixed to the same slot.")


def draw(
    competitors: Iterable[Competitor],
    *,
    seed: int,
    separate_by: str = "club",
    fixed: Mapping[str, int] | None = None,
    size: int | None = None,
    minimum_size: int = 2,
) -> Draw:
    """Draw a knockout bracket (spec §2.2-§2.4), reproducible from `seed`.

    `fixed` puts competitors (by id) on given slots first (spec §2.3 "fixed places"; see
    `fixed_seed_places`). `size` forces the bracket size; else it is the smallest power of two
    holding the field, at least `minimum_size` (a system's minimum, see `systems.SYSTEMS`).
    """
    competitors = tuple(competitors)
    fixed = dict(fixed or {})
    keys = _keys(separate_by)
    n = len(competitors)
    if size is None:
        size = bracket_size(n, minimum_size)
    elif size < n or size & (size - 1) or size < 2:
        raise KnockoutError(f"A bracket of {size} cannot hold {n} competitors.")
    _validate(competitors, fixed, size)
    rng = random.Random(seed)
    queue = drawing_queue(competitors, rng, separate_by)
    byes = size - n
    seeded = sorted(c.seed for c in competitors if c.seed)
    bye_seeds = set(seeded[:byes])
    placed: dict[int, Competitor] = {}
    log: list[Step] = []
    by_id = {c.id: c for c in competitors}
    for cid, s in sorted(fixed.items(), key=lambda item: item[1]):
        placed[s] = by_id[cid]
        log.append(Step(cid, s, "fixed place"))
    for c in queue:
        if c.id in fixed:
            continue
        s, step = _place(c, size, placed, bye_seeds, keys, separate_by, rng)
        placed[s] = c
        log.append(step)
    slots = tuple(placed[s].id if s in placed else None for s in range(1, size + 1))
    return Draw(size, slots, tuple(log), seed, competitors, separate_by)


def _place(
    c: Competitor,
    size: int,
    placed: dict[int, Competitor],
    bye_seeds: set[int],
    keys: tuple[str, ...],
    separate_by: str,
    rng: random.Random,
) -> tuple[int, Step]:
    free = [s for s in range(1, size + 1) if s not in placed]
    empty_pair = any(s % 2 and s + 1 not in placed and s in free for s in range(1, size, 2))

    def partner(s: int) -> Competitor | None:
        return placed.get(s + 1 if s % 2 else s - 1)

    def protects_byes(s: int) -> bool:
        p = partner(s)
        if p is None:
            return True
        return not (p.seed in bye_seeds or empty_pair)

    region, rule = free, "unseeded"
    if c.seed:
        level = seed_level(c.seed)
        block = max(size >> level, 1)
        better = {(s - 1) // block for s, y in placed.items() if y.seed and y.seed < c.seed}
        region = [s for s in free if (s - 1) // block not in better]
        rule = f"seed {c.seed}: {LEVEL_NAMES[level]} without a better seed"
    allowed = [s for s in region if protects_byes(s)]
    if not allowed:
        allowed, rule = [s for s in free if protects_byes(s)], rule + " (region full)"
    if not allowed:
        allowed, rule = free, rule + " (no slot keeps the byes)"
    badness = slot_badness(size, placed, c, separate_by)
    mate_slots = [t for t, y in placed.items() if mates(c, y, keys)]

    def latest_meeting(s: int) -> int:
        return min((meet_round(s, t) for t in mate_slots), default=size.bit_length())

    far = max(latest_meeting(s) for s in allowed)
    best = [s for s in allowed if latest_meeting(s) == far]
    low = min(badness[s] for s in best)
    tied = [s for s in best if badness[s] == low]
    if c.seed and any(s % 2 for s in tied):
        tied = [s for s in tied if s % 2]  # seeds take the upper slot, white (spec §2.4)
    chosen = rng.choice(tied)
    step = Step(
        c.id,
        chosen,
        rule,
        tuple((s, badness[s]) for s in allowed),
        tuple(tied),
        latest_meeting(chosen) if mate_slots else None,
    )
    return chosen, step
