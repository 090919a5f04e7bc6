"""A tournament from a TRF (TRF-16 with the engines' extensions, or TRF-2026): the inverse of
:func:`pairing.swiss.trf.export.tournament_trf`.

Everything is read and checked first, in plain Python, so a bad file stops with a
:class:`~pairing.engines.trf.TrfError` naming the line (and column) before anything is written;
the writing is one transaction. What the app's models have no field for is kept beside them
(:class:`~pairing.models.TrfSource` for the records, :class:`~pairing.models.TrfPlayerColumns`
for a player line's columns, :class:`~pairing.models.TrfRoundBlock` for a round written
otherwise than the app writes it), so that the export gives the file back (docs/trf.md).
Callers read the bytes with :func:`~pairing.engines.trf.decode_trf`.
"""

import re
from dataclasses import dataclass, field, replace
from decimal import Decimal

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

from arbiter.core.models import (
    CONTROL_CHARACTERS,
    Bye,
    Entry,
    Game,
    Round,
    RulesVersion,
    Tournament,
    TournamentArbiter,
    federation_code,
    tiebreak_rules_for,
)
from arbiter.core.services.audit import record, snapshot
from arbiter.core.standings import rule_set
from arbiter.core.systems import System
from arbiter.core.trf_columns import birth_year, check_player, entry_sex, entry_title
from arbiter.ratings.listed import check_against_list_in_force
from pairing.engines import results, standings, time_control
from pairing.engines.dutch.api import default_rules
from pairing.engines.dutch.checker import check_points
from pairing.engines.trf import (
    BYE_KINDS,
    UNKNOWN_RESULT,
    Scoring,
    TrfError,
    TrfLimits,
    TrfPlayer,
    TrfResult,
    TrfTournament,
    parse_date,
    parse_trf,
)
from pairing.swiss.models import Acceleration, ForbiddenPair, PlayerRoundRecord
from pairing.swiss.trf.columns import block_text
from pairing.swiss.trf.import_check import adjustments, check_rounds, note_rounds
from pairing.swiss.trf.models import TrfPlayerColumns, TrfRoundBlock, TrfSource
from pairing.swiss.trf.national import read_national

#: Unrated games (W D L) and games of less than one move are read as 1 = 0.
_SAME_AS = {"W": "1", "D": "=", "L": "0"}
#: The scoring the app keeps (1, ½, 0), in the reader's tenths.
_STANDARD = Scoring()
#: Header records the app stores: name, city, federation, start and end dates, time control;
#: the rest of the tournament is in the records the parser reads itself.
_STORED_HEADERS = ("012", "022", "032", "042", "052", "122")


@dataclass
class _Round:
    number: int
    #: white, black, result: a result code, "" while the game is on, Game.ADJOURNED
    games: list[tuple[int, int, str]] = field(default_factory=list)
    byes: list[tuple[int, str]] = field(default_factory=list)  # player, kind
    #: (player, block as written, block as the app writes what it stores) where they differ
    written: list[tuple[int, str, str]] = field(default_factory=list)
    #: (white, black, the symbols written) of the games adjourned for a symbol no TRF defines
    unknown: list[tuple[int, int, str]] = field(default_factory=list)

    @property
    def complete(self) -> bool:
        """Every game has its result or is adjourned (as a round the arbiter completes)."""
        return all(result for _, _, result in self.games)

    def note(self, player: int, written: TrfResult, read_as: TrfResult) -> None:
        """Keep how the file wrote a round when the app would write what it stores otherwise."""
        if block_text(written) != block_text(read_as):
            self.written.append((player, block_text(written), block_text(read_as)))


