"""Tournament state for the Dutch engine: the history before the round to be paired.

Derived from a parsed TRF exactly as the FIDE-endorsed engines read it (C.04.2 art. 3):
forfeits are not played games, unplayed rounds do not count for colours, players with an entry in
the round to be paired (``0000 - H/Z/F``) are absent, and players not paired in any round so far
and absent now take no pairing number.
"""

from __future__ import annotations

from dataclasses import dataclass

from pairing.engines.trf import Scoring, TrfError, TrfTournament

WHITE, BLACK, NONE = 0, 1, 2
LOSS, DRAW, WIN = 0, 1, 2


def invert(colour: int) -> int:
    return colour ^ 1 if colour != NONE else NONE


@dataclass(frozen=True)
class RoundResult:
    """One round of a player (as ``tiebreaks.RoundResult`` and the TRF's round block are):
    ``opponent`` is the player's own index when there was none."""

    opponent: int
    colour: int
    score: int  # LOSS / DRAW / WIN
    played: bool
    participated: bool  # paired, or given the pairing-allocated bye
    code: str = " "


@dataclass(frozen=True)
class Player:
    index: int  # 0-based starting number
    rank: int  # effective pairing number (0-based) among valid players
    rating: int
    score: int  # tenths, without acceleration
    results: tuple[RoundResult, ...]
    accelerations: tuple[int, ...]
    valid: bool
    colour_imbalance: int
    colour_preference: int
    repeated_colour: int  # colour of the last two played games when they are equal
    strong: bool
    played_games: int

    @property
    def absolute_imbalance(self) -> bool:
        return self.colour_imbalance > 1

    @property
    def absolute(self) -> bool:
        return self.colour_imbalance > 1 or self.repeated_colour != NONE


@dataclass(frozen=True)
class State:
    players: tuple[Player, ...]
    played_rounds: int
    expected_rounds: int
    scoring: Scoring
    initial_colour: int
    forbidden: frozenset[tuple[int, int]]
    start_date: str = ""
    system: str = ""

    def points(self, player: Player, result: RoundResult) -> int:
        """Points of one round (C.04.2: unplayed rounds score as the rules say)."""
        s = self.scoring
        if result.score == LOSS:
            if result.participated:
                return s.loss if result.played else s.forfeit_loss
            return s.zero_bye
        if result.score == WIN:
            if result.opponent == player.index and result.participated:
                return s.pab
            return s.win
        return s.draw

    def score_acc(self, player: Player, rounds_back: int = 0) -> int:
        """Pairing score (with acceleration, C.04.7) ``rounds_back`` rounds before this one."""
        score = player.score
        r = self.played_rounds
        for _ in range(rounds_back):
            r -= 1
            score -= self.points(player, player.results[r])
        acc = player.accelerations[r] if r < len(player.accelerations) else 0
        return score + acc

    def to_pair(self) -> list[Player]:
        """Players present in the round to be paired."""
        return [p for p in self.players if p.valid and len(p.results) <= self.played_rounds]


_SCORE = {"1": WIN, "+": WIN, "W": WIN, "F": WIN, "U": WIN, "=": DRAW, "D": DRAW, "H": DRAW}


