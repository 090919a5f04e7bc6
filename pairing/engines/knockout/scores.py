"""A bout's score as the table officials keep it under the IJF Refereeing Rules.

Editions: the IJF Refereeing Rules of 2025 (in force 2025-2028, the default: the yuko is back)
and of 2018-2024 (edition "2022", in force from January 2022, the same as 2018-2021 on
everything below), which national events may still run. Each score carries its edition, so a bout
is always read by the rules it was fought under. Sources and the choices made where editions
differ: docs/knockout.md, "Competition day: engines".

- Ippon ends the bout; two waza-ari make ippon (waza-ari awasete ippon: dropped in 2017, back
  since 2018).
- Shido: the third is hansoku-make. Otherwise shidos decide nothing, neither at the end of
  regular time nor in golden score (since 2018). `shido_decides` restores the older rule that
  national federations keep for young or novice events: level scores at the end of time, the
  fewer shidos win; in golden score a shido difference decides.
- Direct hansoku-make ends the bout at once for the opponent.
- Scores compare as the rules compare them (:func:`compare`): ippon, then the number of
  waza-ari, then (2025) the number of yuko; yuko never add up to a waza-ari, shidos never count.
- Time up with the technical scores level: golden score, scores and shidos carried over; the
  first score (a yuko included, 2025) or a hansoku-make decides. Time up with one side ahead:
  that side wins by its better score.
- Fusen-gachi: the opponent did not show (the only entry of the bout); kiken-gachi: the
  opponent withdrew (injury, illness), at any moment before the bout is decided.
- Hantei (a decision by the referees) is not an IJF rule since golden score became unlimited
  (2013); it is kept for events whose own rules limit golden score, and only in golden score.

A score is the log of what the table entered, so "take back the last entry" is exact; everything
else (counts, winner, how) is derived from it. Text form: ``"2022 aW bS T aW"`` (``"2022+s"``:
with `shido_decides`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .model import KnockoutError

EDITIONS = ("2022", "2025")
#: The edition a score follows when none is named: the rules in force (IJF 2025-2028).
DEFAULT_EDITION = "2025"
#: Entry kinds: side letter + kind. Time up ("T") belongs to no side.
KINDS = {
    "I": "ippon",
    "W": "waza-ari",
    "Y": "yuko",
    "S": "shido",
    "H": "hansoku-make",
    "F": "fusen-gachi",
    "K": "kiken-gachi",
    "D": "hantei",
}
TIME_UP = "T"
#: The longest log accepted; a real bout has far fewer entries.
MAX_ENTRIES = 60
_TOKEN = re.compile(r"^(?:[ab][IWYSHFKD]|T)$")
#: Pool score points (spec §2.7, JudoShiai's 10-7-5-1): the winner's points by how they won.
POINTS = {
    "ippon": 10,
    "waza-ari awasete ippon": 10,
    "hansoku-make": 10,
    "fusen-gachi": 10,
    "kiken-gachi": 10,
    "waza-ari": 7,
    "yuko": 5,
    "hantei": 1,
    "shido": 1,
}
_HEAD = re.compile(r"^(\d{4})(\+s)?$")


@dataclass(frozen=True)
class Rules:
    """What an edition lets the table enter and how long a hold-down (osaekomi) must last for
    each score (seconds, score), shortest first: the board's reminder for the table."""

    edition: str
    name: str
    yuko: bool
    hold: tuple[tuple[int, str], ...]


#: Spec A1 (venue-live-and-offline.md): osaekomi 5 s yuko (2025 only), 10 s waza-ari, 20 s ippon.
RULES = {
    "2022": Rules("2022", "IJF 2018-2024", False, ((10, "waza-ari"), (20, "ippon"))),
    "2025": Rules("2025", "IJF 2025", True, ((5, "yuko"), (10, "waza-ari"), (20, "ippon"))),
}


@dataclass(frozen=True)
class Outcome:
    """Who won ("a" or "b"), how (a key of POINTS) and whether in golden score."""

    winner: str
    how: str
    golden: bool = False


@dataclass(frozen=True)
class Tally:
    """One side's board: waza-ari, yuko and shido counts (and the ippon that ended the bout)."""

    wazaari: int = 0
    yuko: int = 0
    shido: int = 0
    ippon: int = 0


def technical(tally: Tally, edition: str) -> tuple[int, ...]:
    """What the rules compare, in their order: ippon, waza-ari, then yuko (2025). Shidos are not
    in it: they never decide a bout but through hansoku-make."""
    if RULES[edition].yuko:
        return (tally.ippon, tally.wazaari, tally.yuko)
    return (tally.ippon, tally.wazaari)


def compare(a: Tally, b: Tally, edition: str) -> int:
    """1 when `a` leads on the technical scores, -1 when `b` does, 0 when they are level."""
    ka, kb = technical(a, edition), technical(b, edition)
    return (ka > kb) - (ka < kb)


def _other(side: str) -> str:
    return "b" if side == "a" else "a"


