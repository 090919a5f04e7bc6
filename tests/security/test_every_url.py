"""Every URL the app answers, walked as an anonymous visitor, as another tournament's arbiter and
as the tournament's own arbiter, with every method each view accepts (GET, POST, and both again
as htmx requests with `HX-Request: true`), against an exact expectation.

The URL patterns come from the resolver, so a new URL without a line in EXPECTATIONS fails
`test_every_url_pattern_has_an_expectation`. The world below fills every parameter: a published
tournament of each system with rounds (a Swiss with a draft round, a round robin after its
drawing, a Monrad evening, a drawn knockout bracket) and an unpublished tournament. Each request
runs in a savepoint that is rolled back, so every request finds the same world; a write that is
refused must also leave the database as it found it (row counts and the audit log's last id).
"""

import copy
from dataclasses import dataclass, field

import pytest
from django.apps import apps
from django.db import transaction
from django.db.models import Max
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, reverse

from arbiter.core.models import AuditEntry, Tournament
from tests.conftest import login
from tests.factories import UserFactory
from tests.security.conftest import Place

pytestmark = pytest.mark.django_db

# --- what each URL should give ------------------------------------------------------------------

PUBLIC = (
    "public"  # anyone: 200 for published data, 404 for an unpublished tournament or draft round
)
ARBITER = "arbiter"  # the tournament's arbiters; anonymous -> login page, any other user -> 403
LOGGED_IN = "logged in"  # any arbiter (creating, importing, one's own pages); anonymous -> login
#: anyone, on published data only (404 otherwise), but never kept by a cache: a public form that
#: carries a CSRF token (an event's entry form)
PUBLIC_FORM = "public form"
OPEN = "open"  # anyone, logged in or not (the login and password-reset pages)
ADMIN = "admin"  # staff only: everyone walked here (nobody is staff) is sent to the admin login
ADMIN_LOGIN = "admin login"  # anonymous -> our (rate-limited) login page; non-staff -> 403
ADMIN_LOGOUT = "admin logout"  # nobody walked here is logged in to the admin: back to its index
LOGOUT = "logout"  # POST logs out whoever asks, then goes home
LANGUAGE = "language"  # anyone: sets the language cookie and goes back (home without ?next=)
STAFF = "staff"  # staff users only (nobody walked here is one): anonymous -> login page, 403
STAFF_WRITES = "staff writes"  # any arbiter reads the page; only staff write (the rating lists)
#: a public site's machine endpoint a venue pushes its pages to (arbiter/publishing/views.py):
#: signed with a registered venue's key instead of a session and CSRF token, 404 unless the
#: site receives (PUBLISH_RECEIVE, off here); signed, unsigned and malformed requests are
#: walked in tests/arbiter/publishing/test_protocol.py
SIGNED = "signed"
#: a player's own card (arbiter/venue/access.py): whoever holds its secret, logged in or not (the
#: walk's places hold one, ``secret``); never kept by a cache. The walk's world leaves the
#: switches off: a check-in is refused with the reason on the card (409), a result (403; htmx:
#: 200 with the refusal in the fragment); a write taken redirects back to the card (302). A wrong
#: secret is a 404 and counts as a guess (tests/arbiter/venue/test_cards.py); revoked cards and
#: the guessing limit on results: tests/arbiter/venue/test_results_views.py. A push sign-up the
#: walk sends carries no subscription: refused with its reason (400), or 404 while the site sends
#: no notifications (no VAPID key, as here)
CARD = "card"


@dataclass(frozen=True)
class Rule:
    kind: str
    methods: str = "GET"  # the methods the view accepts; any other gets 405 from everyone
    on: tuple[str, ...] = ("swiss", "hidden")  # the places of the world it is walked at
    #: Django's own views ask for a login before they look at the method.
    login_first: bool = False


def public(*on: str, methods: str = "GET") -> Rule:
    return Rule(PUBLIC, methods, on)


def arbiter(*on: str, methods: str = "GET") -> Rule:
    return Rule(ARBITER, methods, on)


def event_staff(*on: str, methods: str = "GET") -> Rule:
    """An event's staff page (arbiter/events/access.py): Anna organises the walk's events, the
    other arbiter is on no event's staff. The walk's roles meet it as they meet a tournament's
    arbiters' page (ARBITER): anonymous -> login page, any other user -> 403."""
    return Rule(ARBITER, methods, on)


