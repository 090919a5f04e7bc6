"""State changes of a round robin's drawing of lots, from the first pick to the created rounds."""

import random
import re

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

from arbiter.core.models import Bye, Entry, Game, Round, Tournament
from arbiter.core.services.audit import record
from arbiter.core.systems import System
from pairing.engines.berger import schedule
from pairing.engines.group_separation import Drawer
from pairing.engines.varma import Drawing, Pick, VarmaError
from pairing.round_robin.models import LotDrawing, LotPick

FEDERATION = re.compile(r"^[A-Z]{3}$")


class DrawingError(Exception):
    """A drawing step that cannot be done; the message is for the arbiter."""


def active_entries(tournament: Tournament) -> list[Entry]:
    return list(tournament.entries.filter(withdrawn=False).order_by("pk"))


def drawers_for(entries: list[Entry], group_by: str) -> list[Drawer]:
    def group(entry: Entry) -> str:
        if group_by == LotDrawing.GroupBy.CLUB:
            return " ".join(entry.club.split())
        return entry.federation

    return [Drawer(str(entry.pk), entry.name, group(entry), entry.federation) for entry in entries]


def check_field(tournament: Tournament, entries: list[Entry]) -> None:
    """The field can draw lots: a round robin not yet under way, 3+ players, no duplicates."""
    if tournament.system != System.ROUND_ROBIN:
        raise DrawingError(
            gettext("Only a round robin draws its starting numbers with the Varma tables.")
        )
    if tournament.rounds.exists():
        raise DrawingError(gettext("The rounds exist already: the starting numbers are fixed."))
    if len(entries) < 3:
        raise DrawingError(
            gettext("A round robin needs at least 3 players; this one has %(count)s.")
            % {"count": len(entries)}
        )
    seen: dict[tuple[str, str], str] = {}
    for entry in entries:
        if entry.federation and not FEDERATION.match(entry.federation):
            raise DrawingError(
                gettext("%(name)s: %(federation)s is not a three-letter code.")
                % {"name": entry.name, "federation": repr(entry.federation)}
            )
        identity = (entry.name.casefold(), entry.federation)
        if identity in seen:
            raise DrawingError(
                gettext("%(name)s (%(federation)s) is entered twice.")
                % {"name": entry.name, "federation": entry.federation}
                if entry.federation
                else gettext("%(name)s (no federation) is entered twice.") % {"name": entry.name}
            )
        seen[identity] = entry.name


def check_rounds(players: int, *, double: bool) -> None:
    """The schedule's rounds (a cycle has one fewer than the players, or as many when they are
    odd) are within ``MAX_ROUNDS``: the drawing creates them all at once."""
    rounds = (players - 1 + players % 2) * (2 if double else 1)
    if rounds > settings.MAX_ROUNDS:
        raise DrawingError(
            gettext(
                "%(players)s players make %(rounds)s rounds; a tournament has at most %(most)s "
                "(MAX_ROUNDS)."
            )
            % {"players": players, "rounds": rounds, "most": settings.MAX_ROUNDS}
        )


@transaction.atomic
def start_drawing(
    user,
    tournament: Tournament,
    *,
    group_by: str = LotDrawing.GroupBy.FEDERATION,
    double_round_robin: bool = False,
    swap_last_two_rounds: bool = True,
    seed: int | None = None,
) -> LotDrawing:
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    if LotDrawing.objects.filter(tournament=tournament).exists():
        raise DrawingError(gettext("The drawing has started already."))
    entries = active_entries(tournament)
    check_field(tournament, entries)
    check_rounds(len(entries), double=double_round_robin)
    drawing = LotDrawing.objects.create(
        tournament=tournament,
        seed=seed if seed is not None else random.SystemRandom().randrange(2**62),
        group_by=group_by,
        double_round_robin=double_round_robin,
        swap_last_two_rounds=swap_last_two_rounds,
        started_by=user,
    )
    record(
        user,
        tournament,
        "drawing.start",
        f"Started the drawing of lots (by {drawing.get_group_by_display().lower()})",
        after={"seed": drawing.seed, "double_round_robin": double_round_robin},
    )
    return drawing


def engine_state(drawing: LotDrawing) -> tuple[Drawing, dict[str, Entry]]:
    """The drawing as the engine sees it, replayed from the stored picks."""
    entries = active_entries(drawing.tournament)
    by_key = {str(entry.pk): entry for entry in entries}
    picks = list(drawing.picks.order_by("step"))
    try:
        state = Drawing.replay(
            drawers_for(entries, drawing.group_by),
            [_engine_pick(pick) for pick in picks],
            seed=drawing.seed,
        )
    except (VarmaError, KeyError) as error:
        raise DrawingError(
            gettext(
                "The field changed since the drawing started (a player was added or withdrawn): "
                "restart the drawing."
            )
        ) from error
    return state, by_key


@transaction.atomic
def record_pick(user, drawing: LotDrawing, step: int, envelope: str, number: int) -> LotPick:
    """The player whose turn it is at `step` drew `number` from `envelope`.

    A second post of the same pick (a double click) changes nothing.
    """
    drawing = _locked(drawing)
    state, by_key = engine_state(drawing)
    done = _already_drawn(drawing, state, step)
    if done is not None:
        if (done.envelope, done.number) == (envelope, number):
            return done
        raise DrawingError(
            gettext("Step %(step)s is recorded already; undo it first to change it.")
            % {"step": step + 1}
        )
    try:
        state.pick(envelope, number)
    except VarmaError as error:
        raise DrawingError(str(error)) from error
    return _save_pick(user, drawing, state, by_key, Pick("", envelope, number), by_app=False)


