"""What the C.04.6 team Swiss knows of a team when it pairs a round, and the rules it pairs by.

Everything here is frozen and pure. Scores are :class:`~fractions.Fraction` (exact halves of
game points, whole match points). The colour model of art. 1.7 and the preference it gives a
team (:func:`colour_preference`) live here too, since the pairing ([C8], [C9]) and the colour
allocation (art. 4) both read it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Literal

#: Art. 1.7: Type A (the default), Type B (strong and mild preferences), or no preferences.
ColourModel = Literal["typea", "typeb", "none"]
COLOUR_MODELS: tuple[ColourModel, ...] = ("typea", "typeb", "none")


class TeamSwissError(ValueError):
    """The input cannot be paired under C.04.6 as given (e.g. GP primary with Baku)."""


@dataclass(frozen=True)
class TeamState:
    """One team before the round is paired.

    ``score`` is the pairing score (art. 1.3: the primary score, plus acceleration points when
    the event is accelerated); ``primary``/``secondary`` are the standings scores art. 4.2
    compares. ``colours`` holds the colour of every *played* match, ``"w"``/``"b"`` (art. 1.6.1:
    a forfeited match or a bye gives no colour). ``floated`` is whether the team played an
    opponent with a different pairing score in the previous round (art. 1.5; [C7], [C10] look
    at the previous round only). ``opponents`` are the TPNs met in played matches ([C1]).
    ``bye_barred`` says [C2] (art. 2.1.2) bars a PAB: a PAB, a forfeit match win or an FPB
    before. ``present`` is False for a team that does not take part in this round.
    """

    tpn: int
    score: Fraction = Fraction(0)
    primary: Fraction = Fraction(0)
    secondary: Fraction = Fraction(0)
    colours: str = ""
    floated: bool = False
    opponents: frozenset[int] = frozenset()
    bye_barred: bool = False
    present: bool = True

    @property
    def played(self) -> int:
        """Matches actually played (art. 3.4.3, 4.3.1)."""
        return len(self.colours)

    @property
    def colour_difference(self) -> int:
        """Art. 1.6.2: played Whites minus played Blacks."""
        return self.colours.count("w") - self.colours.count("b")


@dataclass(frozen=True)
class Rules:
    """How a round is paired: its number, the event's length (record 142; the last two rounds
    switch [C7] and [C10] off, the last one changes Type B's mild preferences), the colour
    model (art. 1.7), whether the secondary score is used for colours (art. 1.2, 4.2.2) and the
    initial colour drawn by lot (art. 4.1, record 152)."""

    round: int
    rounds: int
    colour_model: ColourModel = "typea"
    secondary_used: bool = True
    initial_colour: Literal["w", "b"] = "w"

    @property
    def last_two_rounds(self) -> bool:
        """Art. 2.3.4 [C7] and 2.3.7 [C10] do not apply in the last two rounds."""
        return self.round > self.rounds - 2


@dataclass(frozen=True)
class Preference:
    """A colour preference: ``colour`` ``"w"``/``"b"``, ``strong`` (Type A preferences are all
    strong; Type B has strong and mild ones)."""

    colour: Literal["w", "b"]
    strong: bool = True


def colour_preference(team: TeamState, rules: Rules) -> Preference | None:
    """Art. 1.7: the colour preference of ``team`` under the event's colour model.

    Type A (1.7.1) and Type B strong (1.7.2): White when CD < -1, or CD is 0 or -1 and the last
    two played matches were both with Black; Black symmetrically. Type B mild: CD = -1 (White),
    CD = +1 (Black), or CD = 0 and not the last round: the colour opposite to the last played
    match. No model ("none"): never a preference.
    """
    if rules.colour_model == "none":
        return None
    cd = team.colour_difference
    last_two = team.colours[-2:]
    if cd < -1 or (cd in (0, -1) and last_two == "bb"):
        return Preference("w")
    if cd > 1 or (cd in (0, 1) and last_two == "ww"):
        return Preference("b")
    if rules.colour_model != "typeb":
        return None
    if cd == -1:
        return Preference("w", strong=False)
    if cd == 1:
        return Preference("b", strong=False)
    if cd == 0 and rules.round != rules.rounds and team.colours:
        return Preference("w" if team.colours[-1] == "b" else "b", strong=False)
    return None


@dataclass(frozen=True)
class Match:
    """A pair of the round: ``white`` has White on board 1 (art. 1.6.1); ``rule`` names the
    rule of art. 4.3 that decided the colours."""

    white: int
    black: int
    rule: str = ""


@dataclass(frozen=True)
class RoundPairing:
    """The round: matches in table order (higher score first), then the team with the PAB."""

    matches: tuple[Match, ...]
    bye: int | None = None
    brackets: tuple[tuple[int, ...], ...] = field(default=(), compare=False)

    def bbp(self) -> str:
        """JaVaFo/bbp output: the number of pairs, then ``white black``, the PAB as ``tpn 0``."""
        lines = [str(len(self.matches) + (1 if self.bye is not None else 0))]
        lines += [f"{m.white} {m.black}" for m in self.matches]
        if self.bye is not None:
            lines.append(f"{self.bye} 0")
        return "\n".join(lines) + "\n"
