"""FIDE's Random Tournament Generator (RTG): random Dutch Swiss tournaments, each round paired by
our engine, written as complete TRF-2026 files that any checker reads (docs/fide-tools.md).

FIDE's checklist asks an endorsed program with its own engine to ship a free generator with a
command line (Q19, Q22) whose options are: players, rounds, full-, half- and zero-point byes,
forfeits and unusual results (½-0, 0-½, 0-0), each as a count or a percentage, Baku
acceleration and the tie-break list (Q24). Beside those: the seed, the rule set, ratings, a
draw rate, withdrawals and the initial colour. The same configuration gives the same file.

Results follow a small model of our own after the idea of FIDE's simulation model ("Statistical
model for chess tournament simulations", as gacrux's drawresult implements it): White's
expected score is the Elo logistic of the rating difference plus a White advantage, the draw
probability grows with the players' mean rating and shrinks as the difference grows, and the
win and loss probabilities share what is left so that the expected score holds.
"""

from __future__ import annotations

import math
import random
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field, replace
from typing import TypeVar

from pairing.engines import tiebreaks as tb
from pairing.engines.dutch.api import pair_round
from pairing.engines.dutch.pairer import NoValidPairing
from pairing.engines.dutch.state import build_state
from pairing.engines.trf import TrfPlayer, TrfResult, TrfTournament, format_points, write_trf
from pairing.engines.trf_standings import tiebreak_players

__all__ = ["GeneratorConfig", "Rate", "generate", "generate_text"]

#: The start date written in 042, which selects the rule set: C.04.3 and C.07 as amended
#: apply from 1 February and 1 March 2026; the 2017 rules and the 2023 tie-breaks before.
START_DATES = {"2017": (2025, 6, 2), "2026": (2026, 4, 6)}


@dataclass(frozen=True)
class Rate:
    """How many of something: ``count`` of them, or ``percent`` of the chances (each chance
    drawn with that probability). Read from ``"5"`` or ``"2.5%"`` by :meth:`parse`."""

    count: int = 0
    percent: float | None = None

    @classmethod
    def parse(cls, text: str) -> Rate:
        """``K`` (a count) or ``P%`` (a percentage); ValueError otherwise."""
        m = re.fullmatch(r"\s*(\d+(?:\.\d+)?)\s*(%?)\s*", text)
        if not m or (not m.group(2) and "." in m.group(1)):
            raise ValueError(f"{text!r} is neither a count (5) nor a percentage (2.5%)")
        if m.group(2):
            percent = float(m.group(1))
            if percent > 100:
                raise ValueError(f"{text!r}: a percentage is at most 100%")
            return cls(percent=percent)
        return cls(count=int(m.group(1)))

    def __str__(self) -> str:
        return f"{self.percent:g}%" if self.percent is not None else str(self.count)

    def pick(self, rng: random.Random, chances: Sequence[T], count: int | None = None) -> list[T]:
        """The chances taken: ``count`` (this rate's unless given) of them at random, or each
        with ``percent``."""
        if self.percent is not None:
            return [c for c in chances if rng.random() * 100 < self.percent]
        wanted = self.count if count is None else count
        return rng.sample(chances, min(wanted, len(chances)))

    def spread(self, rng: random.Random, rounds: int) -> list[int]:
        """A count spread over the rounds at random: how many in each (none for a percentage,
        which is drawn chance by chance)."""
        per_round = [0] * rounds
        if self.percent is None:
            for r in rng.choices(range(rounds), k=self.count):
                per_round[r] += 1
        return per_round


NONE = Rate()
T = TypeVar("T")