@transaction.atomic
def draw_for_player(user, drawing: LotDrawing, step: int) -> LotPick:
    """The app draws for the player at `step`, reproducibly from the drawing's seed and the step.

    A repeated click returns the number already drawn.
    """
    drawing = _locked(drawing)
    state, by_key = engine_state(drawing)
    done = _already_drawn(drawing, state, step)
    if done is not None:
        return done
    picked = state.pick_at_random(random.Random(f"{drawing.seed}:{step}")).picks[-1]
    return _save_pick(user, drawing, state, by_key, picked, by_app=True)


def _already_drawn(drawing: LotDrawing, state: Drawing, step: int) -> LotPick | None:
    if step > len(state.picks):
        raise DrawingError(
            gettext("That is not the player whose turn it is; the page was out of date.")
        )
    return drawing.picks.get(step=step) if step < len(state.picks) else None


def _save_pick(user, drawing, state, by_key, pick: Pick, *, by_app: bool) -> LotPick:
    drawer = state.next_drawer
    saved = LotPick.objects.create(
        drawing=drawing,
        step=len(state.picks),
        entry=by_key[drawer.key],
        envelope=pick.envelope,
        number=pick.number,
        by_app=by_app,
    )
    how = "drawn by the app" if by_app else "drawn"
    record(
        user,
        drawing.tournament,
        "drawing.pick",
        f"{drawer.name} {how}: envelope {pick.envelope}, number {pick.number}",
        after={"step": saved.step, "envelope": pick.envelope, "number": pick.number},
    )
    return saved


@transaction.atomic
def undo_last_pick(user, drawing: LotDrawing) -> None:
    drawing = _locked(drawing)
    last = drawing.picks.select_related("entry").order_by("-step").first()
    if last is None:
        raise DrawingError(gettext("Nothing has been drawn yet."))
    last.delete()
    record(
        user,
        drawing.tournament,
        "drawing.undo",
        f"Undid {last.entry.name}'s pick (number {last.number})",
        before={"step": last.step, "envelope": last.envelope, "number": last.number},
    )


@transaction.atomic
def restart_drawing(user, drawing: LotDrawing) -> None:
    drawing = _locked(drawing)
    before = {
        "seed": drawing.seed,
        "picks": list(drawing.picks.order_by("step").values_list("entry_id", "envelope", "number")),
    }
    drawing.delete()
    record(
        user, drawing.tournament, "drawing.restart", "Restarted the drawing of lots", before=before
    )


@transaction.atomic
def confirm_drawing(user, drawing: LotDrawing) -> list[Round]:
    """Lock the numbers and create every round of the Berger schedule, published."""
    drawing = _locked(drawing)
    tournament = Tournament.objects.select_for_update().get(pk=drawing.tournament_id)
    entries = active_entries(tournament)
    check_field(tournament, entries)
    check_rounds(len(entries), double=drawing.double_round_robin)
    state, by_key = engine_state(drawing)
    if not state.finished:
        raise DrawingError(
            gettext("%(name)s has not drawn a number yet.") % {"name": state.next_drawer.name}
        )
    numbers = state.numbers()
    tournament.entries.update(starting_number=None)
    entries = list(by_key.values())
    for entry in entries:
        entry.starting_number = numbers[str(entry.pk)]
    Entry.objects.bulk_update(entries, ["starting_number"])
    by_number = {entry.starting_number: entry for entry in entries}

    now = timezone.now()
    berger = schedule(
        len(entries),
        double=drawing.double_round_robin,
        swap_last_two=drawing.swap_last_two_rounds,
    )
    rounds = Round.objects.bulk_create(
        Round(tournament=tournament, number=r.number, state=Round.State.PUBLISHED, published_at=now)
        for r in berger
    )
    round_by_number = {r.number: r for r in rounds}
    Game.objects.bulk_create(
        Game(
            round=round_by_number[r.number],
            board=g.board,
            white=by_number[g.white],
            black=by_number[g.black],
        )
        for r in berger
        for g in r.games
    )
    Bye.objects.bulk_create(
        Bye(
            round=round_by_number[r.number], entry=by_number[r.bye], kind=Bye.Kind.PAIRING_ALLOCATED
        )
        for r in berger
        if r.bye is not None
    )
    tournament.planned_rounds = len(berger)
    tournament.status = Tournament.Status.RUNNING
    tournament.save(update_fields=["planned_rounds", "status"])
    drawing.confirmed_at = now
    drawing.save(update_fields=["confirmed_at"])
    record(
        user,
        tournament,
        "drawing.confirm",
        f"Confirmed the drawing; created {len(berger)} rounds",
        after={"numbers": {entry.name: entry.starting_number for entry in entries}},
    )
    return rounds


def _locked(drawing: LotDrawing) -> LotDrawing:
    drawing = (
        LotDrawing.objects.select_for_update()
        .select_related("tournament")
        .filter(pk=drawing.pk)
        .first()
    )
    if drawing is None:
        raise DrawingError(gettext("The drawing was restarted meanwhile; reload the page."))
    if drawing.confirmed_at is not None:
        raise DrawingError(gettext("The drawing is confirmed: the starting numbers are locked."))
    return drawing


def _engine_pick(pick: LotPick) -> Pick:
    return Pick(str(pick.entry_id), pick.envelope, pick.number)