@transaction.atomic
def import_trf(user, text: str, *, name: str = "") -> Tournament:
    """Create a FIDE Dutch Swiss from TRF text, with ``user`` as its chief arbiter, in FIDE
    mode (Q56); every round is checked against the pairing rules, and what the import made of
    the file's gaps is listed, in its audit entry (pairing/swiss/trf/import_check.py).

    Players keep their starting numbers; every round played is stored as a published round
    (complete when all its boards have a result: only the last may lack some). A last column
    holding only requested byes (``0000 - H/Z/F``, the round to pair) and TRF-2026 ``240``
    records become the records of the round to pair. The dummy player some programs write to
    mark the bye (Swiss-Manager's "spielfrei") is left out; ``XXA``/``250`` accelerations are
    kept. A game whose result is unknown on both sides (``?``, or a symbol no TRF defines)
    is an adjourned game, its result to enter (Q166); one beside a result is refused. The
    rating type follows the file's time control (``122``), and the players with a FIDE id are
    compared with FIDE's list in force at the start (arbiter/ratings/listed.py), in the audit
    entry too. Raises :class:`TrfError` on a bad file.
    """
    lines = text.removeprefix("\ufeff").replace("\r\n", "\n").replace("\r", "\n").split("\n")
    _check_characters(lines)
    limits = trf_limits()
    parsed = parse_trf(text, limits)
    markers = set(parsed.bye_markers)
    marker_players = [p for p in parsed.players if p.number in markers]
    parsed = replace(parsed, players=tuple(p for p in parsed.players if p.number not in markers))
    national = read_national(parsed.other_lines, lines)
    parsed = replace(parsed, other_lines=national.rest)
    _check_supported(parsed, lines)
    rounds, records = _rounds(parsed, lines)
    _check_entries(parsed)
    check_points(parsed)  # as the endorsed checker: the points column must match the results
    headers = _headers(lines)
    start = parse_date(headers.get("042", ""))
    end = parse_date(headers.get("052", ""))
    played = len(rounds)
    planned = max(parsed.rounds, played) or None
    if planned and planned > limits.rounds:
        raise TrfError(
            _line_of(lines, ("XXR", "142")),
            5,
            gettext("more than %(rounds)s rounds") % {"rounds": limits.rounds},
        )
    withdrawn = _withdrawn(records, played, planned)
    records = {key: kind for key, kind in records.items() if key[0] not in withdrawn}
    rules = default_rules(parsed)
    tournament = Tournament.objects.create(
        name=(name or parsed.name or "Imported tournament")[:200],
        system=System.SWISS_DUTCH,
        rules_version=RulesVersion(rules),
        tiebreak_rules=tiebreak_rules_for(start),
        start_date=start,
        end_date=end if end and (not start or end >= start) else None,
        city=headers.get("022", "")[:100],
        federation=_federation(headers.get("032", "")),
        time_control=headers.get("122", "")[:100],
        rating_type=time_control.rating_type(headers.get("122", "")),
        planned_rounds=planned,
        status=Tournament.Status.RUNNING if rounds else Tournament.Status.PREPARING,
        baku_acceleration=parsed.system.upper().endswith("_BAKU"),
        initial_colour=parsed.initial_colour,
        rating_method=national.method,
        national_federation=national.federation,
        fide_mode=True,  # Q56: a tournament created by import starts in FIDE mode
    )
    TournamentArbiter.objects.create(
        tournament=tournament, user=user, role=TournamentArbiter.Role.CHIEF
    )
    entries = {p.number: _entry(tournament, p) for p in parsed.players}
    for number in withdrawn:
        entries[number].withdrawn = True
    for number, rating in national.ratings.items():
        if number not in entries:
            raise TrfError(
                _line_of(lines, (national.federation,)),
                5,
                gettext("national rating for unknown player %(number)s") % {"number": number},
            )
        entries[number].national_rating = rating
    Entry.objects.bulk_create(entries.values())
    _store_rounds(tournament, rounds, entries, parsed)
    _store_as_written(tournament, parsed, rounds, entries)
    accelerations = _accelerations(tournament, parsed, entries, user)
    Acceleration.objects.bulk_create(accelerations)
    PlayerRoundRecord.objects.bulk_create(
        PlayerRoundRecord(
            tournament=tournament,
            entry=entries[number],
            round_number=round_number,
            kind=kind,
            created_by=user if user is not None and user.is_authenticated else None,
        )
        for (number, round_number), kind in sorted(records.items())
    )
    forbidden = _forbidden_pairs(tournament, parsed, played, entries, user, lines)
    ForbiddenPair.objects.bulk_create(forbidden)
    checks = check_rounds(parsed, rules)  # Q54: every imported round against the rules
    listed = check_against_list_in_force(
        (snapshot(entry, COMPARED_WITH_LIST) for entry in entries.values()),
        tournament.start_date,
        tournament.rating_type,
    )
    unknown = [(round_.number, *game) for round_ in rounds for game in round_.unknown]
    record(
        user,
        tournament,
        "tournament.import_trf",
        f"Imported {tournament.name} from a TRF: {len(entries)} players, {played} rounds",
        after={
            "format": _FORMATS.get(parsed.format, "TRF-16"),
            "players": len(entries),
            "rounds": played,
            "complete_rounds": sum(r.complete for r in rounds),
            "rules": rules,
            "records": len(records),
            "withdrawn": sorted(withdrawn),
            "forbidden_pairs": len(forbidden),
            "accelerations": len(accelerations),
            "bye_markers_left_out": sorted(markers),
            "adjustments": [
                *parsed.adjustments,
                *adjustments(parsed, marker_players, planned, withdrawn, unknown),
            ],
            "round_checks": {str(number): found for number, found in checks.items()},
            **({"list_check": listed.as_json()} if listed is not None else {}),
        },
    )
    note_rounds(user, tournament, checks)
    return tournament