@dataclass(frozen=True)
class GeneratorConfig:
    """One tournament to generate. The rates count over the whole tournament: byes and
    withdrawals over the players' rounds and the players, forfeits and unusual results over
    the games as they are paired."""

    players: int
    rounds: int
    seed: int
    rules: str = "2026"
    half_point_byes: Rate = NONE
    full_point_byes: Rate = NONE
    zero_point_byes: Rate = NONE
    forfeits: Rate = NONE
    withdrawals: Rate = NONE
    unusual_results: Rate = NONE
    baku: bool = False
    tiebreaks: tuple[str, ...] = ("BH-C1", "BH", "SB")
    top_rating: int = 2400
    bottom_rating: int = 1400
    draw_rate: float | None = None  # None: the model's, by mean rating
    initial_colour: str = ""  # "w", "b" or "" (drawn from the seed)
    name: str = field(default="")

    @property
    def tiebreak_rules(self) -> str:
        """The C.07 text in force on the start date written: 2023's with the 2017 rules."""
        return "2023" if self.rules == "2017" else "2026"

    def validate(self) -> None:
        """ValueError naming what cannot be generated."""
        if self.players < 2 or self.rounds < 1:
            raise ValueError("a tournament needs 2 players or more and 1 round or more")
        if self.rules not in START_DATES:
            raise ValueError(f"unknown rule set {self.rules!r}: 2017 or 2026")
        if self.bottom_rating > self.top_rating:
            raise ValueError("the bottom rating is above the top rating")
        if self.draw_rate is not None and not 0 <= self.draw_rate <= 1:
            raise ValueError("the draw rate is a fraction from 0 to 1")
        if self.initial_colour not in ("", "w", "b"):
            raise ValueError("the initial colour is w or b")
        tb.check_codes(self.tiebreaks, self.tiebreak_rules)

    def describe(self) -> str:
        """The ``### RTG`` line: everything that makes the file, so that it can be made again."""
        words = [f"seed={self.seed}", f"players={self.players}", f"rounds={self.rounds}"]
        words.append(f"rules={self.rules}")
        for key, rate in (
            ("hpb", self.half_point_byes),
            ("fpb", self.full_point_byes),
            ("zpb", self.zero_point_byes),
            ("forfeits", self.forfeits),
            ("withdrawals", self.withdrawals),
            ("unusual", self.unusual_results),
        ):
            if rate != NONE:
                words.append(f"{key}={rate}")
        if self.baku:
            words.append("baku")
        words.append("tiebreaks=" + ",".join(map(tb.mtb26, self.tiebreaks)))
        words.append(f"ratings={self.top_rating}:{self.bottom_rating}")
        if self.draw_rate is not None:
            words.append(f"draws={self.draw_rate:g}")
        if self.initial_colour:
            words.append(f"colour={self.initial_colour.upper()}")
        return "### RTG " + " ".join(words)


class _Draw:
    """The random choices of one tournament, all from one seeded generator."""

    def __init__(self, config: GeneratorConfig) -> None:
        self.config = config
        self.rng = random.Random(config.seed)

    def ratings(self) -> list[int]:
        """Ratings spread evenly from the top to the bottom, with a little noise, highest first."""
        c, n = self.config, self.config.players
        step = (c.top_rating - c.bottom_rating) / max(n - 1, 1)
        noisy = [round(c.top_rating - i * step + self.rng.gauss(0, step)) for i in range(n)]
        return sorted((max(1000, min(3000, r)) for r in noisy), reverse=True)

    def result(self, white: int, black: int) -> str:
        """``"1"``, ``"="`` or ``"0"`` for White, by the model in the module's docstring."""
        mean = (white + black) / 2
        advantage = 35 + 0.03 * (mean - 2000)  # White's edge grows with the level of play
        expected = 1 / (1 + 10 ** (-(white - black + advantage) / 400))
        draws = self.config.draw_rate
        if draws is None:
            level = min(max((mean - 1200) / 1600, 0.0), 1.0)
            draws = (0.15 + 0.4 * level) * math.exp(-abs(white - black) / 600)
        draws = min(draws, 2 * min(expected, 1 - expected))
        x = self.rng.random()
        if x < expected - draws / 2:
            return "1"
        return "=" if x < expected + draws / 2 else "0"


