"""Warnings for a pairing changed by hand: the checks FIDE asks an arbiter to make.

Pure: the history (:class:`State`) and a proposed round in, a list of :class:`Warning` out. The
checks are the absolute criteria an arbiter can break by hand (C.04.3 art. 2: [C1] a rematch or
a forbidden pair, [C2] a bye for a player who may not have one, [C3] the colour rules of C.04.1
art. 5: no colour difference over 2, no colour three times in a row), a board where both players
get the colour they do not prefer (art. 5.2.1 grants both when it can), plus every difference
from what the engine paired, with the engine's choice beside it.
"""

from __future__ import annotations

from dataclasses import dataclass

from pairing.engines.dutch.state import BLACK, WHITE, State
from pairing.engines.dutch.weights import eligible_for_bye

COLOUR_NAMES = {WHITE: "White", BLACK: "Black"}


@dataclass(frozen=True)
class Warning:
    #: "rematch", "forbidden", "colour_row", "colour_difference", "bye", "colours_reversed",
    #: "engine"
    code: str
    players: tuple[int, ...]  # starting numbers concerned
    message: str


def check_manual_pairing(
    state: State,
    boards: list[tuple[int, int]],
    bye: int | None,
    engine_boards: list[tuple[int, int]] | None = None,
    engine_bye: int | None = None,
) -> list[Warning]:
    """Check a round given as (white, black) starting numbers and the bye's starting number."""
    warnings: list[Warning] = []
    for white, black in boards:
        warnings += _pair_warnings(state, white, black)
        warnings += _reversed_colours(state, white, black)
        for number, colour in ((white, WHITE), (black, BLACK)):
            warnings += _colour_warnings(state, number, colour)
    if bye is not None and not eligible_for_bye(state, state.players[bye - 1]):
        warnings.append(
            Warning(
                "bye",
                (bye,),
                f"{bye} may not get the pairing-allocated bye: they already had one or scored a "
                "win without playing ([C2], C.04.1 art. 4)",
            )
        )
    if engine_boards is not None:
        warnings += _engine_differences(boards, bye, engine_boards, engine_bye)
    return warnings


def _pair_warnings(state: State, white: int, black: int) -> list[Warning]:
    a, b = state.players[white - 1], state.players[black - 1]
    out = []
    if any(m.played and m.opponent == b.index for m in a.results):
        out.append(
            Warning("rematch", (white, black), f"{white} and {black} have already played ([C1])")
        )
    if (a.index, b.index) in state.forbidden:
        out.append(Warning("forbidden", (white, black), f"{white} and {black} may not meet ([C1])"))
    return out


def _reversed_colours(state: State, white: int, black: int) -> list[Warning]:
    a, b = state.players[white - 1], state.players[black - 1]
    if a.colour_preference != BLACK or b.colour_preference != WHITE:
        return []
    return [
        Warning(
            "colours_reversed",
            (white, black),
            f"{white} and {black} both get the colour opposite to the one they expect "
            "(C.04.3 art. 5.2.1)",
        )
    ]


def _colour_warnings(state: State, number: int, colour: int) -> list[Warning]:
    player = state.players[number - 1]
    played = [m.colour for m in player.results if m.played]
    name = COLOUR_NAMES[colour]
    out = []
    if len(played) >= 2 and played[-1] == played[-2] == colour:
        out.append(
            Warning(
                "colour_row",
                (number,),
                f"{number} would have {name} three times in a row ([C3], C.04.1 art. 5)",
            )
        )
    whites = played.count(WHITE) + (colour == WHITE)
    blacks = played.count(BLACK) + (colour == BLACK)
    if abs(whites - blacks) > 2:
        out.append(
            Warning(
                "colour_difference",
                (number,),
                f"{number} would have {whites} Whites and {blacks} Blacks, a difference over 2 "
                "([C3], C.04.1 art. 5)",
            )
        )
    return out


def _engine_differences(
    boards: list[tuple[int, int]],
    bye: int | None,
    engine_boards: list[tuple[int, int]],
    engine_bye: int | None,
) -> list[Warning]:
    engine_opponent: dict[int, tuple[int | None, str]] = {}
    for white, black in engine_boards:
        engine_opponent[white] = (black, "White")
        engine_opponent[black] = (white, "Black")
    if engine_bye is not None:
        engine_opponent[engine_bye] = (None, "bye")
    out = []
    for white, black in boards:
        if engine_opponent.get(white) != (black, "White"):
            out.append(_differs(white, f"White against {black}", engine_opponent.get(white)))
        if engine_opponent.get(black) != (white, "Black"):
            out.append(_differs(black, f"Black against {white}", engine_opponent.get(black)))
    if bye is not None and bye != engine_bye:
        out.append(_differs(bye, "the bye", engine_opponent.get(bye)))
    return out


def _differs(number: int, now: str, engine: tuple[int | None, str] | None) -> Warning:
    if engine is None:
        choice = "not paired"
    elif engine[0] is None:
        choice = "the bye"
    else:
        choice = f"{engine[1]} against {engine[0]}"
    return Warning(
        "engine", (number,), f"{number} has {now}; the engine's pairing gave {number} {choice}"
    )