#: The entry fields an imported TRF is compared on with FIDE's list in force (by FIDE id).
COMPARED_WITH_LIST = ["name", "fide_id", "title", "federation", "rating", "birth_year"]


def trf_limits() -> TrfLimits:
    """The reader's bounds from the settings (docs/hardening.md, "Limits")."""
    players, rounds = settings.MAX_PLAYERS, settings.MAX_ROUNDS
    return TrfLimits(players=players, rounds=rounds, acceleration_cells=players * rounds)


def trf_lines_allowed() -> int:
    """A file's lines: a player record and an acceleration record per player allowed, and
    some for the tournament's records, forbidden pairs and byes."""
    return 2 * settings.MAX_PLAYERS + 1000


def _check_characters(lines: list[str]) -> None:
    """No stored text holds a control character (a NUL cannot even be stored in PostgreSQL),
    and a TRF's fixed columns hold none: a tab would shift every column after it."""
    for number, raw in enumerate(lines, start=1):
        found = CONTROL_CHARACTERS.search(raw)
        if found is None:
            continue
        what = (
            gettext("a NUL character (is this a TRF file?)")
            if found.group() == "\x00"
            else gettext("a control character (%(character)s) (is this a TRF file?)")
            % {"character": f"U+{ord(found.group()):04X}"}
        )
        raise TrfError(number, found.start() + 1, what)


def _check_supported(t: TrfTournament, lines: list[str]) -> None:
    """What the app cannot represent is refused rather than changed in silence."""
    system = t.system.upper()
    if system and not system.startswith("FIDE_DUTCH"):
        raise TrfError(
            _line_of(lines, ("192",)),
            5,
            gettext("the tournament type %(system)s is not FIDE Dutch")
            % {"system": repr(t.system)},
        )
    scoring = _STANDARD
    if t.scoring.adjourned is not None:  # an unknown result (X in 162) counts as a draw (Q167)
        scoring = replace(scoring, adjourned=scoring.draw)
    if t.scoring != scoring:
        raise TrfError(
            _line_of(lines, ("162", "XXS", "BBW", "BBD", "BBL", "BBZ", "BBF", "BBU")),
            0,
            gettext("only the standard scoring (1, ½, 0) is supported"),
        )
    numbers = {p.number for p in t.players}
    for number, values in t.accelerations:
        if number not in numbers:
            raise TrfError(
                _line_of(lines, ("XXA", "250")),
                5,
                gettext("acceleration for unknown player %(number)s") % {"number": number},
            )
        if len(values) > settings.MAX_ROUNDS:
            raise TrfError(
                _line_of(lines, ("XXA", "250")),
                0,
                gettext("acceleration past round %(number)s") % {"number": settings.MAX_ROUNDS},
            )
        if any(value > 990 for value in values):
            raise TrfError(
                _line_of(lines, ("XXA", "250")), 10, gettext("acceleration of more than 99 points")
            )


