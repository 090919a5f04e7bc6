"""Venue screens: a published tournament's pairings and standings in large type for a hall's
screen (1920x1080), paged by themselves (docs/screens.md).

An arbiter sets a screen up once with its URL; no login, nothing about the visitor. Each screen is
a public live page (arbiter/platform/public_live.py): kept once per tournament version and
parameters, its body polled with the version it shows (204 while unchanged), so a round
published or a result entered reaches the hall by itself. The server splits the list into pages
of ``rows`` lines, each saying "page N of M"; static/js/screen.js shows one page at a time and
moves on every ``every`` seconds. ``part=KofN`` splits one list into N consecutive ranges for N
physical screens side by side (Sharly Chess's "family"), this screen showing range K.
"""

from dataclasses import dataclass

from django.http import Http404, HttpRequest, HttpResponse
from django.utils.translation import gettext_lazy as _

from arbiter.core.models import Round
from arbiter.core.standings import COUNTED_STATES, public_standings
from arbiter.core.templatetags.chess import tiebreak_text
from arbiter.platform.public_live import live_page, public_tournament
from arbiter.platform.routes import Routes
from arbiter.public.names import add_names
from arbiter.public.views.rounds import alphabetical, round_players

routes = Routes("screen/t/<int:tournament_id>/")

#: Seconds a page stays on the screen: by default (Sharly Chess's rotator) and the bounds taken.
EVERY, EVERY_MIN, EVERY_MAX = 15, 5, 120
#: Lines on one page: by default (a 1920x1080 screen in large type) and the bounds taken.
ROWS, ROWS_MIN, ROWS_MAX = 15, 5, 40
#: The most screens one list is split across.
PARTS_MAX = 9
ORDERS = ("alpha", "board")


@dataclass(frozen=True)
class Screen:
    """A screen's normalised parameters: its part of the list, lines per page, seconds a page."""

    part: int = 1
    parts: int = 1
    rows: int = ROWS
    every: int = EVERY

    @property
    def params(self) -> dict[str, str | int]:
        """The parameters as the cache key and the poll URL hold them (the defaults left out)."""
        params: dict[str, str | int] = {}
        if self.parts > 1:
            params["part"] = f"{self.part}of{self.parts}"
        if self.rows != ROWS:
            params["rows"] = self.rows
        if self.every != EVERY:
            params["every"] = self.every
        return params


def _number(text: str, low: int, high: int, default: int) -> int:
    """``text`` as a whole number held within low..high; the default for anything else."""
    if not (text.isascii() and text.isdigit() and len(text) <= 4):
        return default
    return min(high, max(low, int(text)))


def screen_asked(request: HttpRequest) -> Screen:
    """The screen's parameters: ``every`` (5-120 s, else 15) and ``rows`` (5-40, else 15) held
    within their bounds; ``part=KofN`` (1 ≤ K ≤ N ≤ 9) else 404, since a screen showing
    another part than the arbiter meant would mislead the hall."""
    every = _number(request.GET.get("every", ""), EVERY_MIN, EVERY_MAX, EVERY)
    rows = _number(request.GET.get("rows", ""), ROWS_MIN, ROWS_MAX, ROWS)
    part, parts = 1, 1
    if asked := request.GET.get("part", ""):
        k, of, n = asked.partition("of")
        if not (of and k.isascii() and k.isdigit() and n.isascii() and n.isdigit()):
            raise Http404(_("No such part: write part=2of3."))
        if len(k) > 1 or len(n) > 1 or not 1 <= int(k) <= int(n) <= PARTS_MAX:
            raise Http404(_("No such part: write part=2of3."))
        part, parts = int(k), int(n)
    return Screen(part, parts, rows, every)


def paged(lines: list, screen: Screen) -> list[dict]:
    """This screen's part of `lines` (the list cut into `parts` consecutive ranges as equal as
    they can be, the first ones longer), cut into pages of `rows`: each page its number and
    lines. At least one page, empty when the list is."""
    size, extra = divmod(len(lines), screen.parts)
    start = (screen.part - 1) * size + min(screen.part - 1, extra)
    mine = lines[start : start + size + (1 if screen.part <= extra else 0)]
    chunks = [mine[i : i + screen.rows] for i in range(0, len(mine), screen.rows)] or [[]]
    return [{"number": n, "lines": chunk} for n, chunk in enumerate(chunks, 1)]


def _screen_context(screen: Screen, pages: list[dict]) -> dict:
    return {"screen": screen, "pages": pages, "page_count": len(pages)}


@routes.get("pairings/", name="screen_pairings")
def pairings_screen(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """The last published round's pairings, alphabetical by player (name, board, colour,
    opponent), or by board with ``?order=board``; until a round is published, a line saying
    so."""
    tournament = public_tournament(tournament_id)
    screen = screen_asked(request)
    order = request.GET.get("order", "alpha")
    if order not in ORDERS:
        order = "alpha"

    def build() -> dict:
        round_ = (
            Round.objects.filter(tournament=tournament, state__in=COUNTED_STATES)
            .order_by("-number")
            .first()
        )
        if round_ is None:
            return {"round": None, "order": order, **_screen_context(screen, paged([], screen))}
        games, byes, unpaired = round_players(tournament, round_)
        if order == "alpha":
            lines = alphabetical(games, byes, unpaired, tournament.federation)
        else:
            lines = [
                *({"game": game} for game in games),
                *({"bye": bye} for bye in byes),
                *({"unpaired": entry} for entry in unpaired),
            ]
        return {"round": round_, "order": order, **_screen_context(screen, paged(lines, screen))}

    params = {**({"order": order} if order != "alpha" else {}), **screen.params}
    return live_page(
        request,
        tournament,
        "public/screens/pairings.html",
        "screen-pairings",
        params,
        build,
        poll=True,
    )


@routes.get("standings/", name="screen_standings")
def standings_screen(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """The current standings (as the standings page opens), rank, name, points and tie-breaks.
    A knockout's places are on its bracket: no standings screen (404)."""
    tournament = public_tournament(tournament_id)
    screen = screen_asked(request)
    if tournament.pairing_system.placings:
        raise Http404(_("A knockout has no standings screen: its places are on its bracket."))

    def build() -> dict:
        table = public_standings(tournament, None)
        add_names(tournament.pk, (row.entry for row in table.rows))
        rows = [
            {
                "rank": row.rank,
                "entry": row.entry,
                "points": row.points,
                "expelled": row.entry.expelled and not tournament.pairing_system.all_play_all,
                "tiebreaks": [tiebreak_text(value) for value in row.tiebreaks],
            }
            for row in table.rows
        ]
        return {"standings": table, **_screen_context(screen, paged(rows, screen))}

    return live_page(
        request,
        tournament,
        "public/screens/standings.html",
        "screen-standings",
        screen.params,
        build,
        poll=True,
    )
