"""State changes of a Swiss round: pair, edit the draft, publish, delete.

Each is one transaction that first locks the tournament row, so two arbiters pressing the same
button at once are served one after the other: the second finds the round already paired (or
published, or gone) and is told so. The view, the HTMX endpoint and ``manage.py swiss`` all call
these functions.
"""

import random
import time
from dataclasses import dataclass

from django.db import transaction
from django.utils import timezone

from arbiter.models import Bye, Entry, Game, Round, System, Tournament
from arbiter.services.audit import record
from arbiter.services.entries import renumber_by_rating
from pairing.engines.dutch import NoValidPairing, pair_trf
from pairing.engines.dutch.manual import Warning, check_manual_pairing
from pairing.engines.dutch.state import build_state
from pairing.engines.trf import TrfError
from pairing.models import EnginePairing
from pairing.services.trf_export import tournament_trf


class SwissError(Exception):
    """A round change the tournament cannot take now; the message is for the arbiter."""


class UnconfirmedDeletion(SwissError):
    """Deleting this round loses results: the arbiter must confirm, seeing ``lost``."""

    def __init__(self, round_number: int, lost: list[str]) -> None:
        self.lost = lost
        super().__init__(
            f"Round {round_number} has {len(lost)} result(s) that deleting it would lose: "
            + "; ".join(lost)
        )


def locked_swiss(tournament: Tournament) -> Tournament:
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    if tournament.system != System.SWISS_DUTCH:
        raise SwissError("Only a FIDE Dutch Swiss is paired by the Dutch engine.")
    return tournament


def _locked_round(round_: Round) -> tuple[Tournament, Round]:
    tournament = locked_swiss(round_.tournament)
    current = Round.objects.filter(pk=round_.pk).first()
    if current is None:
        raise SwissError(f"Round {round_.number} no longer exists: another arbiter deleted it.")
    current.tournament = tournament
    return tournament, current


@transaction.atomic
def pair_round(user, tournament: Tournament) -> Round:
    """Pair the next round with the Dutch engine and keep it as a draft (nothing public yet)."""
    tournament = locked_swiss(tournament)
    last = tournament.rounds.order_by("-number").first()
    if last is not None and last.state == Round.State.DRAFT:
        raise SwissError(f"Round {last.number} is already paired: publish or delete that draft.")
    if last is not None and last.state != Round.State.COMPLETE:
        missing = last.games.filter(result="").count()
        raise SwissError(f"Round {last.number} still has {missing} board(s) without a result.")
    number = last.number + 1 if last else 1
    if tournament.planned_rounds and number > tournament.planned_rounds:
        raise SwissError(f"All {tournament.planned_rounds} rounds have been paired.")
    seed = _prepare_first_round(tournament) if number == 1 else None
    trf = tournament_trf(tournament, through_round=number - 1, next_round=True)
    started = time.perf_counter()
    try:
        pairing = pair_trf(trf, tournament.rules_version)
    except NoValidPairing as error:
        raise SwissError(
            f"No pairing of round {number} satisfies the absolute criteria: {error}"
        ) from error
    except TrfError as error:
        raise SwissError(f"The tournament's history cannot be paired: {error}") from error
    seconds = time.perf_counter() - started
    entries = {e.starting_number: e for e in tournament.entries.exclude(starting_number=None)}
    round_ = Round.objects.create(tournament=tournament, number=number, seed=seed)
    Game.objects.bulk_create(
        Game(round=round_, board=b.number, white=entries[b.white], black=entries[b.black])
        for b in pairing.boards
    )
    byes = []
    if pairing.bye:
        byes.append(Bye(round=round_, entry=entries[pairing.bye], kind=Bye.Kind.PAIRING_ALLOCATED))
    absent = {p.number: p.results[-1].code for p in trf.players if len(p.results) == number}
    byes += [Bye(round=round_, entry=entries[n], kind=code) for n, code in absent.items()]
    Bye.objects.bulk_create(byes)
    EnginePairing.objects.create(
        round=round_,
        rules=pairing.rules,
        boards=[[entries[b.white].pk, entries[b.black].pk] for b in pairing.boards],
        bye=entries[pairing.bye] if pairing.bye else None,
        explanations={str(entries[e.player].pk): _explanation(e) for e in pairing.explanations},
        seconds=seconds,
        paired_by=user if user is not None and user.is_authenticated else None,
    )
    record(
        user,
        tournament,
        "round.pair",
        f"Round {number} paired by the engine ({pairing.rules} rules): "
        f"{len(pairing.boards)} boards"
        + (f", bye {entries[pairing.bye].name}" if pairing.bye else ""),
        after={
            "round": number,
            "boards": [[b.white, b.black] for b in pairing.boards],
            "bye": pairing.bye,
            "seed": seed,
        },
    )
    return round_


