"""A TRF-2026 team file as the team Swiss reads it: the teams (310), the boards (352), match
and bye scoring (362, 320), whole-match forfeits (330), the players' games (001), and from them
each round's team matches, then the :class:`~pairing.engines.team_swiss.state.TeamState` of
every team before a round.

This is the engine's own small reader (pure, fixed columns); the full TRF-2026 team model is
``pairing/engines/trf_team.py``. How a round's matches come out of the players' games follows
the reading gacrux applies (docs/teams.md, "The team Swiss engine"): a match is between the
teams of two players who met; the team with White is the team whose player has the colour of
the 352 pattern on the first board; a match counts as played when a board was played (or both
teams scored); match points compare the teams' game points.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from pairing.engines.team_swiss.state import (
    COLOUR_MODELS,
    ColourModel,
    Match,
    Rules,
    TeamState,
    TeamSwissError,
)

_GAME_POINTS = {"1": Fraction(1), "=": Fraction(1, 2), "0": Fraction(0), "+": Fraction(1)}
_GAME_POINTS |= {"W": Fraction(1), "D": Fraction(1, 2), "L": Fraction(0), "-": Fraction(0)}
_PLAYED = set("10=WDL")


@dataclass(frozen=True)
class TeamRound:
    """What one team did in one round. ``kind``: ``"match"`` (``played`` or not), ``"pab"``,
    ``"forfeit"`` (a 330 record), ``"none"`` (not paired). ``white`` for a match: this team had
    White on board 1."""

    kind: str
    opponent: int = 0
    white: bool = False
    played: bool = False
    match_points: Fraction = Fraction(0)
    game_points: Fraction = Fraction(0)
    won: bool = False


@dataclass(frozen=True)
class TeamFile:
    teams: tuple[int, ...]
    names: dict[int, str]
    rounds: int
    initial_colour: str
    system: str
    boards: int
    pattern: str
    win: Fraction
    draw: Fraction
    loss: Fraction
    pab_mp: Fraction
    pab_gp: Fraction
    held: int  # rounds with any result in the file
    results: dict[int, dict[int, TeamRound]]  # round -> team -> what it did

    @property
    def colour_model(self) -> ColourModel:
        """Art. 1.7 from the 192 code: TYPEB, TYPEA, else no preferences (``FIDE_TEAM`` alone
        is Type A)."""
        code = self.system.upper()
        if "TYPEB" in code:
            return "typeb"
        if "TYPEA" in code or code in ("FIDE_TEAM", ""):
            return "typea"
        return "none"

    @property
    def scores(self) -> str:
        """The score part of the 192 code: ``MP_GP`` (the default, art. 1.2.2), ``GP_MP``,
        ``MP`` or ``GP`` (one score: the secondary is not used)."""
        parts = [p for p in self.system.upper().split("_") if p in ("MP", "GP")]
        return "_".join(parts) or "MP_GP"

    @property
    def primary(self) -> str:
        """``"MP"`` or ``"GP"`` (art. 1.2; the default is MP)."""
        return self.scores[:2]

    @property
    def secondary_used(self) -> bool:
        """Art. 1.2.1: a code naming one score states the other is not used for colours."""
        return "_" in self.scores


def _num(text: str) -> Fraction:
    text = text.strip()
    return Fraction(text) if text else Fraction(0)


def read_team_trf(text: str) -> TeamFile:
    """Read the records the team Swiss needs. Raises :class:`TeamSwissError` on a broken file."""
    players: dict[int, list[tuple[int, str, str]]] = {}
    team_of: dict[int, int] = {}
    order: dict[int, int] = {}
    names: dict[int, str] = {}
    rounds = 0
    initial = "w"
    system = ""
    pattern = ""
    win, draw, loss = Fraction(2), Fraction(1), Fraction(0)
    pab_mp = pab_gp = Fraction(0)
    pabs: dict[int, int] = {}  # round -> team
    forfeits: list[tuple[str, int, int, int]] = []
    for lineno, raw in enumerate(text.splitlines(), start=1):
        code = raw[:3]
        try:
            if code == "001":
                number = int(raw[4:8])
                games = []
                for start in range(91, len(raw), 10):
                    block = raw[start : start + 8].ljust(8)
                    opp = block[0:4].strip()
                    games.append((int(opp) if opp.isdigit() else 0, block[5].lower(), block[7]))
                players[number] = games
            elif code == "310":
                tpn = int(raw[4:7])
                names[tpn] = raw[8:40].strip()
                for board, start in enumerate(range(73, len(raw), 5), start=1):
                    pid = raw[start : start + 4].strip()
                    if pid and int(pid):
                        team_of[int(pid)] = tpn
                        order[int(pid)] = board
            elif code == "142":
                rounds = int(raw[4:].strip() or 0)
            elif code == "152":
                initial = raw[4:].strip().lower()[:1] or "w"
            elif code == "192":
                system = raw[4:].strip()
            elif code == "352":
                pattern = raw[4:].strip().upper()
            elif code == "362":
                body = raw[4:]
                for i in range(0, len(body), 9):
                    piece = body[i : i + 9]
                    kind = piece[:2].upper()
                    value = _num(piece[2:6])
                    if kind == "TW":
                        win = value
                    elif kind == "TD":
                        draw = value
                    elif kind == "TL":
                        loss = value
            elif code == "320":
                pab_mp, pab_gp = _num(raw[4:8]), _num(raw[9:13])
                for rnd, start in enumerate(range(14, len(raw), 4), start=1):
                    field = raw[start : start + 3].strip()
                    if field and int(field):
                        pabs[rnd] = int(field)
            elif code == "330":
                forfeits.append((raw[4:6], int(raw[7:10]), int(raw[11:14]), int(raw[15:18])))
        except (ValueError, IndexError) as error:
            raise TeamSwissError(f"line {lineno}: record {code}: {error}") from error
    if not names:
        raise TeamSwissError("no team records (310): not a TRF-2026 team file")
    boards = len(pattern) or max((len(b) for b in [order]), default=0)
    if not pattern:
        raise TeamSwissError("no record 352: the boards' colours are unknown")
    held = max([len(g) for g in players.values()] + list(pabs) + [f[1] for f in forfeits] + [0])
    results: dict[int, dict[int, TeamRound]] = {}
    for rnd in range(1, held + 1):
        results[rnd] = _round(
            rnd,
            players,
            team_of,
            order,
            pattern,
            (win, draw, loss),
            pabs,
            forfeits,
            (pab_mp, pab_gp),
            boards,
        )
    return TeamFile(
        teams=tuple(sorted(names)),
        names=names,
        rounds=rounds,
        initial_colour=initial if initial in ("w", "b") else "w",
        system=system,
        boards=boards,
        pattern=pattern,
        win=win,
        draw=draw,
        loss=loss,
        pab_mp=pab_mp,
        pab_gp=pab_gp,
        held=held,
        results=results,
    )


def _round(
    rnd: int,
    players: dict[int, list[tuple[int, str, str]]],
    team_of: dict[int, int],
    order: dict[int, int],
    pattern: str,
    scoring: tuple[Fraction, Fraction, Fraction],
    pabs: dict[int, int],
    forfeits: list[tuple[str, int, int, int]],
    pab_score: tuple[Fraction, Fraction],
    boards: int,
) -> dict[int, TeamRound]:
    win, draw, loss = scoring
    out: dict[int, TeamRound] = {}
    if rnd in pabs:
        out[pabs[rnd]] = TeamRound("pab", match_points=pab_score[0], game_points=pab_score[1])
    for kind, r, white, black in forfeits:
        if r != rnd:
            continue
        full = Fraction(boards)
        out[white] = TeamRound(
            "forfeit",
            black,
            True,
            False,
            win if kind == "+-" else Fraction(0),
            full if kind == "+-" else Fraction(0),
            kind == "+-",
        )
        out[black] = TeamRound(
            "forfeit",
            white,
            False,
            False,
            win if kind == "-+" else Fraction(0),
            full if kind == "-+" else Fraction(0),
            kind == "-+",
        )
    # games between two teams' players, by team pair
    boards_of: dict[tuple[int, int], list[tuple[int, int, str, str]]] = {}
    for pid, games in players.items():
        if rnd > len(games) or pid not in team_of:
            continue
        opp, colour, code = games[rnd - 1]
        if opp == 0 or opp not in team_of or team_of[opp] == team_of[pid]:
            continue
        key = (team_of[pid], team_of[opp])
        boards_of.setdefault(key, []).append((order.get(pid, 99), pid, colour, code))
    for (a, b), ours in boards_of.items():
        if a in out or b in out:
            continue
        ours.sort()
        # the team with White: the first board's player has the pattern's colour of that board
        first_colour = ours[0][2]
        a_white = (first_colour == "w") == (pattern[0] == "W")
        gp_a = sum((_GAME_POINTS.get(g[3], Fraction(0)) for g in ours), Fraction(0))
        played = any(g[3] in _PLAYED for g in ours)
        theirs = boards_of.get((b, a), [])
        gp_b = sum((_GAME_POINTS.get(g[3], Fraction(0)) for g in theirs), Fraction(0))
        if not played and gp_a > 0 and gp_b > 0:
            played = True
        if gp_a > gp_b:
            mp_a, mp_b = win, (loss if played else Fraction(0))
        elif gp_a < gp_b:
            mp_a, mp_b = (loss if played else Fraction(0)), win
        elif gp_a > 0:
            mp_a = mp_b = draw
        else:
            mp_a = mp_b = loss if played else Fraction(0)
        out[a] = TeamRound("match", b, a_white, played, mp_a, gp_a, gp_a > gp_b)
        out[b] = TeamRound("match", a, not a_white, played, mp_b, gp_b, gp_b > gp_a)
    return out


def rules_for(f: TeamFile, rnd: int, colour_model: ColourModel | None = None) -> Rules:
    """The rules of round ``rnd``: the event's length is record 142 (or the rounds held)."""
    model = colour_model or f.colour_model
    if model not in COLOUR_MODELS:
        raise TeamSwissError(f"unknown colour model {model!r}")
    if "BAKU" in f.system.upper() and f.primary == "GP":
        raise TeamSwissError("Baku acceleration cannot be used with GP primary (C.04.7 1.4.4)")
    initial: Literal["w", "b"] = "b" if f.initial_colour == "b" else "w"
    return Rules(
        round=rnd,
        rounds=max(f.rounds, f.held),
        colour_model=model,
        secondary_used=f.secondary_used,
        initial_colour=initial,
    )