def _rounds(t: TrfTournament, lines: list[str]) -> tuple[list[_Round], dict[tuple[int, int], str]]:
    """The rounds played, and the requested byes of the round to pair: (player, round) -> kind.

    Both sides of every game must agree: the same opponent, opposite colours, results that fit.
    """
    by_number = {p.number: p for p in t.players}
    columns = max((len(p.results) for p in t.players), default=0)
    rounds: list[_Round] = []
    records: dict[tuple[int, int], str] = {}
    for r in range(1, columns + 1):
        column = [(p, p.results[r - 1]) for p in t.players if len(p.results) >= r]
        # a round to pair holds requested byes only; a bye nobody asked for was allocated
        paired = any(res.opponent is not None or res.code in "U+=" for _, res in column)
        if r == columns and not paired:
            for p, res in column:
                if res.code != " ":
                    records[(p.number, r)] = _bye_kind(p, r, res.code)
            break
        round_ = _Round(r)
        for p, res in column:
            if res.opponent is None:
                if res.code != " ":
                    kind = _bye_kind(p, r, res.code)
                    round_.byes.append((p.number, kind))
                    round_.note(p.number, res, TrfResult(None, "-", kind))
                elif res.colour in "wb":
                    raise TrfError(
                        p.line,
                        _col(r, 5),
                        gettext("round %(round)s: a colour without an opponent") % {"round": r},
                    )
                continue
            game = _game(p, by_number[res.opponent], r)
            if game is not None:
                round_.games.append(game)
                white, black, result = game
                codes = _trf_codes(result)
                round_.note(white, p.results[r - 1], TrfResult(black, "w", codes[0]))
                theirs = by_number[black].results[r - 1]
                round_.note(black, theirs, TrfResult(white, "b", codes[1]))
                symbols = _symbol(lines, p, r) + _symbol(lines, by_number[black], r)
                if result == Game.ADJOURNED and symbols != UNKNOWN_RESULT * 2:
                    round_.unknown.append((white, black, symbols))
        if not round_.games and not round_.byes:
            raise TrfError(
                t.players[0].line,
                _col(r),
                gettext("round %(round)s has nobody in it") % {"round": r},
            )
        rounds.append(round_)
    for round_ in rounds[:-1]:
        if not round_.complete:
            white, black, _ = next(g for g in round_.games if not g[2])
            raise TrfError(
                by_number[white].line,
                _col(round_.number, 7),
                gettext(
                    "round %(round)s: the game %(white)s-%(black)s has no result, but later rounds "
                    "were played (only the last round may be unfinished)"
                )
                % {"round": round_.number, "white": white, "black": black},
            )
    for kind, round_number, numbers in t.byes:  # TRF-2026 240: requested byes
        if round_number > len(rounds):
            for number in numbers:
                if number not in by_number:
                    raise TrfError(
                        _line_of(lines, ("240",)),
                        0,
                        gettext("bye for unknown player %(number)s") % {"number": number},
                    )
                records.setdefault((number, round_number), kind)
    return rounds, records


def _trf_codes(result: str) -> tuple[str, str]:
    """White's and Black's result codes as the app writes a stored game: ``?`` for an adjourned
    game (Q164), blank while it is on."""
    if result == Game.ADJOURNED:
        return UNKNOWN_RESULT, UNKNOWN_RESULT
    outcome = results.from_code(result)
    return outcome.trf if outcome else (" ", " ")


def _symbol(lines: list[str], p: TrfPlayer, r: int) -> str:
    """The result symbol of ``p``'s round ``r`` as the file wrote it."""
    return lines[p.line - 1][_col(r, 7) - 1 : _col(r, 7)]


def _withdrawn(records: dict[tuple[int, int], str], played: int, planned: int | None) -> set[int]:
    """The players the file announces absent (``Z``) in every round left to play: withdrawn.

    TRF-2026 has no record of its own for a withdrawal: a file says it by the absences it
    announces for the rounds not yet paired (``240 Z``, and ``0000 - Z`` in the round to pair),
    which is how the export writes one (docs/trf.md). Read back, such a player is withdrawn,
    not absent round by round, so that the round trip keeps the withdrawal."""
    if not planned or planned <= played:
        return set()
    left = range(played + 1, planned + 1)
    players = {number for number, _ in records}
    return {n for n in players if all(records.get((n, r)) == "Z" for r in left)}