def _prepare_first_round(tournament: Tournament) -> int | None:
    """Starting numbers from the initial ranking and, unless the arbiter set it, the colour lot
    (C.04.3 art. 5.2.5) drawn with a seed that round 1 keeps for the audit."""
    renumber_by_rating(tournament)
    if tournament.initial_colour:
        return None
    seed = random.SystemRandom().randrange(2**31)
    tournament.initial_colour = random.Random(seed).choice("wb")
    tournament.save(update_fields=["initial_colour"])
    return seed


def _explanation(e) -> dict:
    return {
        "bracket": e.bracket,
        "opponent": e.opponent,
        "colour": e.colour,
        "colour_rule": e.colour_rule,
        "float": e.float,
        "reason": e.reason,
    }


@dataclass(frozen=True)
class Slot:
    """Where an entry sits in a draft: a board and a colour, or the pairing-allocated bye."""

    board: int | None
    colour: str  # "white", "black" or "bye"


def _arrangement(round_: Round) -> dict[int, Slot]:
    slots: dict[int, Slot] = {}
    for board, white, black in round_.games.values_list("board", "white_id", "black_id"):
        slots[white] = Slot(board, "white")
        slots[black] = Slot(board, "black")
    for entry_id in round_.byes.filter(kind=Bye.Kind.PAIRING_ALLOCATED).values_list(
        "entry_id", flat=True
    ):
        slots[entry_id] = Slot(None, "bye")
    return slots


def _check_draft(round_: Round) -> None:
    if round_.state != Round.State.DRAFT:
        raise SwissError(
            f"Round {round_.number} is published: its pairing can no longer be changed."
        )


def _rewrite(round_: Round, slots: dict[int, Slot]) -> None:
    """Replace the round's games and pairing-allocated bye by ``slots`` (one transaction)."""
    boards: dict[int, dict[str, int]] = {}
    bye = None
    for entry_id, slot in slots.items():
        if slot.colour == "bye":
            bye = entry_id
        else:
            boards.setdefault(slot.board, {})[slot.colour] = entry_id
    round_.games.all().delete()
    round_.byes.filter(kind=Bye.Kind.PAIRING_ALLOCATED).delete()
    Game.objects.bulk_create(
        Game(round=round_, board=board, white_id=pair["white"], black_id=pair["black"])
        for board, pair in sorted(boards.items())
    )
    if bye is not None:
        Bye.objects.create(round=round_, entry_id=bye, kind=Bye.Kind.PAIRING_ALLOCATED)
    engine = EnginePairing.objects.filter(round=round_).first()
    if engine is not None:
        ours = sorted([pair["white"], pair["black"]] for pair in boards.values())
        engine.edited = ours != sorted(engine.boards) or bye != engine.bye_id
        engine.save(update_fields=["edited"])


@transaction.atomic
def swap_players(user, round_: Round, first: Entry, second: Entry) -> None:
    """Exchange two players' places in a draft: boards, colours or the bye."""
    tournament, round_ = _locked_round(round_)
    _check_draft(round_)
    slots = _arrangement(round_)
    for entry in (first, second):
        if entry.pk not in slots:
            raise SwissError(
                f"{entry.name} is not paired in round {round_.number} (absent or a requested bye)."
            )
    if first.pk == second.pk:
        raise SwissError("Choose two different players to swap.")
    before = {first.pk: slots[first.pk], second.pk: slots[second.pk]}
    slots[first.pk], slots[second.pk] = slots[second.pk], slots[first.pk]
    if slots[first.pk].board is not None and slots[first.pk] == slots[second.pk]:
        raise SwissError("Those two players are already paired together.")
    _rewrite(round_, slots)
    record(
        user,
        tournament,
        "round.swap_players",
        f"Round {round_.number} draft: swapped {first.name} ({_where(before[first.pk])}) and "
        f"{second.name} ({_where(before[second.pk])})",
        before={str(k): _where(v) for k, v in before.items()},
        after={str(first.pk): _where(slots[first.pk]), str(second.pk): _where(slots[second.pk])},
    )