@dataclass(frozen=True)
class Score:
    """A bout's score: the entries in the order the table made them (see the module doc)."""

    edition: str = DEFAULT_EDITION
    entries: tuple[str, ...] = ()
    shido_decides: bool = False

    def __post_init__(self) -> None:
        if self.edition not in EDITIONS:
            raise KnockoutError(f"Unknown rules edition {self.edition!r}: one of {EDITIONS}.")
        if len(self.entries) > MAX_ENTRIES:
            raise KnockoutError(f"A bout's score has at most {MAX_ENTRIES} entries.")
        self._replay()  # every prefix must be a legal score

    # -- the table's operations -------------------------------------------------------------
    def add(self, side: str, kind: str) -> Score:
        """The score with `kind` ("ippon", "waza-ari", ... or its letter) given to `side`."""
        letter = kind if kind in KINDS else {v: k for k, v in KINDS.items()}.get(kind)
        if side not in ("a", "b") or letter is None:
            raise KnockoutError(f"Cannot give {kind!r} to side {side!r}.")
        return Score(self.edition, (*self.entries, side + letter), self.shido_decides)

    def time_up(self) -> Score:
        """Regular time is over: decided by the better score, or golden score if level."""
        return Score(self.edition, (*self.entries, TIME_UP), self.shido_decides)

    def undo(self) -> Score:
        """The score without its last entry (nothing to take back: an error)."""
        if not self.entries:
            raise KnockoutError("There is no entry to take back.")
        return Score(self.edition, self.entries[:-1], self.shido_decides)

    # -- what the score says ----------------------------------------------------------------
    def tally(self, side: str) -> Tally:
        return self._replay()[0][side]

    @property
    def rules(self) -> Rules:
        return RULES[self.edition]

    @property
    def golden(self) -> bool:
        """Golden score has started (time was up with the scores level)."""
        return TIME_UP in self.entries

    def outcome(self) -> Outcome | None:
        """Who won and how, None while the bout goes on."""
        return self._replay()[1]

    def decided(self) -> bool:
        return self.outcome() is not None

    def winner(self) -> str | None:
        outcome = self.outcome()
        return outcome.winner if outcome else None

    def points(self) -> tuple[int, int]:
        """Pool score points (a's, b's): the winner's by how they won, the loser's 0."""
        outcome = self.outcome()
        if outcome is None:
            return (0, 0)
        won = POINTS[outcome.how]
        return (won, 0) if outcome.winner == "a" else (0, won)

    # -- storage ------------------------------------------------------------------------------
    def format(self) -> str:
        head = self.edition + ("+s" if self.shido_decides else "")
        return " ".join((head, *self.entries))

    @classmethod
    def parse(cls, text: str) -> Score:
        """The score `format` wrote; anything else (or an illegal sequence) is refused."""
        if len(text) > 8 + 3 * MAX_ENTRIES:
            raise KnockoutError("This score text is too long.")
        head, *tokens = text.split() or [""]
        match = _HEAD.match(head)
        if match is None:
            raise KnockoutError(f"Not a rules edition: {head!r}.")
        bad = [t for t in tokens if not _TOKEN.match(t)]
        if bad:
            raise KnockoutError(f"Not a score entry: {bad[0]!r}.")
        return cls(match[1], tuple(tokens), bool(match[2]))

    # -- the rules ------------------------------------------------------------------------------
    def _replay(self) -> tuple[dict[str, Tally], Outcome | None]:
        board = {"a": Tally(), "b": Tally()}
        outcome: Outcome | None = None
        golden = False
        for n, entry in enumerate(self.entries):
            if outcome is not None:
                raise KnockoutError(f"The bout is decided; {entry!r} comes after its end.")
            if entry == TIME_UP:
                if golden:
                    raise KnockoutError("Golden score has no time limit (IJF); use hantei.")
                golden = True
                outcome = _superiority(board, self.edition, self.shido_decides)
                continue
            side, kind = entry[0], KINDS[entry[1]]
            outcome, board = _apply(board, side, kind, golden, n, self.edition)
            if outcome is None and golden and self.shido_decides and kind == "shido":
                outcome = Outcome(_other(side), "shido", True)
        return board, outcome


def _superiority(board: dict[str, Tally], edition: str, shido_decides: bool) -> Outcome | None:
    a, b = board["a"], board["b"]
    lead = compare(a, b, edition)
    if lead:
        winner, ahead, behind = ("a", a, b) if lead > 0 else ("b", b, a)
        return Outcome(winner, "waza-ari" if ahead.wazaari != behind.wazaari else "yuko")
    if shido_decides and a.shido != b.shido:
        return Outcome("a" if a.shido < b.shido else "b", "shido")
    return None


def _apply(
    board: dict[str, Tally], side: str, kind: str, golden: bool, n: int, edition: str
) -> tuple[Outcome | None, dict[str, Tally]]:
    mine = board[side]
    if kind == "fusen-gachi" and n > 0:
        raise KnockoutError("Fusen-gachi (no-show) is the only entry of a bout.")
    if kind == "yuko" and not RULES[edition].yuko:
        raise KnockoutError(f"There is no yuko in the {RULES[edition].name} rules.")
    if kind == "hantei" and not golden:
        raise KnockoutError("Hantei only decides a golden score the event limits.")
    if kind == "ippon":
        board = {**board, side: Tally(mine.wazaari, mine.yuko, mine.shido, 1)}
        return Outcome(side, kind, golden), board
    if kind in ("fusen-gachi", "kiken-gachi", "hantei"):
        return Outcome(side, kind, golden), board
    if kind == "hansoku-make":
        return Outcome(_other(side), kind, golden), board
    if kind == "shido":
        mine = Tally(mine.wazaari, mine.yuko, mine.shido + 1)
        board = {**board, side: mine}
        return (Outcome(_other(side), "hansoku-make", golden) if mine.shido == 3 else None), board
    if kind == "waza-ari":
        mine = Tally(mine.wazaari + 1, mine.yuko, mine.shido)
        board = {**board, side: mine}
        if mine.wazaari == 2:
            return Outcome(side, "waza-ari awasete ippon", golden), board
        return (Outcome(side, "waza-ari", True) if golden else None), board
    mine = Tally(mine.wazaari, mine.yuko + 1, mine.shido)  # yuko (2025): never adds up
    board = {**board, side: mine}
    return (Outcome(side, "yuko", True) if golden else None), board