WRITE = "POST"
PAGE = "GET POST"  # a form page: GET shows it, POST saves it

EXPECTATIONS: dict[str, Rule] = {
    # public pages and exports
    "home": Rule(PUBLIC, on=("site",)),
    "public_event": public("event", "event_hidden"),
    "public_event_logo": public("event", "event_hidden"),
    # an event's public entry form (404 unpublished; a closed event's page says so)
    "event_enter": Rule(PUBLIC_FORM, PAGE, ("event", "event_hidden")),
    "public_event_search": public("event", "event_hidden"),
    "public_event_people": public("event", "event_hidden"),
    # an event's publishing page on the venue and its buttons (arbiter/publishing/views.py)
    "event_publishing": arbiter("event", "event_hidden"),
    "event_publish_now": arbiter("event", "event_hidden", methods=WRITE),
    "event_publishing_target": arbiter("event", "event_hidden", methods=WRITE),
    "event_publishing_take_over": arbiter("event", "event_hidden", methods=WRITE),
    # players' results from their cards (arbiter/venue/views/results.py)
    "card_result": Rule(CARD, PAGE, ("swiss",)),
    "decide_claims": arbiter("swiss", "hidden", methods=WRITE),
    # the public site's endpoints a venue pushes to
    "publishing_offer": Rule(SIGNED, WRITE, ("site",)),
    "publishing_blob": Rule(SIGNED, WRITE, ("site",)),
    "publishing_commit": Rule(SIGNED, WRITE, ("site",)),
    # a player's card: notifications (arbiter/venue/views/push.py) and the service worker
    "card_notify": Rule(CARD, on=("card",)),
    "card_manifest": Rule(CARD, on=("card",)),
    "card_push_subscribe": Rule(CARD, WRITE, ("card",)),
    "card_push_unsubscribe": Rule(CARD, WRITE, ("card",)),
    "service_worker": Rule(OPEN, on=("site",)),
    "tournament": public("swiss", "hidden"),
    "public_round": public("swiss", "swiss_draft", "rr", "hidden"),
    "public_standings": public("swiss", "rr", "knockout", "hidden"),
    "crosstable": public("swiss", "rr", "hidden"),
    # venue screens (docs/screens.md)
    "screen_pairings": public("swiss", "rr", "hidden"),
    "screen_standings": public("swiss", "rr", "hidden"),
    "player_card": public("swiss", "monrad", "hidden"),
    # a player's own card, by its secret, and its check-in (arbiter/venue/views/card.py)
    "venue_card": Rule(CARD, "GET", ("swiss", "monrad", "hidden", "judo")),
    "venue_card_check_in": Rule(CARD, WRITE, ("swiss", "monrad", "hidden")),
    # the players' side for the arbiters (arbiter/venue/views/desk.py)
    "venue": arbiter("swiss", "monrad", "hidden"),
    "venue_switches": arbiter("swiss", "hidden", methods=WRITE),
    "venue_check_in": arbiter("swiss", "monrad", "hidden", methods=WRITE),
    "venue_badges": arbiter("swiss", "hidden"),
    "venue_round_cards": arbiter("swiss", "hidden"),
    "venue_player_card": arbiter("swiss", "hidden", methods=PAGE),
    "venue_weigh_in_slips": arbiter("competition"),
    "venue_competition_badges": arbiter("competition"),
    "public_search": public("swiss", "hidden"),
    "public_bracket": public("knockout", "hidden"),
    "public_bracket_pdf": public("knockout", "hidden"),
    # a team event's pages (arbiter/public/views/teams.py); 404 for a tournament of players
    "public_team_rounds": public("team_pages", "team_pages_hidden"),
    "public_team_round": public("team_pages", "team_pages_hidden"),
    "public_team_standings": public("team_pages", "team_pages_hidden"),
    "public_team_crosstable": public("team_pages", "team_pages_hidden"),
    "public_board_prizes": public("team_pages", "team_pages_hidden"),
    "public_team": public("team_pages", "team_pages_hidden"),
    "export_team_round_pdf": public("team_pages", "team_pages_hidden"),
    "export_team_standings_pdf": public("team_pages", "team_pages_hidden"),
    # a competition day's results (judo/views/results.py)
    "public_competition_results": public("results_day", "results_day_hidden"),
    "public_competition_medals": public("results_day", "results_day_hidden"),
    "public_competition_results_csv": public("results_day", "results_day_hidden"),
    "public_competition_bouts_csv": public("results_day", "results_day_hidden"),
    "public_competition_medals_csv": public("results_day", "results_day_hidden"),
    "public_competition_results_json": public("results_day", "results_day_hidden"),
    "public_competition_sheets_pdf": public("results_day", "results_day_hidden"),
    "competition_results": arbiter("results_day", "results_day_hidden"),
    "competition_results_csv": arbiter("results_day", "results_day_hidden"),
    "competition_bouts_csv": arbiter("results_day", "results_day_hidden"),
    "competition_medals_csv": arbiter("results_day", "results_day_hidden"),
    "competition_results_json": arbiter("results_day", "results_day_hidden"),
    "competition_sheets_pdf": arbiter("results_day", "results_day_hidden"),
    "export_players": public("swiss", "hidden"),
    "export_results": public("swiss", "hidden"),
    "export_json": public("swiss", "hidden"),
    # a team event's (404 without teams): walked where a team event is published
    "export_teams": public("hidden"),
    "export_team_boards": public("hidden"),
    "export_trf": public("swiss", "hidden"),
    "export_round_trf": public("swiss", "swiss_draft", "hidden"),
    "export_round_pdf": public("swiss", "swiss_draft", "hidden"),
    "export_standings_pdf": public("swiss", "hidden"),
    # the rating change where FIDE rates the system (a Monrad evening has none: 404)
    "rating_report": public("swiss", "rr", "hidden"),
    "export_rating_report": public("swiss", "rr", "hidden"),
    # the language switch: a public page's links (GET), the arbiter's form (POST)
    "choose_language": Rule(LANGUAGE, "GET", ("site",)),
    "set_language": Rule(LANGUAGE, WRITE, ("site",)),
    # accounts
    "login": Rule(OPEN, PAGE, ("site",)),
    "logout": Rule(LOGOUT, WRITE, ("site",)),
    "password_change": Rule(LOGGED_IN, PAGE, ("site",), login_first=True),
    "password_change_done": Rule(LOGGED_IN, on=("site",), login_first=True),
    "password_reset": Rule(OPEN, PAGE, ("site",)),
    "password_reset_done": Rule(OPEN, on=("site",)),
    "password_reset_confirm": Rule(OPEN, PAGE, ("site",)),
    "password_reset_complete": Rule(OPEN, on=("site",)),
    # any arbiter
    "dashboard": Rule(LOGGED_IN, on=("site",)),
    "tournament_create": Rule(LOGGED_IN, PAGE, ("site",)),
    "trf_import": Rule(LOGGED_IN, PAGE, ("site",)),
    # an event's staff (arbiter/events/views/registrations.py): organisers act, the event's
    # arbiters see the lists and check in (Anna organises both walked events, Boris neither)
    "event_registrations": arbiter("event", "event_hidden"),
    "event_check_in_list": arbiter("event", "event_hidden"),
    "event_check_in_pdf": arbiter("event", "event_hidden"),
    "event_registration_add": arbiter("event", "event_hidden", methods=WRITE),
    "event_registration_approve": arbiter("event", "event_hidden", methods=WRITE),
    "event_registration_refuse": arbiter("event", "event_hidden", methods=WRITE),
    "event_registration_place": arbiter("event", "event_hidden", methods=WRITE),
    "event_registration_fee": arbiter("event", "event_hidden", methods=WRITE),
    "event_registration_check_in": arbiter("event", "event_hidden", methods=WRITE),
    "event_registration_keep": arbiter("event", "event_hidden", methods=WRITE),
    # the tournament's arbiters
    "tournament_settings": arbiter("swiss", "hidden", methods=PAGE),
    "deputy_add": arbiter("swiss", "hidden", methods=WRITE),
    "deputy_remove": arbiter("swiss", "hidden", methods=WRITE),
    "fide_mode_leave": arbiter("swiss", "hidden", methods=WRITE),
    "trf_import_report": arbiter("swiss", "hidden"),
    "players": arbiter("swiss", "hidden", methods=PAGE),
    "players_import": arbiter("swiss", "hidden", methods=PAGE),
    "player_edit": arbiter("swiss", "hidden", methods=PAGE),
    "player_withdraw": arbiter("swiss", "hidden", methods=WRITE),
    "player_delete": arbiter("swiss", "hidden", methods=WRITE),
    # the players against FIDE's rating list (arbiter/desk/views/players.py, ratings.py)
    "player_lookup": arbiter("swiss", "hidden"),
    "players_refresh": arbiter("swiss", "hidden", methods=PAGE),
    "players_import_checked": arbiter("swiss", "hidden"),
    "tournament_delete": arbiter("swiss", "hidden", methods=PAGE),
    "rounds": arbiter("swiss", "hidden"),
    "round_detail": arbiter("swiss", "swiss_draft", "hidden"),
    "record_result": arbiter("swiss", "hidden", methods=WRITE),
    "quick_result": arbiter("swiss", "hidden", methods=WRITE),
    "audit_log": arbiter("swiss", "hidden"),
    # title norms (arbiter/desk/views/norms.py)
    "norms": arbiter("swiss", "hidden", methods=PAGE),
    "norm_report": arbiter("swiss", "hidden"),
    # a team event's teams, board order and lineups (arbiter/teams/views.py); the captain's
    # lineup page also lets the tournament's arbiters in (its captain: tests/arbiter/teams/)
    "teams": arbiter("swiss", "hidden", methods=PAGE),
    "team_settings": arbiter("swiss", "hidden", methods=PAGE),
    "team_numbers": arbiter("swiss", "hidden", methods=WRITE),
    "team_edit": arbiter("swiss", "hidden", methods=PAGE),
    "team_captain": arbiter("swiss", "hidden", methods=WRITE),
    "team_delete": arbiter("swiss", "hidden", methods=WRITE),
    "team_member_add": arbiter("swiss", "hidden", methods=WRITE),
    "team_member_move": arbiter("swiss", "hidden", methods=WRITE),
    "team_member_remove": arbiter("swiss", "hidden", methods=WRITE),
    "lineups": arbiter("swiss", "hidden", methods=PAGE),
    "lineup_deadline": arbiter("swiss", "hidden", methods=WRITE),
    "team_bye": arbiter("swiss", "hidden", methods=WRITE),
    "team_withdraw": arbiter("swiss", "hidden", methods=WRITE),
    "captain_lineup": arbiter("swiss", "hidden", methods=PAGE),
    # a background job: the arbiter who asked for it and the tournament's arbiters
    "job": arbiter("swiss", "hidden"),
    "trf_export": arbiter("swiss", "hidden"),
    "drawing": arbiter("rr"),
    "drawing_start": arbiter("rr", methods=WRITE),
    "drawing_pick": arbiter("rr", methods=WRITE),
    "drawing_random": arbiter("rr", methods=WRITE),
    "drawing_undo": arbiter("rr", methods=WRITE),
    "drawing_restart": arbiter("rr", methods=WRITE),
    "drawing_confirm": arbiter("rr", methods=WRITE),
    "swiss": arbiter("swiss", "hidden"),
    "swiss_player_record": arbiter("swiss", "hidden", methods=WRITE),
    "swiss_missed_rounds": arbiter("swiss", "hidden", methods=WRITE),
    "swiss_forbid": arbiter("swiss", "hidden", methods=WRITE),
    "swiss_allow": arbiter("swiss", "hidden", methods=WRITE),
    "swiss_acceleration": arbiter("swiss", "hidden", methods=WRITE),
    "swiss_accelerate": arbiter("swiss", "hidden", methods=WRITE),
    "swiss_initial_colour": arbiter("swiss", "hidden", methods=WRITE),
    "round_pair": arbiter("swiss", "monrad", "hidden", methods=WRITE),
    "round_swap": arbiter("swiss_draft", "monrad", "hidden", methods=WRITE),
    "round_colours": arbiter("swiss_draft", "hidden", methods=WRITE),
    "round_publish": arbiter("swiss_draft", "monrad", "hidden", methods=WRITE),
    "round_delete": arbiter("swiss_draft", "monrad", "hidden", methods=WRITE),
    "monrad": arbiter("monrad"),
    "monrad_check_in": arbiter("monrad", methods=WRITE),
    "monrad_late_member": arbiter("monrad", methods=WRITE),
    "monrad_settings": arbiter("monrad", methods=WRITE),
    "monrad_result": arbiter("monrad", methods=WRITE),
    "monrad_card": arbiter("monrad"),
    "bracket": arbiter("knockout"),
    "bracket_seeds": arbiter("knockout", methods=WRITE),
    "bracket_rules": arbiter("knockout", methods=WRITE),
    "bracket_place": arbiter("knockout", methods=WRITE),
    "bracket_draw": arbiter("knockout", methods=WRITE),
    "bracket_bout": arbiter("knockout", methods=WRITE),
    "bracket_undraw": arbiter("knockout", methods=WRITE),
    "bracket_pdf": arbiter("knockout"),
    # the team systems (pairing/team_rounds, team_round_robin, team_swiss; issue 30)
    "team_round_robin": arbiter("team"),
    "team_swiss": arbiter("team"),
    "team_round_swap": arbiter("team", methods=WRITE),
    "team_round_first": arbiter("team", methods=WRITE),
    "team_results": arbiter("team"),
    "team_board_result": arbiter("team", methods=WRITE),
    "team_match_forfeit": arbiter("team", methods=WRITE),
    # a competition day: the mats (judo/views/mats.py, mats_public.py)
    "mats": arbiter("judo", "judo_hidden"),
    "mat": arbiter("judo", "judo_hidden"),
    "mat_score": arbiter("judo", methods=WRITE),
    "mat_confirm": arbiter("judo", methods=WRITE),
    "mat_clock": arbiter("judo", methods=WRITE),
    "public_competition": public("judo", "judo_hidden"),
    "public_mat": public("judo", "judo_hidden"),
    "screen_mat": public("judo", "judo_hidden"),
    "public_fight_search": public("judo", "judo_hidden"),
    "public_fight": public("judo", "judo_hidden"),
    # a competition day's team events (judo/views/teams.py)
    "competition_teams": arbiter("judo_teams", methods=PAGE),
    "team_category": arbiter("judo_teams", methods=PAGE),
    "team_lineup": arbiter("judo_teams", methods=PAGE),
    # a competition's arbiters (Competition.arbiters: judo/access.py)
    "competition_create": Rule(LOGGED_IN, PAGE, ("site",)),
    "competition_settings": arbiter("competition", methods=PAGE),
    "competition_publish": arbiter("competition", methods=WRITE),
    "competition_categories": arbiter("competition", methods=PAGE),
    "competition_weight_classes": arbiter("competition", methods=WRITE),
    "competition_entries": arbiter("competition", methods=PAGE),
    "competition_list_upload": arbiter("competition", methods=PAGE),
    "competition_list": arbiter("competition"),
    "competition_list_import": arbiter("competition", methods=WRITE),
    "competition_weigh_in": arbiter("competition"),
    "competition_weigh": arbiter("competition", methods=WRITE),
    "competition_move": arbiter("competition", methods=WRITE),
    "competition_out": arbiter("competition", methods=WRITE),
    "competition_draw": arbiter("competition", methods=PAGE),
    "competition_mats": arbiter("competition", methods=PAGE),
    "competition_mats_propose": arbiter("competition", methods=WRITE),
    # the server's rating lists (arbiter/ratings/views.py): any arbiter sees them, staff import
    "rating_lists": Rule(STAFF_WRITES, PAGE, ("site",)),
    "rating_list_import_placed": Rule(STAFF, WRITE, ("site",)),
    # an event's desk (arbiter/events/views/desk.py): its staff (organisers, arbiters; the
    # organiser-only pages refuse an arbiter of the event: tests/arbiter/events/)
    "event_create": Rule(LOGGED_IN, PAGE, ("site",)),
    "event_desk": event_staff("event", "event_hidden"),
    "event_section_tournament": event_staff("event", "event_hidden", methods=WRITE),
    "event_section_competition": event_staff("event", "event_hidden", methods=WRITE),
    "event_section_attach": event_staff("event", "event_hidden", methods=WRITE),
    "event_section_move": event_staff("event", "event_hidden", methods=WRITE),
    "event_section_detach": event_staff("event", "event_hidden", methods=PAGE),
    "event_settings": event_staff("event", "event_hidden", methods=PAGE),
    "event_logo": event_staff("event", "event_hidden", methods=WRITE),
    "event_staff": event_staff("event", "event_hidden", methods=PAGE),
    "event_staff_role": event_staff("event", "event_hidden", methods=WRITE),
    "event_staff_remove": event_staff("event", "event_hidden", methods=WRITE),
    "event_schedule": event_staff("event", "event_hidden", methods=PAGE),
    "event_schedule_remove": event_staff("event", "event_hidden", methods=WRITE),
    "event_export_trf": event_staff("event", "event_hidden"),
    "event_export_registrations": event_staff("event", "event_hidden"),
    # Django's admin: every page of it (models added later included) is for staff only
    "admin:login": Rule(ADMIN_LOGIN, PAGE, ("site",)),
    "admin:logout": Rule(ADMIN_LOGOUT, PAGE, ("site",)),
    "admin:*": Rule(ADMIN, PAGE, ("site",)),
}

