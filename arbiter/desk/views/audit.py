"""The tournament's audit log for its arbiters: who changed what, when, newest first."""

import json
import re
from typing import Any

from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest
from django.shortcuts import render
from django.utils.translation import gettext

from arbiter.core.access import tournament_arbiter_required
from arbiter.core.models import Tournament
from arbiter.platform.routes import Routes

routes = Routes("arbiter/t/<int:tournament_id>/")

PER_PAGE = 100
#: A value longer than this is cut in the table (the whole entry stays in the database).
SHOWN_CHARS = 300


def _shown(value: Any) -> str:
    if value is _MISSING:
        return ""
    if isinstance(value, str):
        text = value if value else '""'
    else:
        text = json.dumps(value, ensure_ascii=False, sort_keys=True)
    return text if len(text) <= SHOWN_CHARS else text[: SHOWN_CHARS - 1] + "…"


_MISSING = object()


def _flatten(value: Any, path: str, out: dict[str, Any]) -> None:
    """Nested objects become dotted keys (``results.7``) so a diff shows what moved inside."""
    if isinstance(value, dict) and value:
        for key, inner in value.items():
            _flatten(inner, f"{path}.{key}" if path else str(key), out)
    else:
        out[path or "value"] = value


def audit_diff(before: Any, after: Any) -> list[dict[str, str]]:
    """The changed keys of an entry's before/after: ``{key, before, after, change}`` rows, where
    ``change`` is "changed", "added" or "removed"; keys with the same value on both sides are
    left out."""
    old: dict[str, Any] = {}
    new: dict[str, Any] = {}
    if before is not None:
        _flatten(before, "", old)
    if after is not None:
        _flatten(after, "", new)
    rows = []
    for key in list(old) + [k for k in new if k not in old]:
        was, now = old.get(key, _MISSING), new.get(key, _MISSING)
        if was == now:
            continue
        change = "added" if was is _MISSING else "removed" if now is _MISSING else "changed"
        rows.append({"key": key, "before": _shown(was), "after": _shown(now), "change": change})
    return rows


#: What an action filter may hold: the actions are dotted lower-case words (result.record).
ACTION_PREFIX = re.compile(r"[\w.-]{0,50}", re.ASCII)


@routes.get("audit/", name="audit_log")
@tournament_arbiter_required
def audit_log(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """Every audit entry of the tournament, newest first, 100 a page, filtered by an action
    prefix (``?action=result.``). Five queries whatever the page: the session, the user, the
    tournament and the arbiter's role, then the count, the page and the list of actions."""
    prefix = request.GET.get("action", "").strip()
    if not ACTION_PREFIX.fullmatch(prefix):
        return HttpResponseBadRequest(
            gettext(
                "The action filter takes an action or its beginning, such as result. or "
                "round.publish (letters, digits, dots and underscores)."
            ),
            content_type="text/plain; charset=utf-8",
        )
    entries = tournament.audit_entries.select_related("user").order_by("-at", "-id")
    if prefix:
        entries = entries.filter(action__startswith=prefix)
    page = Paginator(entries, PER_PAGE).get_page(request.GET.get("page"))
    actions = sorted(
        set(tournament.audit_entries.order_by().values_list("action", flat=True).distinct())
    )
    families = sorted({action.split(".")[0] + "." for action in actions})
    rows = [(entry, audit_diff(entry.before, entry.after)) for entry in page]
    return render(
        request,
        "arbiter/audit.html",
        {
            "tournament": tournament,
            "page": page,
            "rows": rows,
            "prefix": prefix,
            "families": families,
            "actions": actions,
        },
    )