@transaction.atomic
def swap_colours(user, round_: Round, board: int) -> None:
    """Give White to the player who had Black on one board of a draft."""
    tournament, round_ = _locked_round(round_)
    _check_draft(round_)
    game = round_.games.select_related("white", "black").filter(board=board).first()
    if game is None:
        raise SwissError(f"Round {round_.number} has no board {board}.")
    slots = _arrangement(round_)
    slots[game.white_id], slots[game.black_id] = slots[game.black_id], slots[game.white_id]
    _rewrite(round_, slots)
    record(
        user,
        tournament,
        "round.swap_colours",
        f"Round {round_.number} draft, board {board}: {game.black.name} now White against "
        f"{game.white.name}",
        before={"white": game.white_id, "black": game.black_id},
        after={"white": game.black_id, "black": game.white_id},
    )


def _where(slot: Slot) -> str:
    return "bye" if slot.colour == "bye" else f"board {slot.board} {slot.colour}"


def draft_warnings(round_: Round) -> list[Warning]:
    """The FIDE manual-pairing checks on the round as it stands, against the engine's choice."""
    tournament = round_.tournament
    trf = tournament_trf(tournament, through_round=round_.number - 1, next_round=True)
    state = build_state(trf)
    number = dict(tournament.entries.values_list("pk", "starting_number"))
    boards = [(number[w], number[b]) for w, b in round_.games.values_list("white_id", "black_id")]
    bye = round_.byes.filter(kind=Bye.Kind.PAIRING_ALLOCATED).values_list("entry_id", flat=True)
    bye_number = number[bye[0]] if bye else None
    engine = EnginePairing.objects.filter(round=round_).first()
    if engine is None:
        return check_manual_pairing(state, boards, bye_number)
    engine_boards = [(number[w], number[b]) for w, b in engine.boards]
    engine_bye = number[engine.bye_id] if engine.bye_id else None
    return check_manual_pairing(state, boards, bye_number, engine_boards, engine_bye)


@transaction.atomic
def publish_round(user, round_: Round) -> Round:
    """Make a draft public: its pairings show at once and results can be entered."""
    tournament, round_ = _locked_round(round_)
    if round_.state != Round.State.DRAFT:
        raise SwissError(f"Round {round_.number} is already published.")
    warnings = draft_warnings(round_)
    round_.state = Round.State.PUBLISHED
    round_.published_at = timezone.now()
    round_.save(update_fields=["state", "published_at"])
    if tournament.status == Tournament.Status.PREPARING:
        tournament.status = Tournament.Status.RUNNING
        tournament.save(update_fields=["status"])
    record(
        user,
        tournament,
        "round.publish",
        f"Round {round_.number} published"
        + (f" with {len(warnings)} warning(s)" if warnings else ""),
        after={"state": round_.state, "warnings": [w.message for w in warnings]},
    )
    return round_


@transaction.atomic
def delete_round(user, round_: Round, *, confirm: bool = False) -> None:
    """Delete the last round so it can be paired again.

    A round with results is only deleted with ``confirm``; otherwise :class:`UnconfirmedDeletion`
    lists every result that would be lost. The audit log keeps the whole round.
    """
    tournament, round_ = _locked_round(round_)
    last = tournament.rounds.order_by("-number").values_list("number", flat=True).first()
    if round_.number != last:
        raise SwissError(
            f"Only the last round ({last}) can be deleted; "
            f"round {round_.number} has rounds after it."
        )
    games = list(round_.games.select_related("white", "black").order_by("board"))
    lost = [f"board {g.board} {g.white.name} {g.result} {g.black.name}" for g in games if g.result]
    if lost and not confirm:
        raise UnconfirmedDeletion(round_.number, lost)
    snapshot = {
        "state": round_.state,
        "games": [[g.board, g.white_id, g.black_id, g.result] for g in games],
        "byes": list(round_.byes.values_list("entry_id", "kind")),
    }
    round_.delete()
    record(
        user,
        tournament,
        "round.delete",
        f"Round {round_.number} deleted" + (f", losing {len(lost)} result(s)" if lost else ""),
        before=snapshot,
    )