ROLES = ["anonymous", "other arbiter", "arbiter"]
LOGIN = "/accounts/login/"
ADMIN_LOGIN_PAGE = "/admin/login/"


def expected(rule: Rule, role: str, place: "Place", method: str) -> set[int] | str:
    """The status (or statuses) the request must get, or a URL prefix it must redirect to."""
    if rule.login_first and role == "anonymous":
        return LOGIN
    if method not in rule.methods.split():
        return {405}
    if rule.kind == PUBLIC:
        return {200} if place.public else {404}
    if rule.kind == PUBLIC_FORM:
        return ({200} if method == "GET" else {200, 302}) if place.public else {404}
    if rule.kind == OPEN:
        return {200}
    if rule.kind == SIGNED:
        return {404}
    if rule.kind == CARD:
        return {200} if method == "GET" else {200, 302, 400, 403, 404, 409}
    if rule.kind in (LOGOUT, LANGUAGE):
        return "/"
    if rule.kind == ADMIN:
        return ADMIN_LOGIN_PAGE
    if rule.kind == ADMIN_LOGOUT:
        return "/admin/"
    if rule.kind == ADMIN_LOGIN:
        return LOGIN if role == "anonymous" else {403}
    if role == "anonymous":
        return LOGIN
    if rule.kind == STAFF or (rule.kind == STAFF_WRITES and method == "POST"):
        return {403}
    if rule.kind == ARBITER and role == "other arbiter":
        return {403}
    # the tournament's arbiter (or any arbiter on a LOGGED_IN page): a page is shown, a write
    # is saved (then a redirect, the htmx partial, or 204 with HX-Redirect) or refused with the
    # form's errors
    return {200} if method == "GET" else {200, 204, 302}


