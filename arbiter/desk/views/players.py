"""The arbiter's player list: add (HTMX, with a plain-form fallback), edit, withdraw, import,
and the lookup of a player in FIDE's rating list that fills the add and edit forms
(docs/ratings.md, "Lookup and refresh")."""

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _

from arbiter.core.access import tournament_arbiter_required
from arbiter.core.links import url_for_ids
from arbiter.core.models import CONTROL_CHARACTERS, BackgroundJob, Entry, Tournament
from arbiter.core.once import once_per_submission
from arbiter.core.services import entries as service
from arbiter.desk.forms import EntryForm, PlayerListImportForm
from arbiter.desk.import_jobs import IMPORTING
from arbiter.desk.player_lists import COLUMNS
from arbiter.platform.routes import Routes
from arbiter.platform.views.jobs import start_import, started_job_redirect
from arbiter.ratings import lookup as rating_lookup
from arbiter.ratings import norm_text
from arbiter.ratings.listed import ListedRating, entry_values, listed_rating, month_of
from arbiter.ratings.models import RatingList
from arbiter.ratings.norms import tournament_norms
from arbiter.ratings.refresh import no_list_message
from pairing.engines.norms import TITLES

routes = Routes("arbiter/t/<int:tournament_id>/players/")


@routes.form("", name="players")
@tournament_arbiter_required
@once_per_submission
def players(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """The list with the add form above it; an HTMX post swaps only the list section. A late
    entry that would move published numbers is asked about in the form (who moves, old and new
    number): the answer comes back with the form's fields, ``numbers`` and ``seen``. A player
    picked from the rating list (``?from_list=<FIDE id>``) fills the form; over HTMX only the
    form is sent."""
    picked = _picked(request, tournament)
    form = EntryForm(request.POST or None, tournament=tournament, initial=picked.initial)
    if request.htmx and request.method == "GET" and picked.asked:
        context = {"tournament": tournament, "form": form, "picked": picked}
        return render(request, "arbiter/players.html#add-player-form", context)
    added = asked = None
    if request.method == "POST" and form.is_valid():
        added, asked = _save_answered(request, form, service.add_entry, tournament)
        if added is not None:
            if not request.htmx:
                messages.success(request, _("%(name)s added.") % {"name": added.name})
                return redirect("players", tournament_id=tournament.pk)
            form = EntryForm(tournament=tournament)
    template = "arbiter/players.html#players-section" if request.htmx else "arbiter/players.html"
    context = {
        "tournament": tournament,
        "form": form,
        "entries": _with_norms(
            tournament,
            _with_links(tournament, tournament.entries.order_by("starting_number", "name")),
        ),
        "added": added,
        "asked": asked,
        "picked": picked,
    }
    return render(request, template, context)


@routes.form("<int:entry_id>/", name="player_edit")
@tournament_arbiter_required
def edit_player(request: HttpRequest, tournament: Tournament, entry_id: int) -> HttpResponse:
    """A player's details; a correction that would move published numbers asks first, as a
    late entry does (the form's ``numbers`` and ``seen``). A player picked from the rating list
    (``?from_list=<FIDE id>``) fills the form with what the list holds; over HTMX only the
    form is sent."""
    entry = get_object_or_404(Entry, pk=entry_id, tournament=tournament)
    picked = _picked(request, tournament)
    form = EntryForm(
        request.POST or None, instance=entry, tournament=tournament, initial=picked.initial
    )
    if request.htmx and request.method == "GET" and picked.asked:
        context = {"tournament": tournament, "form": form, "entry": entry, "picked": picked}
        return render(request, "arbiter/player_form.html#player-form", context)
    asked = None
    if request.method == "POST" and form.is_valid():
        saved, asked = _save_answered(request, form, service.update_entry, entry)
        if saved is not None:
            messages.success(request, _("%(name)s saved.") % {"name": entry.name})
            return redirect("players", tournament_id=tournament.pk)
    return render(
        request,
        "arbiter/player_form.html",
        {"tournament": tournament, "form": form, "entry": entry, "asked": asked, "picked": picked},
    )


@routes.post("<int:entry_id>/withdraw/", name="player_withdraw")
@tournament_arbiter_required
def withdraw_player(request: HttpRequest, tournament: Tournament, entry_id: int) -> HttpResponse:
    """Withdraw (withdrawn=1; with expelled=1, expel: FIDE's checklist Q197-198) or reinstate
    (withdrawn=0); HTMX swaps the player's row. A withdrawal is confirmed first (confirm=yes):
    the row asks, saying what it means, and offers the expulsion beside it."""
    entry = get_object_or_404(Entry, pk=entry_id, tournament=tournament)
    withdraw = request.POST.get("withdrawn") == "1"
    if withdraw and not entry.withdrawn and request.POST.get("confirm") != "yes":
        _with_links(tournament, [entry])
        context = {"tournament": tournament, "entry": entry, "confirm_withdraw": entry.pk}
        if request.htmx:
            return render(request, "arbiter/players.html#player-row", context)
        entries = _with_links(tournament, tournament.entries.order_by("starting_number", "name"))
        context.update(form=EntryForm(tournament=tournament), entries=entries)
        return render(request, "arbiter/players.html", context)
    expel = request.POST.get("expelled") == "1"
    entry = service.set_withdrawn(request.user, entry, withdraw, expelled=expel)
    if request.htmx:
        _with_links(tournament, [entry])
        return render(
            request,
            "arbiter/players.html#player-row",
            {"tournament": tournament, "entry": entry},
        )
    if entry.expelled:
        done = _("%(name)s expelled.")
    else:
        done = _("%(name)s withdrawn.") if entry.withdrawn else _("%(name)s reinstated.")
    messages.success(request, done % {"name": entry.name})
    return redirect("players", tournament_id=tournament.pk)


def _save_answered(
    request: HttpRequest,
    form: EntryForm,
    save: Callable[..., Entry],
    target: Tournament | Entry,
) -> tuple[Entry | None, service.NumbersWouldMove | None]:
    """``save`` (``add_entry`` to a tournament, ``update_entry`` of an entry) with the form's
    answer to a question about moving published numbers (``numbers`` and ``seen``): the entry
    saved, or the question to ask first; neither when the service refused (said on the form)."""
    try:
        saved = save(
            request.user,
            target,
            form.cleaned_data,
            numbers=request.POST.get("numbers", ""),
            seen=request.POST.get("seen", ""),
        )
    except service.NumbersWouldMove as question:
        return None, question
    except service.EntryError as error:
        form.add_error(None, str(error))
        return None, None
    return saved, None


def _with_norms(tournament: Tournament, entries: list[Entry]) -> list[Entry]:
    """The entries, each with its title norms reached or within reach (``entry.norms``: the
    verdicts in words), for the list's marker; none where norms are not checked (four queries,
    arbiter/ratings/norms.py)."""
    verdicts = tournament_norms(tournament)
    for entry in entries:
        found = verdicts.get(entry.pk, {})
        entry.norms = [norm_text.view(found[t]) for t in TITLES if t in found and found[t].shown]
    return entries


def _with_links(tournament: Tournament, entries: Iterable[Entry]) -> list[Entry]:
    """The entries, each with the links of its row (one `reverse` per link for the whole list)."""
    edit_url = url_for_ids("player_edit", tournament.pk)
    withdraw_url = url_for_ids("player_withdraw", tournament.pk)
    entries = list(entries)
    for entry in entries:
        entry.edit_url = edit_url(entry.pk)
        entry.withdraw_url = withdraw_url(entry.pk)
    return entries


@routes.post("<int:entry_id>/delete/", name="player_delete")
@tournament_arbiter_required
def delete_player(request: HttpRequest, tournament: Tournament, entry_id: int) -> HttpResponse:
    """A player entered by mistake: the first press shows what goes with them (and whose
    published number would move), the second (confirm=yes) deletes them. One who has played
    is withdrawn instead."""
    entry = get_object_or_404(Entry, pk=entry_id, tournament=tournament)
    refused = service.deletion_refused(entry)
    if request.POST.get("confirm") != "yes" or refused:
        form = EntryForm(instance=entry, tournament=tournament)
        moves = () if refused else service.deletion_moves(entry)
        context = {"tournament": tournament, "form": form, "entry": entry, "confirm_delete": True}
        context.update(refused=refused, moves=moves, seen=service.moves_seen(moves))
        return render(request, "arbiter/player_form.html", context)
    try:
        service.delete_entry(request.user, entry, seen=request.POST.get("seen", ""))
    except service.EntryError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, _("%(name)s deleted.") % {"name": entry.name})
    return redirect("players", tournament_id=tournament.pk)