def generate(config: GeneratorConfig) -> TrfTournament:
    """The tournament ``config`` describes, every round paired by our Dutch engine (C.04.3 under
    ``config.rules``, with Baku acceleration, C.04.7, when asked), ranked by our tie-break
    engine. Raises :class:`~pairing.engines.dutch.NoValidPairing` when a round cannot be paired
    (too many rounds for the players)."""
    config.validate()
    draw = _Draw(config)
    rng = draw.rng
    n, rounds = config.players, config.rounds
    ratings = draw.ratings()
    colour = config.initial_colour or rng.choice("wb")
    withdrawn = _withdrawals(config, rng)
    byes = _requested_byes(config, rng, withdrawn)
    forfeits = config.forfeits.spread(rng, rounds)
    unusual_results = config.unusual_results.spread(rng, rounds)
    history: list[list[TrfResult]] = [[] for _ in range(n)]
    accelerated: dict[tuple[int, int], int] = {}  # (round, number) -> points added (tenths)
    system = "FIDE_DUTCH_" + config.rules + ("_BAKU" if config.baku else "")
    base = TrfTournament(
        players=(),
        name=config.name or f"RTG {config.seed}",
        start_date="{:04d}/{:02d}/{:02d}".format(*START_DATES[config.rules]),
        rounds=rounds,
        initial_colour=colour,
        system=system,
    )
    for rnd in range(1, rounds + 1):
        absent = {p: kind for (p, r), kind in byes.items() if r == rnd}
        absent |= {p: "Z" for p, after in withdrawn.items() if rnd > after}
        for p, kind in absent.items():
            history[p].append(TrfResult(None, "-", kind))
        state = build_state(replace(base, players=_players(base, ratings, history)))
        for player in state.players:
            if rnd <= len(player.accelerations) and player.accelerations[rnd - 1]:
                accelerated[(rnd, player.index + 1)] = player.accelerations[rnd - 1]
        try:
            pairing = pair_round(state, config.rules)
        except NoValidPairing as error:
            raise NoValidPairing(f"no legal pairing for round {rnd}: {error}") from error
        games = [(b.white - 1, b.black - 1) for b in pairing.boards]
        if pairing.bye is not None:
            history[pairing.bye - 1].append(TrfResult(None, "-", "U"))
        forfeited = set(config.forfeits.pick(rng, games, forfeits[rnd - 1]))
        others = [g for g in games if g not in forfeited]
        unusual = set(config.unusual_results.pick(rng, others, unusual_results[rnd - 1]))
        for w, b in games:
            if (w, b) in forfeited:
                codes = rng.choice((("+", "-"), ("-", "+")))
            elif (w, b) in unusual:
                codes = rng.choice((("=", "0"), ("0", "="), ("0", "0")))
            else:
                codes = {"1": ("1", "0"), "=": ("=", "="), "0": ("0", "1")}[
                    draw.result(ratings[w], ratings[b])
                ]
            history[w].append(TrfResult(b + 1, "w", codes[0]))
            history[b].append(TrfResult(w + 1, "b", codes[1]))
    for p, after in withdrawn.items():  # not paired after the withdrawal: blank rounds
        history[p] = history[p][:after]
    return _finished(config, base, ratings, history, byes, accelerated)


def _withdrawals(config: GeneratorConfig, rng: random.Random) -> dict[int, int]:
    """Player index -> the last round played: who withdraws, after a round from 1 to R-1."""
    if config.rounds < 2:
        return {}
    chosen = config.withdrawals.pick(rng, list(range(config.players)))
    return {p: rng.randint(1, config.rounds - 1) for p in chosen}


def _requested_byes(
    config: GeneratorConfig, rng: random.Random, withdrawn: dict[int, int]
) -> dict[tuple[int, int], str]:
    """(player index, round) -> ``H``, ``F`` or ``Z``: the byes asked for before the round is
    paired (TRF-2026 record 240), one a round at most for a player still in the event, and never
    so many that fewer than two players are left to pair in a round (a round nobody plays is
    no round: a bye drawn beyond that is left out)."""
    slots = [
        (p, r)
        for r in range(1, config.rounds + 1)
        for p in range(config.players)
        if r <= withdrawn.get(p, config.rounds)
    ]
    present = {r: sum(1 for _, s in slots if s == r) for r in range(1, config.rounds + 1)}
    taken: dict[tuple[int, int], str] = {}
    for kind, rate in (
        ("H", config.half_point_byes),
        ("F", config.full_point_byes),
        ("Z", config.zero_point_byes),
    ):
        for slot in rate.pick(rng, [s for s in slots if s not in taken]):
            if present[slot[1]] > 2:
                taken[slot] = kind
                present[slot[1]] -= 1
    return taken