# --- the URL patterns, from the resolver ----------------------------------------------------------


@dataclass
class Pattern:
    key: str  # the URL name ("admin:index"), or its route when it has none
    route: str
    name: str | None
    namespace: str | None
    params: list[str] = field(default_factory=list)


def url_patterns(patterns=None, prefix="", namespace=None) -> list[Pattern]:
    found = []
    for entry in get_resolver().url_patterns if patterns is None else patterns:
        if isinstance(entry, URLResolver):
            inner = namespace
            if entry.namespace:
                inner = f"{namespace}:{entry.namespace}" if namespace else entry.namespace
            found += url_patterns(entry.url_patterns, prefix + str(entry.pattern), inner)
        else:
            assert isinstance(entry, URLPattern)
            name = f"{namespace}:{entry.name}" if namespace and entry.name else entry.name
            found.append(
                Pattern(
                    name or prefix + str(entry.pattern),
                    prefix + str(entry.pattern),
                    name,
                    namespace,
                    list(entry.pattern.regex.groupindex),
                )
            )
    return found


def rule_for(pattern: Pattern) -> Rule | None:
    if pattern.key in EXPECTATIONS:
        return EXPECTATIONS[pattern.key]
    if pattern.namespace:
        return EXPECTATIONS.get(f"{pattern.namespace}:*")
    return None


