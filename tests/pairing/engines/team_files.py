"""Team TRF files written from a short description, for the team record and tie-break tests.

``team_file(rosters, boards, rounds)``: ``rosters`` gives each team's name and roster size
(players numbered in team order); each round is a list of events:

* ``(white, black, "1=0+")``: a match, the white team (White on board 1) first, the boards'
  results seen from it (``1 = 0`` played, ``+ -`` forfeits, ``x`` the white team's board empty,
  ``y`` the black team's board empty); an optional 4th item gives the white team's players as
  roster positions, an optional 5th the black team's (a lineup out of roster order gets a
  ``300`` record);
* ``("PAB", team)``; ``("F" | "H" | "Z", team)`` a requested bye (``240``);
* ``("330", kind, white, black)``: a whole match forfeited.
"""

from __future__ import annotations

from decimal import Decimal

from pairing.engines.team_match import MatchScoring
from pairing.engines.trf import TrfPlayer, TrfResult, TrfTournament
from pairing.engines.trf_team import (
    TrfLineup,
    TrfMatchForfeit,
    TrfTeam,
    TrfTeamRecords,
    team_matches,
    with_totals,
    write_team_trf,
)

_INVERSE = {"1": "0", "0": "1", "=": "=", "+": "-", "-": "+"}


def team_file(
    rosters: list[tuple[str, int]],
    boards: int,
    rounds: list[list[tuple[object, ...]]],
    *,
    total_rounds: int | None = None,
    pattern: str | None = None,
    scoring: MatchScoring | None = None,
    system: str = "FIDE_TEAM_TYPEA_MP_GP",
    start: str = "2026/03/10",
    pab_points: int = 10,
) -> str:
    pattern = pattern or "".join("WB"[k % 2] for k in range(boards))
    first: list[int] = []
    number = 1
    for _, size in rosters:
        first.append(number)
        number += size
    players: dict[int, list[TrfResult]] = {n: [] for n in range(1, number)}
    blank = TrfResult(None, " ", " ")
    pab: list[int | None] = []
    lineups: list[TrfLineup] = []
    forfeits: list[TrfMatchForfeit] = []
    byes: list[tuple[str, int, tuple[int, ...]]] = []

    def roster(team: int) -> list[int]:
        return list(range(first[team - 1], first[team - 1] + rosters[team - 1][1]))

    for rnd, events in enumerate(rounds, start=1):
        pab.append(None)
        for event in events:
            if event[0] == "PAB":
                team = int(str(event[1]))
                pab[-1] = team
                for p in roster(team)[:boards]:
                    players[p].append(TrfResult(None, "-", "U"))
            elif event[0] in ("F", "H", "Z"):
                byes.append((str(event[0]), rnd, (int(str(event[1])),)))
            elif event[0] == "330":
                kind, white, black = str(event[1]), int(str(event[2])), int(str(event[3]))
                forfeits.append(TrfMatchForfeit(kind, rnd, white, black))
                for team, code in ((white, kind[0]), (black, kind[1])):
                    for p in roster(team)[:boards]:
                        players[p].append(TrfResult(None, "-", code))
            else:
                white, black, results = int(str(event[0])), int(str(event[1])), str(event[2])
                wn, bn = len(results) - results.count("x"), len(results) - results.count("y")
                wpos = list(event[3]) if len(event) > 3 else list(range(1, wn + 1))  # type: ignore[call-overload]
                bpos = list(event[4]) if len(event) > 4 else list(range(1, bn + 1))  # type: ignore[call-overload]
                wr, br = roster(white), roster(black)
                wl: list[int | None] = [wr[i - 1] for i in wpos]
                bl: list[int | None] = [br[i - 1] for i in bpos]
                for k, code in enumerate(results):
                    if code == "x":
                        wl.insert(k, None)
                    if code == "y":
                        bl.insert(k, None)
                for k, code in enumerate(results):
                    pw, pb = wl[k], bl[k]
                    colour = pattern[k].lower()
                    other = "b" if colour == "w" else "w"
                    if pw is not None and pb is not None:
                        players[pw].append(TrfResult(pb, colour, code))
                        players[pb].append(TrfResult(pw, other, _INVERSE[code]))
                    elif pw is not None:
                        players[pw].append(TrfResult(None, "-", "+"))
                    elif pb is not None:
                        players[pb].append(TrfResult(None, "-", "+"))
                for team, lineup, positions in ((white, wl, wpos), (black, bl, bpos)):
                    if positions != sorted(positions) or None in lineup:
                        other_team = black if team == white else white
                        lineups.append(TrfLineup(rnd, team, other_team, tuple(lineup)))
        for results in players.values():
            while len(results) < rnd:
                results.append(blank)
    trf_players = []
    for n in range(1, number):
        team = max(i for i, f in enumerate(first, start=1) if f <= n)
        results = players[n]
        points = sum({"1": 10, "+": 10, "=": 5, "U": pab_points}.get(r.code, 0) for r in results)
        trf_players.append(
            TrfPlayer(
                number=n,
                name=f"{rosters[team - 1][0]}, Player{n - first[team - 1] + 1}",
                rating=max(2400 - 10 * n, 1000),
                points=points,
                results=tuple(results),
                sex="m",
                federation="NOR",
                fide_id=str(1000 + n),
                rank=n,
            )
        )
    t = TrfTournament(
        players=tuple(trf_players),
        name="Test Team Swiss",
        start_date=start,
        end_date=start,
        rounds=total_rounds or len(rounds),
        initial_colour="w",
        system=system,
        byes=tuple(byes),
    )
    teams = tuple(
        TrfTeam(i, name, tuple(roster(i)), nickname=name[:5], strength="0", rank=i)
        for i, (name, _) in enumerate(rosters, start=1)
    )
    records = TrfTeamRecords(
        teams=teams,
        board_colours=pattern,
        scoring=scoring or MatchScoring(),
        pab_teams=tuple(pab),
        forfeits=tuple(forfeits),
        lineups=tuple(lineups),
    )
    return write_team_trf(t, with_totals(team_matches(t, records)))


