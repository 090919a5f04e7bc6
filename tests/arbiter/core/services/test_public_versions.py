"""Every service function that writes moves the public version of what it changed, so no public
page can go on showing what was there before: the pages, downloads and PDFs are kept by version
(arbiter/core/public_cache.py; a competition day's by its parts', judo/services/public_day.py).

The functions and their scenarios are the audit coverage's (test_audit_coverage.py), which fails
for a writing function without a scenario; each scenario names the entries its call writes, and
so the tournaments and competitions it changed. Here each scenario runs again, and the public
versions are read just before and just after the call, the tournaments' through the rows the
public pages keep: every tournament and competition an entry names must have a new one, and a
deleted tournament none. One request against real pages checks that they follow the version
(tests/security/test_public_responses_are_cacheable.py).
"""

from collections.abc import Callable, Iterable

import pytest

from arbiter.core.models import Tournament
from arbiter.core.public_cache import public_row, stamp
from arbiter.core.services import audit
from arbiter.events.models import Event
from judo.models import Category, Competition
from judo.services import public_day
from tests.arbiter.core.services.test_audit_coverage import (
    SCENARIOS,
    Expected,
    World,
    service_functions,
)

pytestmark = pytest.mark.django_db

#: Entries of a change kept beside the tournament with a version of its own, and why the
#: competition's version moves instead of the tournament's.
BESIDE_THE_TOURNAMENT = {
    "bout.score": "a bout's live score moves its mat's page and the home page alone "
    "(docs/competition.md, 'Versions')",
    "team.bout": "a team match's bout confirmed moves the match's live score (its mat's page), "
    "not the bracket, until the match is confirmed (docs/competition.md, 'Team matches')",
    "bout.clock": "a call of the mat clock moves the bout's live score, as a score entry does "
    "(docs/mat-clock.md)",
}

#: Entries of a change no public page shows, and why its tournament's version stays: the players'
#: side of the venue (docs/venue.md) is seen on the players' own cards, never kept by a cache.
UNSEEN_BY_THE_PUBLIC = {
    "card.revoke": "a card's secret is on the player's printout only",
    "claim.give": "a player's word waits for the opponent or the arbiter, unseen",
    "claim.withdraw": "likewise",
    "claim.reject": "likewise: the board's result stays as it was",
    "venue.switches": "what the players may do from their cards",
    "round.check_in": "who is in is the arbiter's list",
    "round.check_out": "likewise",
}

Key = tuple[str, int]


def competition_version(competition: Competition) -> tuple[str, ...]:
    """What each public page of a competition day is kept under: the results (medals and
    downloads too), the home page and each mat's page."""
    versions, live = public_day.versions(competition), public_day.live(competition)
    mats = [versions.mat(mat, live) for mat in range(1, competition.mats + 1)]
    return (versions.results(), versions.home(live), *mats)


def public_versions(seen: Iterable[Key] = ()) -> dict[Key, object]:
    """The public version of every tournament (None once deleted) and competition, and of those
    `seen` before: a tournament's as its public pages read it, from its kept row."""
    keys = {key for key in seen if key[0] == "tournament"}
    keys |= {("tournament", pk) for pk in Tournament.objects.values_list("pk", flat=True)}
    found: dict[Key, object] = {}
    for _, pk in keys:
        row = public_row(pk)
        found[("tournament", pk)] = stamp(row) if row is not None else None
    for competition in Competition.objects.all():
        found[("competition", competition.pk)] = competition_version(competition)
    # an event's public pages are kept by its own version and its sections'
    # (arbiter/public/views/events.py)
    for pk, version in Event.objects.values_list("pk", "version"):
        found[("event", pk)] = version
    return found


def changed_by(entry: Expected) -> Key | None:
    """What an audit entry says was changed: its tournament, or a competition (its settings,
    mats or publishing, or a live score on its mats), or an event (its own changes and its
    registrations); None for a deleted tournament."""
    if entry.action in UNSEEN_BY_THE_PUBLIC:
        return None
    if entry.tournament is not None:
        if entry.action not in BESIDE_THE_TOURNAMENT:
            return ("tournament", entry.tournament.pk)
        category = Category.objects.get(tournament=entry.tournament)
        return ("competition", category.competition_id)
    for side in (entry.before, entry.after):
        if isinstance(side, dict) and "competition" in side:
            return ("competition", side["competition"])
    for side in (entry.before, entry.after):
        if isinstance(side, dict) and "event" in side:
            return ("event", side["event"])
    return None


class Watching:
    """The service function, reading the public versions just before and just after its call."""

    def __init__(self, function: Callable) -> None:
        self.function = function
        self.before: dict[Key, object] = {}
        self.after: dict[Key, object] = {}

    def __call__(self, *args, **kwargs):
        assert not self.before, "a scenario calls its function once"
        self.before = public_versions()
        result = self.function(*args, **kwargs)
        self.after = public_versions(self.before)
        return result

    def moved(self) -> set[Key]:
        return {key for key, now in self.after.items() if self.before.get(key, ()) != now}


def check_public_versions(request: pytest.FixtureRequest, name: str) -> None:
    watching = Watching(service_functions()[name])
    written = SCENARIOS[name](World(request), watching)
    moved = watching.moved()
    must_move = {changed_by(entry) for entry in written} - {None}
    assert must_move <= moved, f"{name} leaves the public pages of {must_move - moved} stale"
    existing = set(Tournament.objects.values_list("pk", flat=True))
    deleted = [key for key in watching.before if key[0] == "tournament" and key[1] not in existing]
    assert all(watching.after[key] is None for key in deleted), f"{name}: a deleted one is kept"
    unseen = all(entry.action in UNSEEN_BY_THE_PUBLIC for entry in written)
    assert moved or unseen, f"{name} moves no public version"


@pytest.mark.parametrize("name", sorted(SCENARIOS))
def test_each_service_function_moves_the_public_version_of_what_it_changes(request, name):
    check_public_versions(request, name)


def test_a_change_that_leaves_the_version_is_caught(request, monkeypatch):
    """The check bites: an entry added without moving its tournament's version fails it."""
    monkeypatch.setattr(audit, "tournament_changed", lambda tournament: None)
    with pytest.raises(AssertionError, match="leaves the public pages"):
        check_public_versions(request, "arbiter.core.services.entries.add_entry")