def build_state(t: TrfTournament, *, baku: bool | None = None) -> State:
    """Derive the pairing state from a TRF describing the tournament before the next round."""
    n = len(t.players)
    numbers = [p.number for p in t.players]
    if not t.use_rank and numbers != list(range(1, n + 1)):
        missing = sorted(set(range(1, max(numbers) + 1)) - set(numbers))
        raise TrfError(0, 0, f"starting number {missing[0] if missing else n} is missing")
    idx = {num: i for i, num in enumerate(numbers)}
    raw_matches: list[list[RoundResult]] = []
    played_rounds = 0
    for i, p in enumerate(t.players):
        ms: list[RoundResult] = []
        skipped = 0
        for res in p.results:
            if res.is_blank:
                skipped += 1
                continue
            ms.extend(RoundResult(i, NONE, LOSS, False, False) for _ in range(skipped))
            skipped = 0
            played_rounds = max(played_rounds, len(ms))
            opp = i if res.opponent is None else idx[res.opponent]
            colour = {"w": WHITE, "b": BLACK}.get(res.colour, NONE)
            code = res.code
            played = opp != i and colour != NONE and code not in "+-HFUZ "
            participated = opp != i or code in "U+"
            ms.append(RoundResult(opp, colour, _SCORE.get(code, LOSS), played, participated, code))
            if participated:
                played_rounds = max(played_rounds, len(ms))
        raw_matches.append(ms)
    if all(len(ms) > played_rounds for ms in raw_matches):
        played_rounds += 1
    for i, ms in enumerate(raw_matches):
        if len(ms) < played_rounds:
            ms.extend(
                RoundResult(i, NONE, LOSS, False, False) for _ in range(played_rounds - len(ms))
            )
    expected = t.rounds
    if not expected:
        raise TrfError(0, 0, "the number of rounds (XXR or 142) must be given")
    if played_rounds > expected - 1:
        raise TrfError(
            0,
            0,
            f"{played_rounds} rounds are played and the tournament has {expected}: "
            "there is no round left to pair",
        )
    for kind, rnd, bye_ids in t.byes:
        if rnd - 1 == played_rounds:
            for num in bye_ids:
                if num not in idx:
                    raise TrfError(0, 0, f"bye for unknown player {num}")
                ms = raw_matches[idx[num]]
                if len(ms) <= played_rounds:
                    ms.append(
                        RoundResult(idx[num], NONE, _SCORE.get(kind, LOSS), False, False, kind)
                    )
    # consistency of the two sides of every game
    for i, ms in enumerate(raw_matches):
        for r, m in enumerate(ms):
            if m.opponent != i:
                o = raw_matches[m.opponent]
                om = o[r] if r < len(o) else None
                if om is None or om.opponent != i:
                    raise TrfError(
                        t.players[i].line,
                        92 + 10 * r,
                        f"round {r + 1}: player {numbers[i]} meets {numbers[m.opponent]}, "
                        f"whose entry says otherwise (player paired twice?)",
                    )
                if m.played and (not om.played or om.colour == m.colour):
                    raise TrfError(
                        t.players[i].line, 92 + 10 * r + 5, f"round {r + 1}: colours contradict"
                    )
    accel = dict(t.accelerations)
    system = t.system.upper()
    if baku is None:
        baku = system.endswith("_BAKU") and not t.accelerations_specified
    scoring = t.scoring
    players: list[Player] = []
    # validity and effective pairing numbers
    valid = [len(ms) <= played_rounds or any(m.participated for m in ms) for ms in raw_matches]
    ranks: dict[int, int] = {}
    for i in range(n):
        if valid[i]:
            ranks[i] = len(ranks)
    if baku:
        if scoring.loss or 2 * scoring.draw != scoring.win:
            raise TrfError(0, 0, "Baku acceleration needs win = 2 draws and loss = 0")
        last_rank = (n - 1) // 2
        last_round = (expected - 1) // 2
        last_full = last_round // 2
        for i in range(min(n, last_rank + 1)):
            vals = []
            for r in range(min(last_round, played_rounds) + 1):
                vals.append(scoring.win if r <= last_full else scoring.draw)
            accel[numbers[i]] = tuple(vals)
    forbidden: set[tuple[int, int]] = set()
    for f in t.forbidden:
        if f.first - 1 <= played_rounds <= f.last - 1:
            ids = [idx[x] for x in f.players if x in idx]
            for a in ids:
                for b in ids:
                    if a != b:
                        forbidden.add((a, b))
    stub = State((), played_rounds, expected, scoring, NONE, frozenset())
    for i, p in enumerate(t.players):
        ms = raw_matches[i]
        white = black = 0
        consecutive = 0
        repeated = NONE
        played_games = 0
        for m in ms:
            if m.played:
                played_games += 1
                if m.colour == WHITE:
                    white += 1
                else:
                    black += 1
                if not consecutive or m.colour != repeated:
                    consecutive = 1
                else:
                    consecutive += 1
                repeated = m.colour
        lower = BLACK if white > black else WHITE
        imbalance = abs(white - black)
        if imbalance > 1:
            pref = lower
        elif consecutive > 1:
            pref = invert(repeated)
        elif imbalance > 0:
            pref = lower
        elif consecutive:
            pref = invert(repeated)
        else:
            pref = NONE
        if consecutive <= 1:
            repeated = NONE
        absolute = imbalance > 1 or repeated != NONE
        acc = tuple(accel.get(p.number, ()))
        player = Player(
            index=i,
            rank=ranks.get(i, -1),
            rating=p.rating,
            score=0,
            results=tuple(ms),
            accelerations=acc,
            valid=valid[i],
            colour_imbalance=imbalance,
            colour_preference=pref,
            repeated_colour=repeated,
            strong=(not absolute) and imbalance > 0,
            played_games=played_games,
        )
        computed = sum(stub.points(player, m) for m in ms[:played_rounds])
        if valid[i]:
            acc_now = acc[played_rounds] if played_rounds < len(acc) else 0
            nxt = stub.points(player, ms[played_rounds]) if len(ms) > played_rounds else 0
            if p.points not in (
                computed,
                computed + acc_now,
                computed + nxt,
                computed + nxt + acc_now,
            ):
                raise TrfError(
                    p.line,
                    81,
                    f"points {p.points / 10:.1f} of player {p.number} do not match the results "
                    f"({computed / 10:.1f})",
                )
        players.append(_replace_score(player, computed))
    initial = {"w": WHITE, "b": BLACK}.get(t.initial_colour, NONE)
    if initial == NONE:
        initial = _infer_initial(players)
    return State(
        tuple(players),
        played_rounds,
        expected,
        scoring,
        initial,
        frozenset(forbidden),
        t.start_date,
        t.system,
    )


def _replace_score(p: Player, score: int) -> Player:
    from dataclasses import replace

    return replace(p, score=score)


def _infer_initial(players: list[Player]) -> int:
    """The first round's colour of the top player, as the endorsed engines infer it."""
    min_round = None
    for p in players:
        if p.valid:
            for r, m in enumerate(p.results):
                if m.colour != NONE and (min_round is None or r < min_round):
                    min_round = r
    if min_round is None:
        return WHITE
    epn = 0
    for p in players:
        if any(m.participated for m in p.results[: min_round + 1]):
            c = p.results[min_round].colour
            return invert(c) if epn & 1 else c
    return WHITE
