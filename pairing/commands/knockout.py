"""`python -m pairing knockout FILE.json [--seed N] [--seeding judoshiai|lot] [--byes-to-seeds]`:
draw a judo knockout bracket.

Input (JSON object):
  competitors  list of {"name": str, "club": str, "country": str, "seed": 1-8 or null,
               "id": str (optional, default the position in the list)}
  separate_by  "club" (default), "country" or "both": whose mates are kept apart
  system       a system code (single, single_bronze, ijf_repechage, double_repechage,
               double_elimination, pool); default: chosen by the field size (choose_system)
  fixed_seeds  optional "ijf" or "international": seeds on fixed places
  seeding      where seeds 3 and 4 go: "judoshiai" (default) or "lot" (the engine's option;
               --seeding overrides it)
  byes_to_seeds  true: the byes go to the best seeds first (default false; --byes-to-seeds)
Output (JSON on stdout): system, seed, size, slots (slot, id, name, club, country, seed; null for
a bye), the drawing log (competitor, slot, rule, the badness of every allowed free slot, the tied
slots the lot chose among), the matches (id, round, stage, a, b as "slot 3" / "winner of M9" /
"loser of M9") and the places. Bad input: a message on stderr and exit status 2.
"""

import argparse
from typing import Any

from pairing.commands import fresh_seed, print_plan
from pairing.engines.knockout import (
    SYSTEMS,
    Competitor,
    KnockoutError,
    bracket,
    choose_system,
    draw,
    draw_pool,
    fixed_seed_places,
)
from pairing.engines.knockout.draw import SEEDINGS, bracket_size
from pairing.engines.knockout.model import MAX_SEEDS


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", help="the competitors as JSON (see the README)")
    parser.add_argument("--seed", type=int, help="random seed (default: a fresh one, printed)")
    parser.add_argument(
        "--seeding",
        choices=SEEDINGS,
        help='where seeds 3 and 4 go (default: the file\'s "seeding", else judoshiai)',
    )
    parser.add_argument(
        "--byes-to-seeds",
        action="store_true",
        default=None,
        help='the byes go to the best seeds first (default: the file\'s "byes_to_seeds")',
    )


def run(args: argparse.Namespace) -> int:
    seed = fresh_seed(args.seed)
    asked = {"seeding": args.seeding, "byes_to_seeds": args.byes_to_seeds}
    options = {k: v for k, v in asked.items() if v is not None}

    def made(data: Any) -> dict:
        return plan({**data, **options} if isinstance(data, dict) else data, seed)

    return print_plan("knockout", args.file, made, (KnockoutError,))


def read_competitors(data: Any) -> list[Competitor]:
    if not isinstance(data, dict) or not isinstance(data.get("competitors"), list):
        raise KnockoutError('The input must be an object with a "competitors" list.')
    competitors, seen = [], set()
    for index, entry in enumerate(data["competitors"], start=1):
        if not isinstance(entry, dict) or not str(entry.get("name", "")).strip():
            raise KnockoutError(f"Competitor {index} has no name.")
        name = " ".join(str(entry["name"]).split())
        key = str(entry.get("id", index))
        if key in seen:
            raise KnockoutError(f"Competitor {index} ({name}): the id {key!r} is used twice.")
        seen.add(key)
        seed = entry.get("seed")
        if seed is not None and (
            not isinstance(seed, int) or isinstance(seed, bool) or not 1 <= seed <= MAX_SEEDS
        ):  # issue 15: 0 is not "unseeded"; null or no "seed" is
            raise KnockoutError(
                f"Competitor {index} ({name}): the seed must be a number 1-{MAX_SEEDS}, "
                f"not {seed!r} (leave it out or null for an unseeded competitor)."
            )
        competitors.append(
            Competitor(
                key,
                name,
                str(entry.get("club") or "").strip(),
                str(entry.get("country") or "").strip(),
                seed,
            )
        )
    if len(competitors) < 2:
        raise KnockoutError("A category needs at least two competitors.")
    return competitors


def plan(data: Any, seed: int) -> dict:
    competitors = read_competitors(data)
    separate_by = data.get("separate_by", "club")
    if not isinstance(separate_by, str):
        raise KnockoutError('"separate_by" must be "club", "country" or "both".')
    if data.get("fixed_seeds") and not isinstance(data["fixed_seeds"], str):
        raise KnockoutError('"fixed_seeds" must be "ijf" or "international".')
    seeding = data.get("seeding", "judoshiai")
    if seeding not in SEEDINGS:
        raise KnockoutError(f'"seeding" must be one of {", ".join(SEEDINGS)}, not {seeding!r}.')
    byes_to_seeds = data.get("byes_to_seeds", False)
    if not isinstance(byes_to_seeds, bool):
        raise KnockoutError('"byes_to_seeds" must be true or false.')
    system = data.get("system") or choose_system(len(competitors))
    if not isinstance(system, str) or system not in SYSTEMS:
        raise KnockoutError(f"Unknown system {system!r}; one of {', '.join(SYSTEMS)}.")
    if SYSTEMS[system].is_pool:
        drawn = draw_pool(competitors, seed=seed, separate_by=separate_by)
    else:
        minimum = SYSTEMS[system].min_size
        fixed = None
        if data.get("fixed_seeds"):
            size = bracket_size(len(competitors), minimum)
            fixed = fixed_seed_places(competitors, size, data["fixed_seeds"])
        drawn = draw(
            competitors,
            seed=seed,
            separate_by=separate_by,
            fixed=fixed,
            minimum_size=minimum,
            seeding=seeding,
            byes_to_seeds=byes_to_seeds,
        )
    built = bracket(drawn, system)
    by_id = {c.id: c for c in competitors}

    def who(cid: str | None) -> dict | None:
        if cid is None:
            return None
        c = by_id[cid]
        return {"id": c.id, "name": c.name, "club": c.club, "country": c.country, "seed": c.seed}

    return {
        "system": system,
        "seed": seed,
        "separate_by": separate_by,
        "seeding": seeding,
        "byes_to_seeds": byes_to_seeds,
        "size": drawn.size,
        "slots": [{"slot": s, "competitor": who(cid)} for s, cid in enumerate(drawn.slots, 1)],
        "drawing": [
            {
                "step": n,
                "competitor": by_id[step.competitor].name,
                "id": step.competitor,
                "slot": step.slot,
                "rule": step.rule,
                "badness": {str(s): b for s, b in step.badness},
                "tied": list(step.tied),
                "meets_a_mate_in_round": step.meet_round,
            }
            for n, step in enumerate(drawn.log, start=1)
        ],
        "matches": [
            {"id": m.id, "round": m.round, "stage": m.stage, "a": str(m.a), "b": str(m.b)}
            for m in built.matches
        ],
        "places": [{"place": p, "from": str(ref)} for p, ref in built.places],
    }
