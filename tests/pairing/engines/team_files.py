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
                rating=2400 - 10 * n,
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
