"""`python -m pairing varma FILE.json [--seed N]`: starting numbers for a round robin.

Input (JSON object):
  players   list of {"name": str, "federation": "NOR", "club": str, "id": str (optional)}
  group_by  "federation" (default) or "club": which players should not meet late
  double    true for a double round robin (default false)
The Varma tables are used where every federation can draw whole from them; otherwise the envelopes
are computed, one per federation (see pairing/engines/varma.py).
Output (JSON on stdout): the method used, the seed, every player's starting number, the drawing
log, the groups that had to be split, the same-group games by round (latest first) and the Berger
schedule. Bad input (more than MAX_PLAYERS players among it): a message on stderr and exit
status 2.
"""

import argparse
import random
import re
from typing import Any

from pairing.commands import fresh_seed, print_plan
from pairing.engines.berger import schedule
from pairing.engines.group_separation import (
    LAST_ROUNDS,
    Drawer,
    same_group_meetings,
)
from pairing.engines.varma import VarmaError, draw

FEDERATION = re.compile(r"^[A-Z]{3}$")
#: The largest field: a round robin of 100 players plays 99 rounds, the most a tournament of the
#: app holds (MAX_ROUNDS); such a field is drawn in under a second.
MAX_PLAYERS = 100


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", help="the players as JSON (see the README)")
    parser.add_argument("--seed", type=int, help="random seed (default: a fresh one, printed)")


def run(args: argparse.Namespace) -> int:
    seed = fresh_seed(args.seed)
    return print_plan("varma", args.file, lambda data: plan(data, seed), (VarmaError,))


def read_drawers(data: Any) -> tuple[list[Drawer], dict[str, dict]]:
    if not isinstance(data, dict) or not isinstance(data.get("players"), list):
        raise VarmaError('The input must be an object with a "players" list.')
    if len(data["players"]) > MAX_PLAYERS:
        raise VarmaError(
            f"{len(data['players'])} players would play {len(data['players']) - 1} rounds: a "
            f"round robin takes at most {MAX_PLAYERS} players (99 rounds)."
        )
    group_by = data.get("group_by", "federation")
    if group_by not in ("federation", "club"):
        raise VarmaError('"group_by" must be "federation" or "club".')
    drawers, records, seen = [], {}, set()
    for index, player in enumerate(data["players"], start=1):
        if not isinstance(player, dict) or not str(player.get("name", "")).strip():
            raise VarmaError(f"Player {index} has no name.")
        name = " ".join(str(player["name"]).split())
        federation = str(player.get("federation", "")).strip().upper()
        if federation and not FEDERATION.match(federation):
            raise VarmaError(f"Player {index} ({name}): {federation!r} is not a three-letter code.")
        key = str(player.get("id", index))
        identity = (name.casefold(), federation)
        if key in records or identity in seen:
            raise VarmaError(f"Player {index} ({name}) is in the list twice.")
        seen.add(identity)
        group = federation if group_by == "federation" else str(player.get("club", "")).strip()
        drawers.append(Drawer(key, name, group, federation))
        records[key] = {"id": key, "name": name, "federation": federation, "group": group}
    if len(drawers) < 3:
        raise VarmaError("A round robin needs at least 3 players.")
    return drawers, records


def plan(data: Any, seed: int) -> dict:
    drawers, records = read_drawers(data)
    drawing = draw(drawers, random.Random(seed))
    numbers = drawing.numbers()
    log = [
        {"step": step, "player": records[p.key]["name"], "envelope": p.envelope, "number": p.number}
        for step, p in enumerate(drawing.picks, start=1)
    ]
    rounds = schedule(len(drawers), double=bool(data.get("double", False)))
    cycle = len(rounds) // 2 if data.get("double") else len(rounds)
    meetings = same_group_meetings(numbers, drawers)
    return {
        "method": drawing.method,
        "seed": seed,
        "starting_numbers": sorted(
            ({"number": numbers[key], **record} for key, record in records.items()),
            key=lambda row: row["number"],
        ),
        "drawing": log,
        "same_group_meetings": [
            {
                "round": m.round,
                "numbers": sorted((numbers[m.first], numbers[m.second])),
                "group": m.group,
            }
            for m in meetings
        ],
        "meetings_in_last_three_rounds": sum(1 for m in meetings if m.round > cycle - LAST_ROUNDS),
        "schedule": [
            {
                "round": r.number,
                "games": [{"board": g.board, "white": g.white, "black": g.black} for g in r.games],
                "bye": r.bye,
            }
            for r in rounds
        ],
    }