def test_every_url_pattern_has_an_expectation():
    missing = [p.key for p in url_patterns() if rule_for(p) is None]
    assert not missing, f"URL patterns without a line in EXPECTATIONS: {missing}"


def test_every_expectation_names_a_url_pattern():
    keys = {p.key for p in url_patterns()} | {f"{p.namespace}:*" for p in url_patterns()}
    assert set(EXPECTATIONS) <= keys, set(EXPECTATIONS) - keys


def address(pattern: Pattern, place: Place) -> str:
    values = {name: place.values[name] for name in pattern.params}
    if pattern.name:
        return reverse(pattern.name, kwargs=values)
    if pattern.route.endswith("(?P<url>.*)$"):
        return "/admin/" + values["url"]
    route = pattern.route
    for name, value in values.items():
        route = route.replace(f"<path:{name}>", str(value)).replace(f"<{name}>", str(value))
    return "/" + route


# --- the walk -------------------------------------------------------------------------------------

#: Where refused writes must leave no trace: every table of these apps, and the audit log's end.
CHECKED_APPS = {
    "arbiter",
    "pairing",
    "judo",
    "auth",
    "admin",
    "ratings",
    "teams",
    "events",
    "publishing",
    "venue",
}


def fingerprint() -> dict:
    counts = {
        model._meta.label: model.objects.count()
        for model in apps.get_models()
        if model._meta.app_label in CHECKED_APPS
    }
    counts["last audit entry"] = AuditEntry.objects.aggregate(last=Max("id"))["last"]
    counts["last tournament change"] = Tournament.objects.aggregate(last=Max("updated_at"))["last"]
    return counts


