"""The knockout draw: bracket size, drawing queue, seed regions and placement.

Spec §2.2 (queue), §2.3 (seed regions, fixed places), §2.4 (a) and §2.5 (Appendix 3's badness
and worked example), §4 (seeding positions); issue 20 and docs/knockout.md "Draw":

- Seeds where Appendix 3 puts them (`seed_rules`): the 3rd in the half of the 2nd, the 4th in
  the half of the 1st, each in the other quarter; 5-8 in eighths without a better seed.
- Every competitor goes to a slot from which the best possible separation of club/country mates
  is still reachable (`separation.Search`, exact), then the least badness, then the lot.
- Byes are spread (competitors - size/2 first-round fights); to the seeds only on request.
- Ties are broken by `random.Random(seed)`, stored with the draw (spec §2.1 uses the wall clock).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace

from .model import MAX_SEEDS, Competitor, Draw, KnockoutError, Step
from .separation import Cost, Kind, Search, SeedRule

SEPARATE_BY = {"club": ("club",), "country": ("country",), "both": ("club", "country")}
#: Where seeds 3 and 4 go (`seed_rules`): Appendix 3, or by the lot.
SEEDINGS = ("judoshiai", "lot")
#: Largest bracket the engine draws (JudoShiai stops at 128).
MAX_SIZE = 1024


def bracket_size(n: int, minimum: int = 2) -> int:
    """The smallest power of two that holds `n` competitors, at least `minimum` (spec §2.10.3)."""
    size = 1
    while size < max(n, minimum, 2):
        size *= 2
    return size


def meet_round(slot_a: int, slot_b: int) -> int:
    """The main-bracket round in which the holders of two slots can first meet (1 = round 1)."""
    return ((slot_a - 1) ^ (slot_b - 1)).bit_length()


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


def _seed_number(c: Competitor) -> int:
    """The seed of a competitor known to be seeded."""
    assert c.seed is not None
    return c.seed


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
    *,
    every_slot: bool = False,
) -> dict[int, int]:
    """The badness of every free slot for `competitor`: Appendix 3 of the JudoShiai manual as its
    worked example's table prints it (spec §2.4 (a), §2.5).

    `placed` maps 1-based slots to the competitors already on them. Terms: +1 when the first
    opponent's slot is taken; then for every aligned block of 2, 4, ... up to half the bracket
    that holds a club/country mate, 4 + the strongest relation there (§2.1: a shared key counts
    1, both keys 2, +1 if that mate is seeded): 5 for a mate, 6 for a seeded mate, at the first
    opponent's level too. (The manual's prose gives 4, or 5 for a seeded mate, at that level; its
    table adds 5 or 6 and the +1: the table is followed.) `every_slot` also scores the taken
    slots, as the manual's table prints them.
    """
    keys = _keys(separate_by)
    scores = {}
    for s in range(1, size + 1):
        if s in placed and not every_slot:
            continue
        score = 1 if (s + 1 if s % 2 else s - 1) in placed else 0
        block = 2
        while block <= size // 2:
            first = (s - 1) // block * block + 1
            strongest = max(
                (
                    relation(competitor, placed[t], keys)
                    for t in range(first, first + block)
                    if t in placed
                ),
                default=0,
            )
            if strongest:
                score += 4 + strongest
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
    seeds = sorted((c for c in pool if c.seed), key=_seed_number)
    weight: dict[str, int] = {}
    for s in reversed(seeds):
        for c in pool:
            if not c.seed and mates(c, s, keys):
                weight[c.id] = 100_000 - _seed_number(s)
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


def seed_rules(ranks: int, size: int, seeding: str = "judoshiai") -> tuple[SeedRule, ...]:
    """Where the seeds go, as pairs of seed ranks (1 = the best seeded present) that must or must
    not share a block (docs/knockout.md).

    "judoshiai" (Appendix 3): the 2nd in the half without the 1st; the 3rd in the half of the
    2nd, the other quarter; the 4th in the half of the 1st, the other quarter (semi-finals 1-4
    and 2-3). "lot": the 3rd and 4th in the two quarters without the 1st and 2nd, which one by
    the lot. Both: the 5th to 8th each in an eighth without a better seed (the appendix stops at
    the 4th), so no seed meets a better one before the quarter-final.
    """
    if seeding not in SEEDINGS:
        raise KnockoutError(f'"seeding" must be one of {", ".join(SEEDINGS)}.')
    rounds = size.bit_length() - 1
    half, quarter, eighth = rounds - 1, rounds - 2, rounds - 3
    rules = [SeedRule(1, 2, half, together=False)]
    if seeding == "judoshiai":
        rules += [SeedRule(2, 3, half, True), SeedRule(2, 3, quarter, False)]
        rules += [SeedRule(1, 4, half, True), SeedRule(1, 4, quarter, False)]
    else:
        rules += [SeedRule(a, b, quarter, False) for a, b in ((1, 3), (2, 3), (1, 4), (2, 4))]
        rules += [SeedRule(3, 4, quarter, False)]
    rules += [SeedRule(a, b, eighth, False) for b in range(5, MAX_SEEDS + 1) for a in range(1, b)]
    return tuple(r for r in rules if max(r.a, r.b) <= ranks and r.level >= 0)


def _seed_text(rank: int, seed_of: Mapping[int, int], seeding: str) -> str:
    """The region of the seed of `rank`, in words, with the seed numbers of the field."""
    me = f"seed {seed_of[rank]}"
    if rank == 1:
        return f"{me}: anywhere"
    if rank == 2:
        return f"{me}: the half without seed {seed_of[1]}"
    if rank <= 4 and seeding == "judoshiai":
        other = seed_of[2] if rank == 3 else seed_of[1]
        return f"{me}: the half of seed {other}, the other quarter"
    if rank <= 4:
        return f"{me}: a quarter without a better seed"
    return f"{me}: an eighth without a better seed"


def draw(
    competitors: Iterable[Competitor],
    *,
    seed: int,
    separate_by: str = "club",
    fixed: Mapping[str, int] | None = None,
    size: int | None = None,
    minimum_size: int = 2,
    seeding: str = "judoshiai",
    byes_to_seeds: bool = False,
) -> Draw:
    """Draw a knockout bracket, reproducible from `seed` (docs/knockout.md "Draw").

    The seeds go where Appendix 3 says (`seeding`, see `seed_rules`); every competitor goes to
    a slot that still allows the best possible separation of club/country mates
    (`separation.Search`, exact), then the least badness (`slot_badness`), then the lot.
    `fixed` puts competitors (by id) on given slots first (spec §2.3 "fixed places"; see
    `fixed_seed_places`). `size` forces the bracket size; else it is the smallest power of two
    holding the field, at least `minimum_size` (a system's minimum, see `systems.SYSTEMS`).
    `byes_to_seeds`: the byes go to the best seeds first (JudoShiai's code since 2010, not its
    manual; the IJF's practice).
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
    seeded = sorted((c for c in competitors if c.seed), key=_seed_number)
    rank = {c.id: r for r, c in enumerate(seeded, start=1)}
    seed_of = {r: _seed_number(c) for r, c in enumerate(seeded, start=1)}
    kind_of, kinds = _kinds(competitors, rank, keys)
    by_id = {c.id: c for c in competitors}
    remaining = [0] * len(kinds)
    for c in competitors:
        if c.id not in fixed:
            remaining[kind_of[c.id]] += 1
    fixed_ranks = {rank[cid] for cid in fixed if cid in rank}
    rules = tuple(
        r
        for r in seed_rules(len(seeded), size, seeding)
        if not (r.a in fixed_ranks and r.b in fixed_ranks)
    )
    byes = size - n
    bye_kinds = {kind_of[c.id] for c in seeded[:byes]} if byes_to_seeds else set()
    placed_kinds = {s: kind_of[cid] for cid, s in fixed.items()}
    search, relaxed, target = None, "", None
    for attempt, note in (
        ((rules, True, bye_kinds), ""),
        (((), True, bye_kinds), " (region full)"),
        (((), False, set()), " (no slot keeps the byes)"),
    ):
        search = Search(
            size,
            kinds,
            placed_kinds,
            rules=attempt[0],
            spread_byes=attempt[1],
            field=n,
            bye_kinds=attempt[2],
        )
        target = search.best(remaining)
        if target is not None:
            relaxed = note
            break
    assert search is not None and target is not None
    placed: dict[int, Competitor] = {}
    log: list[Step] = []
    for cid, s in sorted(fixed.items(), key=lambda item: item[1]):
        placed[s] = by_id[cid]
        log.append(Step(cid, s, "fixed place"))
    best_rest: dict[int, int] | None = None  # one best placement of those not drawn yet
    for c in queue:
        if c.id in fixed:
            continue
        kind = kind_of[c.id]
        remaining[kind] -= 1
        rule = _seed_text(rank[c.id], seed_of, seeding) if c.id in rank else "unseeded"
        s, step = _place(c, kind, placed, search, remaining, target, best_rest, separate_by, rng)
        step = replace(step, rule=rule + relaxed + step.rule)
        search.put(s, kind)
        placed[s] = c
        log.append(step)
        if best_rest is not None and best_rest.get(s) == kind:
            del best_rest[s]
        else:
            if s not in step.optimal:  # chosen unproven: the best still reachable from here
                target = search.best(remaining) or target
            best_rest = search.completion(remaining, target)
    slots = tuple(placed[s].id if s in placed else None for s in range(1, size + 1))
    return Draw(size, slots, tuple(log), seed, competitors, separate_by)


def _kinds(
    competitors: Sequence[Competitor], rank: Mapping[str, int], keys: Sequence[str]
) -> tuple[dict[str, int], list[Kind]]:
    """The search's kinds: competitors with the same mate groups (club/country values shared
    with someone else in the field) and no seed are alike; every seed is a kind of its own."""
    counts = Counter((k, getattr(c, k)) for c in competitors for k in keys if getattr(c, k))
    group_ids: dict[tuple[str, str], int] = {}
    kind_ids: dict[Kind, int] = {}
    kind_of = {}
    for c in competitors:
        groups = tuple(
            group_ids.setdefault((k, getattr(c, k)), len(group_ids))
            for k in keys
            if getattr(c, k) and counts[(k, getattr(c, k))] > 1
        )
        kind = Kind(groups, rank.get(c.id, 0))
        kind_of[c.id] = kind_ids.setdefault(kind, len(kind_ids))
    return kind_of, list(kind_ids)


def _place(
    c: Competitor,
    kind: int,
    placed: dict[int, Competitor],
    search: Search,
    remaining: Sequence[int],
    target: Cost,
    best_rest: Mapping[int, int] | None,
    separate_by: str,
    rng: random.Random,
) -> tuple[int, Step]:
    """Where `c` goes: among the slots that keep the best possible draw (`target`, the best
    cost found before the first placement), the least badness; a seed takes an upper slot
    (white, spec §2.4) if it can; then the lot. Slots that leave the bracket laid out alike
    (up to swapping sides) share one answer of the search; a slot where `best_rest` (one best
    placement of those not drawn yet, this competitor included) has a competitor alike needs
    no search."""
    size = search.size
    known = [s for s, k in (best_rest or {}).items() if k == kind]
    answers: dict[int, bool | None] = {search.layout(s, kind): True for s in known}
    optimal, unsure = [], []
    for s in range(1, size + 1):
        if s in placed:
            continue
        layout = search.layout(s, kind)
        if layout not in answers:
            search.put(s, kind)
            answers[layout] = search.reaches(remaining, target)
            search.put(s, None)
        if answers[layout]:
            optimal.append(s)
        elif answers[layout] is None:
            unsure.append(s)
    badness = slot_badness(size, placed, c, separate_by)
    among = optimal or unsure  # none proven: the least badness among the slots not ruled out
    if not among:  # cannot happen: the search was checked feasible for the whole field
        raise KnockoutError(f"No place is left for {c.name}.")
    least = min(badness[s] for s in among)
    tied = [s for s in among if badness[s] == least]
    if c.seed and any(s % 2 for s in tied):
        tied = [s for s in tied if s % 2]  # seeds take the upper slot, white (spec §2.4)
    chosen = rng.choice(tied)
    keys = _keys(separate_by)
    mate_slots = [t for t, y in placed.items() if mates(c, y, keys)]
    step = Step(
        c.id,
        chosen,
        "",
        tuple(sorted(badness.items())),
        tuple(tied),
        min(meet_round(chosen, t) for t in mate_slots) if mate_slots else None,
        tuple(optimal),
    )
    if unsure:
        step = replace(step, rule=f" (search cut: {_slots_text(unsure)} not proven either way)")
    return chosen, step


def _slots_text(slots: Sequence[int]) -> str:
    return ("slot " if len(slots) == 1 else "slots ") + ", ".join(map(str, slots))