def _game(p: TrfPlayer, o: TrfPlayer, r: int) -> tuple[int, int, str] | None:
    """The game of ``p`` in round ``r`` as (white, black, result), once: from White's line."""
    mine = p.results[r - 1]
    theirs = o.results[r - 1] if len(o.results) >= r else None
    if theirs is None or theirs.opponent != p.number:
        raise TrfError(
            p.line,
            _col(r),
            gettext(
                "round %(round)s: player %(player)s meets %(opponent)s, whose entry says "
                "otherwise (player paired twice?)"
            )
            % {"round": r, "player": p.number, "opponent": o.number},
        )
    colours = mine.colour + theirs.colour
    if colours not in ("wb", "bw"):
        forfeit = {mine.code, theirs.code} <= {"+", "-"}
        if not (forfeit and colours in ("--", "  ", "- ", " -")):
            raise TrfError(
                p.line,
                _col(r, 5),
                gettext("round %(round)s: the colours of %(player)s-%(opponent)s")
                % {"round": r, "player": p.number, "opponent": o.number},
            )
        colours = "wb" if p.number < o.number else "bw"  # unplayed: the colour does not count
    if colours[0] != "w":
        return None
    codes = (_SAME_AS.get(mine.code, mine.code), _SAME_AS.get(theirs.code, theirs.code))
    if codes == (UNKNOWN_RESULT, UNKNOWN_RESULT):  # Q166: an unknown result on both sides
        return p.number, o.number, Game.ADJOURNED
    outcome = results.from_trf(*codes)
    result = "" if codes == (" ", " ") else outcome.code if outcome else None
    if result is None:
        raise TrfError(
            p.line,
            _col(r, 7),
            gettext(
                "round %(round)s: results %(mine)s and %(theirs)s of %(player)s-%(opponent)s "
                "do not fit together"
            )
            % {
                "round": r,
                "mine": repr(mine.code),
                "theirs": repr(theirs.code),
                "player": p.number,
                "opponent": o.number,
            },
        )
    return p.number, o.number, result


def _bye_kind(p: TrfPlayer, r: int, code: str) -> str:
    kind = BYE_KINDS.get(code)
    if kind is None:
        raise TrfError(
            p.line,
            _col(r, 7),
            gettext("round %(round)s: result %(code)s without an opponent")
            % {"round": r, "code": repr(code)},
        )
    return kind


def _check_entries(t: TrfTournament) -> None:
    """Starting numbers 1..N (the engine pairs by them), names, ratings, unique FIDE ids."""
    fide_ids: dict[int, int] = {}
    for index, p in enumerate(t.players, start=1):
        if p.number != index:
            raise TrfError(
                p.line,
                5,
                gettext("starting numbers must run from 1 without gaps: %(number)s is missing")
                % {"number": index},
            )
        check_player(p, fide_ids)


def _entry(tournament: Tournament, p: TrfPlayer) -> Entry:
    return Entry(
        tournament=tournament,
        name=p.name[:100],
        title=entry_title(p.title),
        sex=entry_sex(p.sex),
        federation=_federation(p.federation),
        rating=p.rating,
        fide_id=p.fide_number,
        birth_year=birth_year(p.birth),
        starting_number=p.number,
    )


def _store_as_written(
    tournament: Tournament, t: TrfTournament, rounds: list[_Round], entries: dict
) -> None:
    """What the models lack, kept to write the file back (docs/trf.md)."""
    own = [(code, text) for code, text in (("012", t.name), ("042", t.start_date)) if text]
    own += [("052", t.end_date)] if t.end_date else []
    TrfSource.objects.create(
        tournament=tournament,
        lines=[f"{code} {text}" for code, text in own] + list(t.other_lines),
        rounds=len(rounds),
        rounds_given=bool(t.rounds),
    )
    TrfPlayerColumns.objects.bulk_create(
        TrfPlayerColumns(
            entry=entries[p.number],
            sex=p.sex[:1],
            title=p.title[:3],
            federation=p.federation[:3],
            fide_id=p.fide_id[:11],
            birth=p.birth[:10],
            rank=p.rank,
        )
        for p in t.players
    )
    TrfRoundBlock.objects.bulk_create(
        TrfRoundBlock(
            entry=entries[number], round_number=round_.number, written=written, read_as=read_as
        )
        for round_ in rounds
        for number, written, read_as in round_.written
    )