def form(place: Place) -> dict:
    """What a POST carries: every field any of the write forms reads, filled from the place, so a
    write is refused for its access rule and not for a missing field."""
    values = place.values
    return {
        "entry": values.get("entry_id", ""),
        "first": values.get("entry_id", ""),
        "second": values.get("other_entry_id", ""),
        "white": values.get("entry_id", ""),
        "round": values.get("number", ""),
        "board": "1",
        "result": "1-0",
        "kind": "H",
        "present": "yes",
        "withdrawn": "1",
        "confirm": "yes",
        "name": "Walker, Late",
        "rating": "1500",
        "baku": "on",
        "team": values.get("team_id", ""),
        "place": "1",
        "method": "rating",
        "version": "0",
        "board-1": values.get("entry_id", ""),
    }


def request(client: Client, method: str, url: str, place: Place, htmx: bool):
    headers = {"HX-Request": "true"} if htmx else {}
    if method == "GET":
        return client.get(url, headers=headers)
    return client.post(url, form(place), headers=headers)


def check(response, want) -> str | None:
    """What is wrong with the response, or None."""
    if isinstance(want, str):
        location = response.get("Location", "")
        if response.status_code != 302 or not location.startswith(want):
            return f"{response.status_code} {location or ''} (wanted a redirect to {want})"
        return None
    if response.status_code not in want:
        return f"{response.status_code} (wanted {sorted(want)})"
    return None