def dec(value: str) -> Decimal:
    return Decimal(value)


def random_team_file(
    seed: int,
    teams: int = 8,
    boards: int = 4,
    rounds: int = 5,
    *,
    system: str = "FIDE_TEAM_TYPEA_MP_GP",
    start: str = "2026/03/10",
    round_robin: bool = False,
    total_rounds: int | None = None,
) -> str:
    """A Swiss-like team file (with ``round_robin``, the circle method's rounds instead):
    greedy pairings by match points (no team meets another twice when it can be helped),
    random board results with board forfeits, empty boards, reserves, lineups out of order,
    whole-match forfeits, a PAB and requested byes."""
    import random

    rng = random.Random(seed)
    rosters = [(f"Team{i}", boards + rng.choice((0, 1, 1, 2))) for i in range(1, teams + 1)]
    met: set[frozenset[int]] = set()
    points = {t: 0 for t in range(1, teams + 1)}
    had_pab: set[int] = set()
    plan: list[list[tuple[object, ...]]] = []
    for _ in range(rounds):
        events: list[tuple[object, ...]] = []
        free = list(range(1, teams + 1))
        if not round_robin and rng.random() < 0.3:
            bye_team = rng.choice(free)
            free.remove(bye_team)
            events.append((rng.choice("FHZ"), bye_team))
        if len(free) % 2:
            pab = next(t for t in sorted(free, key=lambda t: (points[t], -t)) if t not in had_pab)
            had_pab.add(pab)
            free.remove(pab)
            events.append(("PAB", pab))
        free.sort(key=lambda t: (-points[t], t))
        circle = list(range(1, teams + 1 + teams % 2))
        shift = len(plan)
        circle = circle[:1] + (circle[1:][-shift:] + circle[1:][:-shift] if shift else circle[1:])
        rr_pairs = [(circle[i], circle[-1 - i]) for i in range(len(circle) // 2)]
        while free:
            if round_robin:
                a, b = next((x, y) for x, y in rr_pairs if x in free and y in free)
                free.remove(a)
            else:
                a = free.pop(0)
                b = next((t for t in free if frozenset((a, t)) not in met), free[0])
            free.remove(b)
            met.add(frozenset((a, b)))
            white, black = (a, b) if rng.random() < 0.5 else (b, a)
            if rng.random() < 0.08:
                kind = rng.choice(("+-", "-+", "--"))
                events.append(("330", kind, white, black))
                points[white] += 2 if kind == "+-" else 0
                points[black] += 2 if kind == "-+" else 0
                continue
            results = "".join(
                rng.choices("1=0+-xy", weights=(30, 30, 30, 3, 3, 2, 2))[0] for _ in range(boards)
            )
            size_w, size_b = rosters[white - 1][1], rosters[black - 1][1]
            wn, bn = boards - results.count("x"), boards - results.count("y")
            wpos = sorted(rng.sample(range(1, size_w + 1), wn))
            bpos = sorted(rng.sample(range(1, size_b + 1), bn))
            if rng.random() < 0.15 and wn > 1:
                wpos[0], wpos[1] = wpos[1], wpos[0]
            events.append((white, black, results, wpos, bpos))
            score = {"1": 1, "=": 0.5, "+": 1, "y": 1}
            gw = sum(score.get(c, 0) for c in results)
            gb = sum({"0": 1, "=": 0.5, "-": 1, "x": 1}.get(c, 0) for c in results)
            if gw > gb:
                points[white] += 2
            elif gb > gw:
                points[black] += 2
            elif gw > 0:
                points[white] += 1
                points[black] += 1
        plan.append(events)
    return team_file(rosters, boards, plan, system=system, start=start, total_rounds=total_rounds)