def _players(
    t: TrfTournament, ratings: list[int], history: list[list[TrfResult]]
) -> tuple[TrfPlayer, ...]:
    """The players with their rounds so far and the points they give (record 162 defaults)."""
    return tuple(
        TrfPlayer(
            number=i + 1,
            name=f"Player{i + 1:04d}, Random",
            rating=rating,
            points=sum(_POINTS.get(r.code, 0) for r in history[i]),
            results=tuple(history[i]),
            sex="m" if i % 3 else "w",
            federation="FID",
        )
        for i, rating in enumerate(ratings)
    )


#: A round's points in tenths under the default scoring (record 162 is not written).
_POINTS = {"1": 10, "+": 10, "F": 10, "U": 10, "=": 5, "H": 5}


def _finished(
    config: GeneratorConfig,
    base: TrfTournament,
    ratings: list[int],
    history: list[list[TrfResult]],
    byes: dict[tuple[int, int], str],
    accelerated: dict[tuple[int, int], int],
) -> TrfTournament:
    """The complete tournament: ranked, with the records a TRF-2026 file carries."""
    t = replace(base, players=_players(base, ratings, history))
    codes = ",".join(map(tb.mtb26, config.tiebreaks))
    rows = tb.rank(tiebreak_players(t), config.tiebreaks, rules=config.tiebreak_rules)
    rank = {row.player_id: row.rank for row in rows}
    players = tuple(replace(p, rank=rank[p.number]) for p in t.players)
    grouped: dict[tuple[str, int], list[int]] = {}
    for (p, r), kind in sorted(byes.items(), key=lambda item: (item[0][1], item[0][0])):
        grouped.setdefault((kind, r), []).append(p + 1)
    other = [
        config.describe(),
        "022 Lausanne",
        "032 FID",
        f"062 {config.players}",
        f"072 {config.players}",
        "092 Individual: Swiss-System (FIDE Dutch), random tournament",
        "102 RTG, python -m pairing generate",
        "122 90 min/40 moves + 30 min, 30 s/move",
        "182 python -m pairing generate",
        f"202 {codes}",
        f"212 PTS,{codes}",
        *_acceleration_lines(accelerated),
    ]
    day = int(base.start_date[-2:]) + config.rounds - 1
    return replace(
        t,
        players=players,
        end_date=f"{base.start_date[:8]}{day:02d}",
        other_lines=tuple(other),
        byes=tuple((kind, r, tuple(ids)) for (kind, r), ids in sorted(grouped.items())),
    )


def _acceleration_lines(accelerated: dict[tuple[int, int], int]) -> Iterator[str]:
    """TRF-2026 record 250: the points the engine added (Baku acceleration, C.04.7), one record
    per round and run of consecutive players with the same points (match points 0: an
    individual event)."""
    runs: list[tuple[int, int, int, int]] = []  # (round, points, first player, last player)
    for (rnd, number), points in sorted(accelerated.items()):
        last = runs[-1] if runs else None
        if last and last[:2] == (rnd, points) and last[3] == number - 1:
            runs[-1] = (rnd, points, last[2], number)
        else:
            runs.append((rnd, points, number, number))
    for rnd, points, first, last_number in runs:
        yield (
            f"250 {format_points(0):>4} {format_points(points):>4} {rnd:>3} {rnd:>3} "
            f"{first:>4} {last_number:>4}"
        )


def generate_text(config: GeneratorConfig) -> str:
    """The generated tournament as TRF-2026 text, ``### RTG`` line first."""
    return write_trf(generate(config))