def states_before(f: TeamFile, rnd: int) -> list[TeamState]:
    """Every team's state before round ``rnd`` (from rounds 1..rnd-1)."""
    mp = {t: Fraction(0) for t in f.teams}
    gp = {t: Fraction(0) for t in f.teams}
    colours = {t: "" for t in f.teams}
    met: dict[int, set[int]] = {t: set() for t in f.teams}
    barred = {t: False for t in f.teams}
    floated = {t: False for t in f.teams}
    primary_gp = f.primary == "GP"
    for r in range(1, rnd):
        before = dict(gp if primary_gp else mp)
        this = f.results.get(r, {})
        for t in f.teams:
            floated[t] = False
        for t, res in this.items():
            if t not in mp:
                continue
            mp[t] += res.match_points
            gp[t] += res.game_points
            if res.kind == "pab":
                barred[t] = True
            elif res.kind in ("match", "forfeit"):
                if res.played:
                    colours[t] += "w" if res.white else "b"
                    met[t].add(res.opponent)
                    floated[t] = before[t] != before.get(res.opponent, before[t])
                elif res.won:
                    barred[t] = True  # a forfeit win bars a PAB ([C2])
    out = []
    for t in f.teams:
        primary, secondary = (gp[t], mp[t]) if primary_gp else (mp[t], gp[t])
        out.append(
            TeamState(
                tpn=t,
                score=primary,
                primary=primary,
                secondary=secondary,
                colours=colours[t],
                floated=floated[t],
                opponents=frozenset(met[t]),
                bye_barred=barred[t],
            )
        )
    return out


def played_round(f: TeamFile, rnd: int) -> tuple[list[Match], int | None]:
    """The file's own pairing of round ``rnd``: its matches (white first) and its PAB."""
    matches = []
    bye = None
    for t, res in sorted(f.results.get(rnd, {}).items()):
        if res.kind == "pab":
            bye = t
        elif res.kind in ("match", "forfeit") and res.white:
            matches.append(Match(t, res.opponent))
    return matches, bye
