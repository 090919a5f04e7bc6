"""`python -m pairing monrad FILE.json`: pair tonight's round of a Swedish attendance Monrad.

Input (JSON object):
  settings  optional: {"scoring": "3-2-1" | "1-0.5-0", "bye": "win" | "draw" | "loss" | "zero",
            "order": "previous" | "number", "tiebreak": "bh-c1" | "bh-c2" | "sb" | "wins"}
  players   every member: {"id": str, "number": int (the card drawn by lot; late members the next
            numbers), "name": str, "present": bool (tonight; default true)}
  rounds    the evenings played, in order: {"games": [{"white": id, "black": id,
            "result": one of pairing.engines.results.RESULTS' codes ("1-0", "1/2", "+-",
            ...) or "" while the game is on}], "bye": id or null}
Output (JSON on stdout): the round, the present players' cards in position order (position,
score, whites, blacks, had_bye), the boards (White first, "repeat" when they have met), the
bye, whether the pairing is free of repeats, the pairs undone while backtracking and notes.
Bad input: a message on stderr and exit status 2.
"""

import argparse
from fractions import Fraction
from typing import Any

from pairing.commands import print_plan
from pairing.engines.monrad import (
    Evening,
    Game,
    MonradError,
    Player,
    Settings,
    pair_evening,
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", help="the members, tonight's attendance and the history as JSON")


def run(args: argparse.Namespace) -> int:
    return print_plan("monrad", args.file, plan, (MonradError,))


def number(value: Fraction) -> int | float:
    return int(value) if value.denominator == 1 else float(value)


def read(data: Any) -> tuple[list[Player], list[Evening], list[str], Settings]:
    if not isinstance(data, dict) or not isinstance(data.get("players"), list):
        raise MonradError('The input must be an object with a "players" list.')
    raw = data.get("settings") or {}
    if not isinstance(raw, dict):
        raise MonradError('"settings" must be an object.')
    settings = Settings(
        scoring=str(raw.get("scoring", "3-2-1")),
        bye=str(raw.get("bye", "win")),
        tie_order=str(raw.get("order", "previous")),
        tiebreak=str(raw.get("tiebreak", "bh-c1")),
    )
    players, present = [], []
    for index, item in enumerate(data["players"], start=1):
        if not isinstance(item, dict) or "id" not in item:
            raise MonradError(f"Player {index} has no id.")
        try:
            card = int(item.get("number", index))
        except (TypeError, ValueError, OverflowError) as error:
            raise MonradError(f"Player {index}: the number must be an integer.") from error
        players.append(Player(str(item["id"]), card, str(item.get("name", ""))))
        if item.get("present", True):
            present.append(str(item["id"]))
    evenings = []
    if not isinstance(data.get("rounds") or [], list):
        raise MonradError('"rounds" must be a list.')
    for index, item in enumerate(data.get("rounds") or [], start=1):
        if not isinstance(item, dict):
            raise MonradError(f"Round {index} must be an object.")
        if not isinstance(item.get("games") or [], list):
            raise MonradError(f'Round {index}: "games" must be a list.')
        games = []
        for game in item.get("games") or []:
            if not isinstance(game, dict) or "white" not in game or "black" not in game:
                raise MonradError(f"Round {index}: every game needs a white and a black.")
            games.append(Game(str(game["white"]), str(game["black"]), str(game.get("result", ""))))
        bye = item.get("bye")
        evenings.append(Evening(tuple(games), str(bye) if bye is not None else None))
    return players, evenings, present, settings


def plan(data: Any) -> dict:
    players, evenings, present, settings = read(data)
    pairing = pair_evening(players, evenings, present, settings)
    names = {p.id: p.name for p in players}
    return {
        "round": pairing.round,
        "present": pairing.present,
        "repeat_free": pairing.repeats == 0,
        "repeats": pairing.repeats,
        "second_bye": pairing.second_bye,
        "backtracks": pairing.backtracks,
        "cards": [
            {
                "position": c.position,
                "id": c.id,
                "name": c.name,
                "number": c.number,
                "score": number(c.score),
                "whites": c.whites,
                "blacks": c.blacks,
                "had_bye": c.had_bye,
            }
            for c in pairing.cards
        ],
        "boards": [
            {
                "board": b.number,
                "white": b.white,
                "white_name": names[b.white],
                "black": b.black,
                "black_name": names[b.black],
                "repeat": b.repeat,
            }
            for b in pairing.boards
        ],
        "bye": pairing.bye,
        "notes": list(pairing.notes),
    }