def _accelerations(tournament: Tournament, t: TrfTournament, entries: dict, user) -> list:
    """``XXA``/``250``: the points each player is given for pairing, round by round."""
    creator = user if user is not None and user.is_authenticated else None
    return [
        Acceleration(
            tournament=tournament,
            entry=entries[number],
            round_number=round_number,
            points=Decimal(tenths) / 10,
            created_by=creator,
        )
        for number, values in t.accelerations
        for round_number, tenths in enumerate(values, start=1)
        if tenths
    ]


def _store_rounds(tournament, rounds: list[_Round], entries: dict, t: TrfTournament) -> None:
    """Each round with its boards ordered by the points before it (the standings engine's, under
    the tournament's scoring)."""
    now = timezone.now()
    scoring = rule_set(tournament).scoring
    points = dict.fromkeys((p.number for p in t.players), Decimal(0))
    for round_ in rounds:
        state = Round.State.COMPLETE if round_.complete else Round.State.PUBLISHED
        stored = Round.objects.create(
            tournament=tournament, number=round_.number, state=state, published_at=now
        )
        ordered = sorted(round_.games, key=lambda g: _board_key(g, points))
        Game.objects.bulk_create(
            Game(
                round=stored,
                board=board,
                white=entries[w],
                black=entries[b],
                result="" if result == Game.ADJOURNED else result,
                adjourned=result == Game.ADJOURNED,
            )
            for board, (w, b, result) in enumerate(ordered, start=1)
        )
        Bye.objects.bulk_create(
            Bye(round=stored, entry=entries[number], kind=kind) for number, kind in round_.byes
        )
        # an adjourned game counts as a draw for pairing (Q157), so for the boards' order too
        scored = standings.points(
            [
                standings.Game(
                    round_.number,
                    w,
                    b,
                    results.DRAW_GAME if r == Game.ADJOURNED else results.from_code(r),
                )
                for w, b, r in round_.games
            ],
            [standings.Bye(round_.number, number, kind) for number, kind in round_.byes],
            scoring,
        )
        for number, worth in scored.items():
            points[number] += worth


def _board_key(game: tuple[int, int, str], points: dict[int, Decimal]) -> tuple:
    """Boards as FIDE orders them, near enough: the higher score first, then the higher sum of
    scores, then the better starting number (a TRF does not record board numbers)."""
    white, black, _ = game
    a, b = points[white], points[black]
    return (-max(a, b), -(a + b), min(white, black))


def _forbidden_pairs(
    tournament: Tournament, t: TrfTournament, played: int, entries: dict, user, lines: list[str]
) -> list[ForbiddenPair]:
    """Every two players of an ``XXP``/``260`` group still in force for the next round."""
    pairs = set()
    for group in t.forbidden:
        if group.last <= played:
            continue
        for number in group.players:
            if number not in entries:
                raise TrfError(
                    _line_of(lines, ("XXP", "260")),
                    0,
                    gettext("forbidden pair with unknown player %(number)s") % {"number": number},
                )
        ids = sorted({entries[n].pk for n in group.players})
        pairs |= {(a, b) for i, a in enumerate(ids) for b in ids[i + 1 :]}
    by_pk = {e.pk: e for e in entries.values()}
    creator = user if user is not None and user.is_authenticated else None
    return [
        ForbiddenPair(tournament=tournament, first=by_pk[a], second=by_pk[b], created_by=creator)
        for a, b in sorted(pairs)
    ]


def _headers(lines: list[str]) -> dict[str, str]:
    headers = {}
    for raw in lines:
        if raw[:3] in _STORED_HEADERS and raw[:3] not in headers:
            headers[raw[:3]] = raw[3:].strip()
    return headers


#: The format the reader told apart (TrfTournament.format), as the import's report names it.
_FORMATS = {"TRF06": "TRF06", "TRF16": "TRF-16", "TRF26": "TRF-2026"}


def _federation(code: str) -> str:
    code = code.strip().upper()
    return code if re.fullmatch(federation_code.regex, code) else ""


def _line_of(lines: list[str], codes: tuple[str, ...]) -> int:
    return next((i for i, raw in enumerate(lines, start=1) if raw[:3] in codes), 0)


def _col(r: int, offset: int = 0) -> int:
    """The column of round ``r``'s block (opponent; +5 the colour, +7 the result)."""
    return 92 + 10 * (r - 1) + offset
