"""Random C.04.6 team Swiss tournaments, every round paired by our engine, written as TRF-2026
team files (001 players with round fields, 310, 320, 330, 352, 362, 142, 152, 192).

Board results are drawn from the players' ratings (Elo expectation, a share of draws); some
boards are forfeited (one player absent), some whole matches (record 330); an odd number of
teams gives a PAB every round. Deterministic for a seed.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction

from pairing.engines.team_swiss.pairer import pair_round
from pairing.engines.team_swiss.state import ColourModel, Rules
from pairing.engines.team_swiss.trf_input import read_team_trf, states_before


@dataclass(frozen=True)
class TeamGeneratorConfig:
    teams: int
    boards: int
    rounds: int
    seed: int
    colours: ColourModel = "typea"
    board_forfeit_rate: float = 0.02
    match_forfeit_rate: float = 0.02
    pab_mp: Fraction = Fraction(2)
    pab_gp: Fraction = Fraction(2)


def _fmt(value: Fraction, width: int) -> str:
    return f"{float(value):{width}.1f}"


@dataclass
class _Board:
    white_player: int
    black_player: int
    result: str  # "1-0", "0-1", "=", "+-", "-+"


def generate_team_text(config: TeamGeneratorConfig) -> str:
    """A whole tournament as TRF-2026 text."""
    if config.teams < 2 or config.boards < 1 or config.rounds < 1:
        raise ValueError("teams >= 2, boards >= 1 and rounds >= 1")
    rng = random.Random(config.seed)
    n, b = config.teams, config.boards
    strength = sorted((rng.randint(1500, 2600) for _ in range(n)), reverse=True)
    ratings: dict[int, int] = {}
    roster: dict[int, list[int]] = {}
    pid = 0
    for team in range(1, n + 1):
        roster[team] = []
        for board in range(b):
            pid += 1
            ratings[pid] = max(1000, strength[team - 1] - 25 * board + rng.randint(-60, 60))
            roster[team].append(pid)
    initial = rng.choice("wb")
    pattern = "".join("W" if i % 2 == 0 else "B" for i in range(b))
    system = {
        "typea": "FIDE_TEAM_TYPEA_MP_GP",
        "typeb": "FIDE_TEAM_TYPEB_MP_GP",
        "none": "FIDE_TEAM_MP_GP",
    }[config.colours]
    games: dict[int, list[str]] = {p: [] for p in ratings}
    pabs: list[int] = []
    forfeits: list[str] = []
    text = ""
    for rnd in range(1, config.rounds + 1):
        text = _write(config, system, initial, pattern, roster, ratings, games, pabs, forfeits)
        f = read_team_trf(text)
        rules = Rules(rnd, config.rounds, config.colours, True, "b" if initial == "b" else "w")
        pairing = pair_round(states_before(f, rnd), rules)
        pabs.append(pairing.bye or 0)
        if pairing.bye:
            for p in roster[pairing.bye]:
                games[p].append("0000 - U")
        for match in pairing.matches:
            if rng.random() < config.match_forfeit_rate:
                kind = rng.choice(["+-", "-+", "+-", "-+", "--"])
                forfeits.append(f"330 {kind} {rnd:3d} {match.white:3d} {match.black:3d}")
                for p in roster[match.white]:
                    games[p].append("0000 - +" if kind == "+-" else "0000 - -")
                for p in roster[match.black]:
                    games[p].append("0000 - +" if kind == "-+" else "0000 - -")
                continue
            for board in range(b):
                wp, bp = roster[match.white][board], roster[match.black][board]
                if pattern[board] == "B":
                    wp, bp = bp, wp
                if board > 0 and rng.random() < config.board_forfeit_rate:
                    result = rng.choice(["+-", "-+"])
                else:
                    expected = 1 / (1 + 10 ** ((ratings[bp] - ratings[wp]) / 400))
                    draw = 0.3
                    x = rng.random()
                    if x < draw:
                        result = "="
                    elif x < draw + (1 - draw) * expected:
                        result = "1-0"
                    else:
                        result = "0-1"
                codes = {
                    "1-0": ("1", "0"),
                    "0-1": ("0", "1"),
                    "=": ("=", "="),
                    "+-": ("+", "-"),
                    "-+": ("-", "+"),
                }[result]
                games[wp].append(f"{bp:4d} w {codes[0]}")
                games[bp].append(f"{wp:4d} b {codes[1]}")
    return _write(config, system, initial, pattern, roster, ratings, games, pabs, forfeits)


def _write(
    config: TeamGeneratorConfig,
    system: str,
    initial: str,
    pattern: str,
    roster: dict[int, list[int]],
    ratings: dict[int, int],
    games: dict[int, list[str]],
    pabs: list[int],
    forfeits: list[str],
) -> str:
    points = {"1": Fraction(1), "=": Fraction(1, 2), "+": Fraction(1)}
    lines = [
        f"012 Random team Swiss (seed {config.seed})",
        "022 Oslo",
        "032 NOR",
        "042 2026/03/10",
        "052 2026/03/20",
        f"062 {len(ratings)}",
        f"082 {config.teams}",
        "102 Arbiter, Anna",
        f"142 {config.rounds}",
        f"152 {initial.upper()}",
        f"192 {system}",
        f"352 {pattern}",
        "362 TW 2.0   TD 1.0   TL 0.0",
    ]
    team_of = {p: t for t, ps in roster.items() for p in ps}
    for p in sorted(ratings):
        total = sum((points.get(g[7], Fraction(0)) for g in games[p] if g.strip()), Fraction(0))
        team = team_of[p]
        name = f"Team{team:03d}, Player{roster[team].index(p) + 1}"
        head = (
            f"001 {p:4d} m    {name:<33s} {ratings[p]:4d} NOR {p * 1000 + 1:11d} 2000/01/01"
            f" {float(total):4.1f} {p:4d}"
        )
        lines.append(head + "".join(f"  {g}" for g in games[p]).rstrip())
    text = "\n".join(lines) + "\n"
    f = (
        read_team_trf(
            text
            + "".join(_team_lines(config, roster, {}, {}))
            + _pab_line(config, pabs)
            + "".join(x + "\n" for x in forfeits)
        )
        if games
        else None
    )
    mp: dict[int, Fraction] = {t: Fraction(0) for t in roster}
    gp: dict[int, Fraction] = {t: Fraction(0) for t in roster}
    if f is not None:
        for rnd_results in f.results.values():
            for t, res in rnd_results.items():
                mp[t] += res.match_points
                gp[t] += res.game_points
    return (
        text
        + "".join(_team_lines(config, roster, mp, gp))
        + _pab_line(config, pabs)
        + "".join(x + "\n" for x in forfeits)
    )


def _team_lines(
    config: TeamGeneratorConfig,
    roster: dict[int, list[int]],
    mp: dict[int, Fraction],
    gp: dict[int, Fraction],
) -> list[str]:
    out = []
    for t, ps in sorted(roster.items()):
        name = f"Team{t:03d}"
        nick = f"T{t:03d}"
        players = " ".join(f"{p:4d}" for p in ps)
        out.append(
            f"310 {t:3d} {name:<32s} {nick:<5s} {0:6d} {_fmt(mp.get(t, Fraction(0)), 6)}"
            f" {_fmt(gp.get(t, Fraction(0)), 6)} {t:3d}  {players}\n"
        )
    return out


def _pab_line(config: TeamGeneratorConfig, pabs: list[int]) -> str:
    if not any(pabs):
        return ""
    body = "".join(f" {t:3d}" for t in pabs)
    return f"320 {_fmt(config.pab_mp, 4)} {_fmt(config.pab_gp, 4)}{body}\n"