@routes.form("import/", name="players_import")
@tournament_arbiter_required
@once_per_submission
def import_players(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """A pasted or uploaded CSV list: every bad line is reported, and then nothing is saved."""
    form = PlayerListImportForm(request.POST or None, request.FILES or None)
    line_errors = []
    if request.method == "POST" and form.is_valid():
        # Checked and saved by a background job (arbiter/desk/import_jobs.py); one already done (a
        # short list, a fast worker) answers at once, as before.
        job, joined = start_import(request, form, "player_import", IMPORTING, tournament=tournament)
        if joined:
            form.add_error(None, _importing_already(job))
        elif job is not None:
            if (started := started_job_redirect(request, job)) is not None:
                return started
            line_errors = job.options.get("details", [])
            if not line_errors:
                form.add_error(None, job.message)
    return render(
        request,
        "arbiter/player_import.html",
        {
            "tournament": tournament,
            "form": form,
            "line_errors": line_errors,
            "columns": sorted(set(COLUMNS.values())),
        },
    )


def _importing_already(job: BackgroundJob) -> str:
    # Translators: %(asked)s is "by anna at 14:02:11" (who asked for the import, and when).
    return _(
        "A player list is being imported, asked for %(asked)s: this one was not. Import it "
        "again when that one is done."
    ) % {"asked": job.asked}


# --- the rating list: looking a player up, and the form filled from a pick ----------------------

#: The longest lookup answered: a FIDE id, or the start of a name (the list's are at most 100).
LOOKUP_MAX_LENGTH = 100


@dataclass(frozen=True)
class Candidate:
    """A listed player as the lookup offers them: the entry's values, the rating the event
    reads, and where picking them leads (None: already entered here)."""

    values: dict
    rating: ListedRating
    pick_url: str | None


@routes.get("lookup/", name="player_lookup")
@tournament_arbiter_required
def lookup(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """The players of FIDE's list in force at the start (``q``: a FIDE id, or the start of a
    name, accents and case aside), each with the rating of the tournament's type and a link that
    fills the add form (``for=<entry id>``: the player's edit form). HTMX asks as the arbiter
    types and gets the candidates only; without JavaScript the search box's plain GET form
    shows this page. Three queries whatever the list's size, after the access check's: the list
    in force, the players found, those already entered."""
    if not tournament.pairing_system.chess_fields:
        raise Http404(_("This tournament's players have no FIDE ratings."))
    editing = _editing(request, tournament)
    context = {
        "tournament": tournament,
        "entry": editing,
        **_lookup(tournament, request.GET.get("q", ""), editing),
    }
    if request.htmx:
        context["pick_target"] = "#player-form" if editing else "#add-player"
        return render(request, "arbiter/_player_lookup.html#lookup-candidates", context)
    return render(request, "arbiter/player_lookup.html", context)


def _editing(request: HttpRequest, tournament: Tournament) -> Entry | None:
    """The entry whose edit form the lookup fills (``for``), None for the add form."""
    value = request.GET.get("for", "")
    if not _number(value, 18):
        return None
    return get_object_or_404(Entry, pk=int(value), tournament=tournament)


def _number(value: str, most: int) -> bool:
    """Is ``value`` a whole number of at most ``most`` ASCII digits?"""
    return value.isascii() and value.isdecimal() and len(value) <= most


def _lookup(tournament: Tournament, query: str, editing: Entry | None) -> dict:
    """The lookup's answer: the list read, the candidates, or why there are none."""
    query = CONTROL_CHARACTERS.sub("", query).strip()  # a NUL cannot even be sent to PostgreSQL
    answer: dict = {"query": query, "searched": True, "by_id": query.isdigit()}
    if len(query) > LOOKUP_MAX_LENGTH:
        answer["too_long"] = LOOKUP_MAX_LENGTH
        return answer
    rating_list = rating_lookup.list_in_force(tournament.start_date)
    answer.update(_list_context(tournament, rating_list))
    if rating_list is None or not query:
        return answer
    # a FIDE id has at most 10 digits: a longer number would not fit the database's integers,
    # and "²" is a digit to Python but no number
    no_id = query.isdigit() and not _number(query, 15)
    found = [] if no_id else rating_lookup.find(rating_list, query)
    ids = [player.fide_id for player in found if player.fide_id is not None]
    taken = Entry.objects.filter(tournament=tournament, fide_id__in=ids)
    if editing is not None:
        taken = taken.exclude(pk=editing.pk)
    entered = set(taken.values_list("fide_id", flat=True)) if ids else set()
    if editing is not None:
        base = reverse("player_edit", args=[tournament.pk, editing.pk])
    else:
        base = reverse("players", args=[tournament.pk])
    answer["candidates"] = [
        Candidate(
            entry_values(player, tournament.rating_type),
            listed_rating(player, tournament.rating_type),
            None if player.fide_id in entered else f"{base}?from_list={player.fide_id}",
        )
        for player in found
    ]
    return answer


def _list_context(tournament: Tournament, rating_list: RatingList | None) -> dict:
    return {
        "rating_list": rating_list,
        "month": month_of(rating_list) if rating_list is not None else "",
        "rating_type": tournament.get_rating_type_display(),
        "no_list": no_list_message(),
    }


@dataclass(frozen=True)
class Picked:
    """A player picked from the rating list for the form (``?from_list=<FIDE id>``):
    ``initial`` fills the form with what the list holds (its empty fields leave the form's
    as they are); ``message`` says what was filled, or why nothing was."""

    asked: bool = False
    initial: dict | None = None
    message: str = ""
    rating: ListedRating | None = None
    month: str = ""


def _picked(request: HttpRequest, tournament: Tournament) -> Picked:
    value = request.GET.get("from_list", "") if request.method == "GET" else ""
    if not value:
        return Picked()
    if not tournament.pairing_system.chess_fields:
        return Picked()
    if not _number(value, 15):
        return Picked(True, message=_("That is not a FIDE id."))
    rating_list = rating_lookup.list_in_force(tournament.start_date)
    if rating_list is None:
        return Picked(True, message=no_list_message())
    month = month_of(rating_list)
    listed = rating_lookup.by_fide_id(rating_list, int(value))
    if listed is None:
        return Picked(
            True,
            message=_("FIDE id %(fide_id)s is not in the FIDE list of %(month)s.")
            % {"fide_id": value, "month": month},
        )
    values = entry_values(listed, tournament.rating_type)
    initial = {name: v for name, v in values.items() if v not in (None, "", 0)}
    rating = listed_rating(listed, tournament.rating_type)
    message = _(
        "Filled from the FIDE list of %(month)s (rating type: %(kind)s): check, then save."
    ) % {"month": month, "kind": tournament.get_rating_type_display()}
    return Picked(True, initial, message, rating, month)