@pytest.mark.slow
@pytest.mark.parametrize("role", ROLES)
def test_every_url_gives_each_role_exactly_what_it_should(role, world, anna, boris):
    client = Client(raise_request_exception=False)  # a crash is reported as a 500
    if role == "arbiter":
        login(client, anna)
    elif role == "other arbiter":
        login(client, boris)
    failures, walked, patterns = [], 0, url_patterns()
    for pattern in patterns:
        rule = rule_for(pattern)
        for where in rule.on:
            place = world[where]
            url = address(pattern, place)
            for method in ("GET", "POST"):
                for htmx in (False, True):
                    want = expected(rule, role, place, method)
                    refused_write = method == "POST" and (
                        want in ({405}, {403}, {404}, LOGIN) or rule.kind == ADMIN
                    )
                    cookies = copy.deepcopy(client.cookies)
                    with transaction.atomic():
                        before = fingerprint() if refused_write else None
                        response = request(client, method, url, place, htmx)
                        wrong = check(response, want)
                        if refused_write and wrong is None and fingerprint() != before:
                            wrong = "the refused write changed the database"
                        transaction.set_rollback(True)
                    client.cookies = cookies
                    walked += 1
                    if wrong:
                        how = f"{method}{' (htmx)' if htmx else ''}"
                        failures.append(f"{pattern.key} at {where}: {how} {url} -> {wrong}")
    assert not failures, f"{len(failures)} of {walked} requests as {role}:\n" + "\n".join(failures)
    assert walked >= 4 * len(patterns)


def test_an_admin_page_refuses_an_arbiter(client, anna):
    login(client, anna)
    response = client.get(reverse("admin:index"))
    assert response.status_code == 302 and response["Location"].startswith(ADMIN_LOGIN_PAGE)
    assert client.get(response["Location"]).status_code == 403


def test_the_admin_logs_in_through_our_rate_limited_login(client):
    """Django's admin has its own login form, which would let a guesser bypass the rate limit."""
    response = client.post(reverse("admin:login"), {"username": "x", "password": "y"})
    assert response.status_code == 302
    assert response["Location"] == LOGIN + "?next=/admin/"


def test_staff_still_reach_the_admin(client):
    staff = UserFactory(username="root", is_staff=True, is_superuser=True)
    login(client, staff)
    assert client.get(reverse("admin:index")).status_code == 200
    assert client.get(reverse("admin:arbiter_tournament_changelist")).status_code == 200
