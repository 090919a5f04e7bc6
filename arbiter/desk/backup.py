"""Backing up tournaments to a self-describing JSON document and restoring them.

The document (``FORMAT``, ``VERSION``) holds, per tournament, every row that hangs off it, model
by model in :func:`tournament_models` order, each row with its original primary key (``pk``)
and its own fields; a foreign key to another backed-up row holds that row's original key, a user
is named by username. The users the rows name are listed once at the top (username and names,
never a password).

A competition day (``competitions``, from version 3) is backed up whole: its row with its
arbiters' usernames, its categories, and the audit entries of the competition itself
(:data:`COMPETITION_MODELS`); its categories are tournaments, in ``tournaments`` with everything
that hangs off them (entries, weigh-ins, brackets, bouts, live scores). Asking for one category's
tournament backs up its whole day. Restored, the categories point at their restored tournaments
and the competition's audit entries at the restored competition; a competition whose name and
date exist already is refused like a tournament. Version 2 files (no competition days) are
still read.

Every row comes from one snapshot of the database: the backup reads in one read-only
transaction, REPEATABLE READ on PostgreSQL (every query sees the database as it was at the
first), and on SQLite one read transaction (writers wait or work in the write-ahead log until
it ends). So a backup taken while arbiters pair, delete rounds and enter results holds the
database of one instant.

The file is signed: an HMAC-SHA256 of the payload with ``settings.BACKUP_KEY`` (the environment's
``BACKUP_KEY``, else ``SECRET_KEY``). A file changed and summed again without the key, or signed
with another key, is refused.

A restore runs in one transaction and re-keys every row: new primary keys are taken from the
database and every foreign key (and every entry id stored inside the JSON fields of the pairing
records and brackets, :func:`remap_json`) is translated through the mapping, so restoring into a
database that holds other tournaments cannot clash. The ``before``/``after`` of audit entries are
history and are restored as written (entry ids there are those of the original database); the
restore adds one ``backup.restore`` audit entry per tournament with the mapping of entry ids.
Missing users are created without a usable password (an administrator sets one to let them log
in). A tournament whose identity (name, system, start date) exists already is refused, and then
nothing is restored. Restores are serialised (:func:`_restore_lock`): the identities are checked
under the lock, so two restores of one file at once make one copy and refuse the other.
"""

import datetime
import hashlib
import hmac
import json
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from django.apps import apps
from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import DatabaseError, OperationalError, connection, models, transaction
from django.db.migrations.recorder import MigrationRecorder
from django.db.models import Q
from django.utils import timezone

from arbiter.core.audit_guard import audit_log_unlocked
from arbiter.core.models import AuditEntry, Tournament
from arbiter.core.services.audit import record
from arbiter.core.systems import SYSTEMS
from judo.models import Category, Competition

FORMAT = "arbiter-tournament-backup"
#: 2: signed with HMAC-SHA256 (``signature``); version 1 files carried a plain SHA-256 anyone
#: could recompute, and are refused. 3: the competition days too (``competitions``).
VERSION = 3
#: The versions this app restores: a version 2 file holds no competition day.
READABLE = (2, 3)

#: Every model that hangs off a tournament, parents before children, with the lookup from the
#: model to its tournament's id.
#: The core's models that hang off a tournament, parents first.
CORE_MODELS: list[tuple[str, str]] = [
    ("arbiter.Tournament", "pk"),
    ("arbiter.TournamentArbiter", "tournament"),
    ("arbiter.Team", "tournament"),
    ("arbiter.Entry", "tournament"),
    ("arbiter.Round", "tournament"),
    ("arbiter.TeamMatch", "round__tournament"),
    ("arbiter.Game", "round__tournament"),
    ("arbiter.Bye", "round__tournament"),
]
#: The ratings room's rows that hang off a tournament: what its title norms need from the
#: arbiter (arbiter/ratings/models.py).
RATINGS_MODELS: list[tuple[str, str]] = [
    ("ratings.NormSettings", "tournament"),
]
#: The team events' rows that hang off a tournament (arbiter/teams/models.py), parents first.
TEAMS_MODELS: list[tuple[str, str]] = [
    ("teams.TeamSettings", "tournament"),
    ("teams.LineupDeadline", "tournament"),
    ("teams.Lineup", "team__tournament"),
    ("teams.LineupBoard", "lineup__team__tournament"),
    ("teams.TeamBye", "round__tournament"),
    ("teams.RequestedTeamBye", "team__tournament"),
    ("teams.TeamWithdrawal", "team__tournament"),
]
#: The judo day's rows that hang off a tournament (each of its categories is one).
CATEGORY_MODELS: list[tuple[str, str]] = [
    ("judo.LiveScore", "bracket__tournament"),
    ("judo.WeighIn", "entry__tournament"),
    # a team category's athletes, matches and line-ups (docs/competition.md "Team matches")
    ("judo.TeamMember", "team__tournament"),
    ("judo.TeamMatch", "bracket__tournament"),
    ("judo.TeamLineup", "team_match__bracket__tournament"),
]

#: What the players' side of the venue keeps of a tournament (docs/venue.md): its switches.
#: The cards' secrets, pending claims and push subscriptions stay on this server.
#: The check-ins are the systems' (the Swiss's ``pairing.RoundCheckIn`` is in its ``stored``).
VENUE_MODELS: list[tuple[str, str]] = [
    ("venue.VenueSettings", "tournament"),
]


def tournament_models() -> list[tuple[str, str]]:
    """Every model that hangs off a tournament, parents before children, with the lookup from
    the model to its tournament's id: the core's, the ratings room's, each registered system's
    (its entry's ``stored``), the judo day's, and the audit log last."""
    # A model two systems share (the team systems' empty boards) is listed once.
    stored = list(
        dict.fromkeys((s.label, s.tournament) for system in SYSTEMS.values() for s in system.stored)
    )
    return [
        *CORE_MODELS,
        *RATINGS_MODELS,
        *TEAMS_MODELS,
        *stored,
        *CATEGORY_MODELS,
        *VENUE_MODELS,
        ("arbiter.AuditEntry", "tournament"),
    ]


#: A competition day's own rows, parents first, with the lookup to its competition's id (an
#: entry list keeps its rows and when it was imported; its job, this server's, is left out). Its
#: categories are tournaments (with their entries, weigh-ins, brackets and live scores, in
#: tournament_models()), its arbiters are named by username in its row (``arbiters``), and the
#: audit entries of the competition itself (no tournament, ``"competition": id`` in what they
#: record) are under "arbiter.AuditEntry" (:func:`competition_audit`).
COMPETITION_MODELS: list[tuple[str, str]] = [
    ("judo.Competition", "pk"),
    ("judo.Category", "competition"),
    ("judo.TeamEvent", "category__competition"),
    ("judo.EntryList", "competition"),
]

#: Models in the file beside those two lists: the users the rows name (username and names), and
#: a competition's arbiters (Django's table behind ``Competition.arbiters``).
NAMED: dict[str, str] = {
    "auth.User": "the users the rows name, by username (never a password)",
    "judo.Competition_arbiters": "a competition's arbiters, by username in its row",
}

#: Every other model, with the reason it is left out (a test walks every model).
NOT_BACKED_UP: dict[str, str] = {
    "arbiter.BackgroundJob": "the record of work a worker did or does on this database's copy",
    "arbiter.Submission": "one-time form tokens of this server, spent within minutes",
    "arbiter.UserLanguage": "a user's choice of language on this server, not a tournament's",
    "django_tasks_database.DBTaskResult": "the task queue of this server's workers",
    "admin.LogEntry": "the admin site's own log of this server (tournaments are read-only there)",
    "auth.Permission": "made by the migrations of every database",
    "auth.Group": "this server's groups of accounts, not a tournament's",
    "auth.Group_permissions": "this server's groups of accounts, not a tournament's",
    "auth.User_groups": "this server's groups of accounts, not a tournament's",
    "auth.User_user_permissions": "this server's rights of accounts, not a tournament's",
    "contenttypes.ContentType": "made by the migrations of every database",
    "sessions.Session": "who is logged in on this server",
    "ratings.RatingList": "the rating lists this server imported: files kept apart, loaded again",
    "ratings.ListedPlayer": "the players of this server's rating lists, loaded again from the file",
    # An event is not in a backup file (yet): the file holds tournaments and competition days,
    # and each section is backed up on its own; after a restore the event is set up again and
    # its sections attached (docs/events.md, "The event and its sections").
    "events.Event": "not in a backup file: its sections are, each backed up on its own",
    "events.EventStaff": "not in a backup file: each section keeps its own arbiters, backed up",
    "events.Section": "not in a backup file: a restored tournament is attached to an event again",
    "events.ScheduleItem": "not in a backup file: the event's schedule is entered again",
    "events.Registration": (
        "not in a backup file: an approved registration's entry is in its section's backup; "
        "the list itself (pending entries, fees, check-in) is exported as CSV"
    ),
    "publishing.SigningKey": "this venue's private key: a secret never written to a file",
    "publishing.Publication": "this machine's outbox: a restored venue takes over publishing",
    "publishing.Venue": "the venues a public site accepts, registered by its administrator",
    "publishing.MirroredEvent": "a public site's copy of a venue's event: it publishes again",
    "publishing.MirroredPage": "a public site's copy of a venue's pages: the venue publishes again",
    "publishing.Blob": "a public site's copy of a venue's pages: the venue publishes again",
    "venue.CardKey": "a card's secret: a restored tournament prints new cards (old ones stay dead)",
    "venue.ResultClaim": "a result a player gave and nobody confirmed yet: they give it again",
    "venue.PushSubscription": "a browser's subscription on this server: asked for again",
    "venue.PushSent": "which notifications went out: a restored day notifies from then on",
}


#: Models that moved to another app since a backup was written: the label in the file -> the
#: label now (the judo competition day left the pairing app for its own, same tables).
MOVED: dict[str, str] = {
    f"pairing.{name}": f"judo.{name}"
    for name in ("Competition", "Category", "EntryList", "LiveScore", "WeighIn")
}

#: The key of PostgreSQL's advisory lock that serialises restores ("arbiter restore").
RESTORE_LOCK = 0x617262_72657374


class BackupError(Exception):
    """The file cannot be restored; the message says why. Nothing was written."""


def model(label: str) -> type[models.Model]:
    return apps.get_model(label)


def _fields(model_class: type[models.Model]) -> list[models.Field]:
    return [f for f in model_class._meta.concrete_fields if not f.primary_key]


def _is_user(field: models.Field) -> bool:
    return field.is_relation and field.related_model is get_user_model()


# --- entry ids inside JSON fields ----------------------------------------------------------


def remap_json(label: str, name: str, value: Any, entry: Callable[[Any], Any]) -> Any:
    """``value`` of the JSON field ``label.name`` with every entry id in it passed through
    ``entry`` (ids stored as numbers stay numbers, as strings stay strings), as the system that
    stores the model says (its entry's ``stored``)."""
    if value in (None, "", [], {}):
        return value
    for system in SYSTEMS.values():
        for stored in system.stored:
            if stored.label == label and name in stored.entry_ids:
                return stored.entry_ids[name](value, entry)
    return value


# --- backup --------------------------------------------------------------------------------


def _encode(field: models.Field, value: Any) -> Any:
    if isinstance(value, datetime.datetime | datetime.date | datetime.time):
        return value.isoformat()
    if isinstance(value, Decimal):
        return str(value)
    return value


def signature(payload: dict) -> str:
    """HMAC-SHA256 of the payload (its canonical JSON) with the backup key."""
    text = json.dumps(payload, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    key = settings.BACKUP_KEY.encode()
    return "hmac-sha256:" + hmac.new(key, text.encode(), hashlib.sha256).hexdigest()


def signed_part(document: dict) -> dict:
    """What the signature covers: the users, the tournaments and (version 3) the competitions."""
    payload = {"users": document["users"], "tournaments": document["tournaments"]}
    if document["version"] >= 3:
        payload["competitions"] = document["competitions"]
    return payload


@contextmanager
def _snapshot() -> Iterator[None]:
    """One read-only transaction for the whole backup (the module's docstring). Inside a
    transaction already (a test, a caller's own), the backup reads within it."""
    nested = connection.in_atomic_block
    with transaction.atomic():
        if connection.vendor == "postgresql" and not nested:
            with connection.cursor() as cursor:
                # the first statement of the transaction: its snapshot is taken at the next
                cursor.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY")
        yield


def _schema() -> dict[str, str]:
    """The last migration applied per app, so a reader knows which code wrote the file."""
    applied = MigrationRecorder.Migration.objects.filter(app__in=["arbiter", "pairing", "judo"])
    last: dict[str, str] = {}
    for app, name in applied.order_by("app", "name").values_list("app", "name"):
        last[app] = name
    return last


def dump(tournament_ids: Iterable[int] | None = None) -> dict:
    """The backup document of the given tournaments (all of them when None), read from one
    snapshot of the database."""
    with _snapshot():
        return _dump(tournament_ids)


def _dump(tournament_ids: Iterable[int] | None) -> dict:
    ids = _tournament_ids(tournament_ids)
    competitions = Competition.objects.order_by("pk")
    if tournament_ids is not None:
        competitions = competitions.filter(categories__tournament__in=ids).distinct()
    competition_ids = list(competitions.values_list("pk", flat=True))
    user_ids: set[int] = set()
    per_tournament: dict[int, dict[str, list[dict]]] = {pk: {} for pk in ids}
    for label, path in tournament_models():
        for owner, row in _rows(label, path, ids, user_ids):
            per_tournament[owner].setdefault(label, []).append(row)
    per_competition: dict[int, dict[str, list[dict]]] = {pk: {} for pk in competition_ids}
    for label, path in COMPETITION_MODELS:
        for owner, row in _rows(label, path, competition_ids, user_ids):
            per_competition[owner].setdefault(label, []).append(row)
    arbiters = Competition.arbiters.through.objects.filter(competition__in=competition_ids)
    for tables in per_competition.values():
        tables["judo.Competition"][0]["arbiters"] = []
    for competition, user in arbiters.order_by("pk").values_list("competition_id", "user_id"):
        per_competition[competition]["judo.Competition"][0]["arbiters"].append(user)
        user_ids.add(user)
    for pk, tables in per_competition.items():
        audit = competition_audit(pk)
        tables["arbiter.AuditEntry"] = [row for _, row in _rows_of(audit, "pk", user_ids)]
    user_model = get_user_model()
    usernames = dict(user_model.objects.filter(pk__in=user_ids).values_list("pk", "username"))
    for tables in [*per_tournament.values(), *per_competition.values()]:
        for label, rows in tables.items():
            user_fields = [f.name for f in _fields(model(label)) if _is_user(f)]
            for row in rows:
                for name in user_fields:
                    if row[name] is not None:
                        row[name] = usernames[row[name]]
                if "arbiters" in row:
                    row["arbiters"] = [usernames[pk] for pk in row["arbiters"]]
    users = [
        {"username": u.username, "first_name": u.first_name, "last_name": u.last_name,
         "email": u.email}
        for u in user_model.objects.filter(pk__in=user_ids).order_by("username")
    ]  # fmt: skip
    payload = {
        "users": users,
        "tournaments": [
            {"name": tables["arbiter.Tournament"][0]["name"], "rows": tables}
            for tables in (per_tournament[pk] for pk in ids)
        ],
        "competitions": [
            {"name": tables["judo.Competition"][0]["name"], "rows": tables}
            for tables in (per_competition[pk] for pk in competition_ids)
        ],
    }
    parts = [*payload["tournaments"], *payload["competitions"]]
    labels = [label for label, _ in tournament_models() + COMPETITION_MODELS]
    return {
        "format": FORMAT,
        "version": VERSION,
        "created_at": timezone.now().isoformat(),
        "schema": _schema(),
        "models": labels,
        "counts": {label: sum(len(t["rows"].get(label, [])) for t in parts) for label in labels},
        "signature": signature(payload),
        **payload,
    }


def _tournament_ids(tournament_ids: Iterable[int] | None) -> list[int]:
    """The tournaments to back up: all, or those asked for and, for a category of a competition
    day, every category of that day (a day is backed up whole)."""
    tournaments = Tournament.objects.order_by("pk")
    if tournament_ids is None:
        return list(tournaments.values_list("pk", flat=True))
    wanted = set(tournament_ids)
    missing = wanted - set(tournaments.filter(pk__in=wanted).values_list("pk", flat=True))
    if missing:
        raise BackupError(f"No tournament with id {', '.join(map(str, sorted(missing)))}.")
    days = Category.objects.filter(competition__categories__tournament__in=wanted)
    wanted |= set(days.values_list("tournament_id", flat=True))
    return list(tournaments.filter(pk__in=wanted).values_list("pk", flat=True))


def competition_audit(competition_id: int) -> models.QuerySet:
    """The audit entries of a competition itself (its settings, mats, publishing): written with
    no tournament, naming the competition in what they record."""
    named = Q(after__competition=competition_id) | Q(before__competition=competition_id)
    return AuditEntry.objects.filter(named, tournament=None)


def _rows(label: str, path: str, owners: list[int], user_ids: set[int]):
    """(owner id, row) of every `label` row of the `owners` (through the lookup `path`)."""
    rows = model(label).objects.filter(**{f"{path}__in": owners})
    return _rows_of(rows, path, user_ids)


def _rows_of(rows: models.QuerySet, path: str, user_ids: set[int]):
    """(owner id, row) of each row: its key and its own fields, user ids (to be named) added to
    `user_ids`."""
    fields = _fields(rows.model)
    columns = ["pk", *[f.attname for f in fields]] + ([path] if path != "pk" else [])
    for values in rows.order_by("pk").values(*columns):
        row = {"pk": values["pk"]}
        for f in fields:
            value = values[f.attname]
            if _is_user(f):
                if value is not None:
                    user_ids.add(value)
                row[f.name] = value  # replaced by the username
            elif f.is_relation and f.related_model._meta.label in NOT_BACKED_UP:
                row[f.name] = None  # this server's record (an entry list's import job)
            elif f.is_relation:
                row[f.name] = value
            else:
                row[f.name] = _encode(f, value)
        yield values[path], row


def dumps(document: dict) -> str:
    return json.dumps(document, ensure_ascii=False, indent=1, sort_keys=True) + "\n"


# --- restore -------------------------------------------------------------------------------


def loads(text: str) -> dict:
    """Parse and check a backup file; raises :class:`BackupError` saying what is wrong."""
    try:
        document = json.loads(text)
    except json.JSONDecodeError as error:
        raise BackupError(
            f"The file is not complete JSON ({error.msg} at line {error.lineno}, column "
            f"{error.colno}): it is damaged or was cut short. Nothing was restored."
        ) from error
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise BackupError(f'The file is not an arbiter backup (no "format": "{FORMAT}").')
    if document.get("version") == 1:
        raise BackupError(
            "The backup has version 1, whose checksum anyone could recompute after changing "
            "the file; this app restores signed backups (version 2) only. Take a new backup."
        )
    if document.get("version") not in READABLE:
        raise BackupError(
            f"The backup has version {document.get('version')!r}; this app reads versions "
            f"{' and '.join(map(str, READABLE))}."
        )
    try:
        payload = signed_part(document)
        signed = document["signature"]
    except KeyError as error:
        raise BackupError(f"The backup lacks its {error.args[0]!r} part.") from error
    if not isinstance(signed, str) or not hmac.compare_digest(signature(payload), signed):
        raise BackupError(
            "The backup's signature does not match its content: the file was changed or "
            "damaged, or it was signed with another key (BACKUP_KEY, else SECRET_KEY, of the "
            "server that wrote it). Nothing was restored."
        )
    try:
        _rename_moved(document)
        _check_rows(document)
    except (TypeError, AttributeError, KeyError) as error:
        raise BackupError(f"The backup's structure is broken ({error}).") from error
    return document


def _rename_moved(document: dict) -> None:
    """Give the rows of moved models (:data:`MOVED`) their label of today, after the signature
    was checked on the file as written."""
    for part in [*document["tournaments"], *document.get("competitions", [])]:
        rows = part["rows"]
        for old, new in MOVED.items():
            if old in rows:
                rows[new] = rows.pop(old)


def _check_fields(label: str, rows: list[dict], known: set[str]) -> None:
    """Every row of `label` holds only the fields in `known` (the model's, and "pk")."""
    for row in rows:
        unknown = set(row) - known
        if unknown:
            raise BackupError(
                f"{label} rows in the backup have fields this app does not know: "
                + ", ".join(sorted(unknown))
            )


def _check_rows(document: dict) -> None:
    known = {
        label: {f.name for f in _fields(model(label))} | {"pk"} for label, _ in tournament_models()
    }
    for tournament in document["tournaments"]:
        for label, rows in tournament["rows"].items():
            if label not in known:
                raise BackupError(
                    f"The backup holds rows of {label}, which this app does not know."
                )
            _check_fields(label, rows, known[label])
        if len(tournament["rows"].get("arbiter.Tournament", [])) != 1:
            raise BackupError("Each tournament in the backup needs exactly one tournament row.")
    tournaments = {t["rows"]["arbiter.Tournament"][0]["pk"] for t in document["tournaments"]}
    labels = [label for label, _ in COMPETITION_MODELS] + ["arbiter.AuditEntry"]
    known = {label: {f.name for f in _fields(model(label))} | {"pk"} for label in labels}
    known["judo.Competition"].add("arbiters")
    for competition in document.get("competitions", []):
        for label, rows in competition["rows"].items():
            if label not in known:
                raise BackupError(f"A competition in the backup holds rows of {label}.")
            _check_fields(label, rows, known[label])
        if len(competition["rows"].get("judo.Competition", [])) != 1:
            raise BackupError("Each competition in the backup needs exactly one competition row.")
        for category in competition["rows"].get("judo.Category", []):
            if category["tournament"] not in tournaments:
                raise BackupError(
                    "A category of a competition in the backup has no tournament in the file."
                )


def identity(row: dict) -> dict:
    """What makes a tournament the same tournament: name, system and start date."""
    return {"name": row["name"], "system": row["system"], "start_date": row["start_date"]}


@dataclass(frozen=True)
class Planned:
    """What a restore would create for one tournament of the file."""

    name: str
    system: str
    start_date: str | None
    rows: dict[str, int]
    #: The id of a tournament with the same identity already there (the restore is refused).
    clash: int | None


@dataclass(frozen=True)
class Plan:
    tournaments: list[Planned]
    #: Usernames the file names that the database lacks (created without a usable password).
    new_users: list[str]
    #: The competition days (``system`` "competition", ``start_date`` its date).
    competitions: list[Planned] = field(default_factory=list)

    @property
    def refused(self) -> bool:
        return any(t.clash is not None for t in self.tournaments + self.competitions)

    def lines(self) -> list[str]:
        """The plan in words, one line each."""
        out = []
        for t in self.tournaments + self.competitions:
            counts = ", ".join(f"{n} {label.split('.')[1]}" for label, n in t.rows.items() if n)
            where = f"exists already as id {t.clash}" if t.clash is not None else "new"
            out.append(f"{t.name} ({t.system}, starting {t.start_date}): {where}; {counts}")
        if self.new_users:
            out.append("New users without a usable password: " + ", ".join(self.new_users))
        return out


def plan(document: dict) -> Plan:
    """What restoring the checked document would create, read without writing."""
    planned = []
    for tournament in document["tournaments"]:
        row = tournament["rows"]["arbiter.Tournament"][0]
        clash = (
            Tournament.objects.filter(**identity(row)).order_by("pk").values_list("pk", flat=True)
        ).first()
        rows = {label: len(tournament["rows"].get(label, [])) for label, _ in tournament_models()}
        planned.append(Planned(row["name"], row["system"], row["start_date"], rows, clash))
    days = []
    for competition in document.get("competitions", []):
        row = competition["rows"]["judo.Competition"][0]
        clash = (
            Competition.objects.filter(name=row["name"], date=row["date"])
            .order_by("pk")
            .values_list("pk", flat=True)
            .first()
        )
        rows = {label: len(competition["rows"].get(label, [])) for label, _ in COMPETITION_MODELS}
        days.append(Planned(row["name"], "competition", row["date"], rows, clash))
    names = {u["username"] for u in document["users"]}
    have = set(
        get_user_model().objects.filter(username__in=names).values_list("username", flat=True)
    )
    return Plan(planned, sorted(names - have), days)


def _restore_lock() -> None:
    """Take the restore lock for the rest of the transaction: PostgreSQL's advisory lock (a
    second restore waits for the first to commit, then sees what it made); on SQLite the
    database's write lock, taken by a write at once rather than at the first insert."""
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            cursor.execute("SELECT pg_advisory_xact_lock(%s)", [RESTORE_LOCK])
            return
        try:
            cursor.execute("UPDATE arbiter_tournament SET version = version WHERE 0 = 1")
        except OperationalError as error:  # "database is locked" after SQLite's busy timeout
            raise BackupError(
                "The database is busy with another restore or change: nothing was restored. "
                "Try again when it is done."
            ) from error


def restore(document: dict, announce: Callable[[Plan], None] | None = None) -> list[Tournament]:
    """Restore a checked document (:func:`loads`) in one transaction; all or nothing. Under the
    restore lock, the plan is made and handed to ``announce`` before anything is written."""
    try:
        with transaction.atomic():
            _restore_lock()
            planned = plan(document)
            for t in planned.tournaments:
                if t.clash is not None:
                    raise BackupError(
                        f"A tournament {t.name!r} ({t.system}, starting {t.start_date}) exists "
                        f"already (id {t.clash}): nothing was restored."
                    )
            for t in planned.competitions:
                if t.clash is not None:
                    raise BackupError(
                        f"A competition {t.name!r} on {t.start_date} exists already (id "
                        f"{t.clash}): nothing was restored."
                    )
            if announce is not None:
                announce(planned)
            return _restore(document)
    except BackupError:
        raise
    except (KeyError, TypeError, ValueError, LookupError, DatabaseError) as error:
        raise BackupError(
            f"The backup's rows do not fit together ({type(error).__name__}: {error}): "
            "nothing was restored."
        ) from error


def _users(document: dict) -> dict[str, int]:
    user_model = get_user_model()
    ids = {}
    for data in document["users"]:
        user = user_model.objects.filter(username=data["username"]).first()
        if user is None:
            user = user_model(
                username=data["username"],
                first_name=data.get("first_name", ""),
                last_name=data.get("last_name", ""),
                email=data.get("email", ""),
            )
            user.set_unusable_password()
            user.save()
        ids[user.username] = user.pk
    return ids


def _restore(document: dict) -> list[Tournament]:
    users = _users(document)
    restored = []
    tournaments: dict[int, int] = {}  # old tournament pk -> new, for the competitions' categories
    for tournament in document["tournaments"]:
        keys: dict[str, dict[int, int]] = {}  # label -> old pk -> new pk
        for label, _ in tournament_models():
            _insert(label, tournament["rows"].get(label, []), keys, users)
        (old_pk,) = keys["arbiter.Tournament"]
        tournaments[old_pk] = keys["arbiter.Tournament"][old_pk]
        new = Tournament.objects.get(pk=tournaments[old_pk])
        record(
            None,
            new,
            "backup.restore",
            f"Restored from a backup made {document['created_at']}",
            after={
                "backup_created_at": document["created_at"],
                "entry_ids": {str(old): pk for old, pk in keys.get("arbiter.Entry", {}).items()},
            },
        )
        restored.append(new)
    for competition in document.get("competitions", []):
        _restore_competition(competition["rows"], tournaments, users, document["created_at"])
    return restored


def _restore_competition(
    rows: dict[str, list[dict]], tournaments: dict[int, int], users: dict[str, int], made: str
) -> None:
    """A competition day's rows, its categories pointing at their restored tournaments; the
    audit entries of the competition name the new competition (the link by which they are its
    own, as a tournament's point at it), and otherwise say what they said."""
    keys: dict[str, dict[int, int]] = {"arbiter.Tournament": tournaments}
    (row,) = rows["judo.Competition"]
    _insert("judo.Competition", [row], keys, users)
    competition = Competition.objects.get(pk=keys["judo.Competition"][row["pk"]])
    competition.arbiters.set([users[name] for name in row.get("arbiters", [])])
    _insert("judo.Category", rows.get("judo.Category", []), keys, users)
    _insert("judo.TeamEvent", rows.get("judo.TeamEvent", []), keys, users)
    _insert("judo.EntryList", rows.get("judo.EntryList", []), keys, users)
    audit = []
    for entry in rows.get("arbiter.AuditEntry", []):
        named = {}
        for side in ("before", "after"):
            recorded = entry.get(side)
            if isinstance(recorded, dict) and "competition" in recorded:
                recorded = {**recorded, "competition": competition.pk}
            named[side] = recorded
        audit.append({**entry, **named})
    _insert("arbiter.AuditEntry", audit, keys, users)
    record(
        None,
        None,
        "backup.restore",
        f"Restored the competition {competition.name} from a backup made {made}",
        after={"competition": competition.pk, "backup_created_at": made},
    )


def _insert(
    label: str, rows: list[dict], keys: dict[str, dict[int, int]], users: dict[str, int]
) -> None:
    """Insert `rows` of `label` with new keys (noted in ``keys[label]``), their foreign keys and
    the entry ids in their JSON fields translated through `keys`, users through `users`."""
    model_class = model(label)
    fields = _fields(model_class)
    entries = keys.get("arbiter.Entry", {})
    objects = []
    for row in rows:
        values = {}
        for f in fields:
            if f.name not in row:
                continue
            value = row[f.name]
            if _is_user(f):
                values[f.attname] = users[value] if value is not None else None
            elif f.is_relation:
                target = f.related_model._meta.label
                values[f.attname] = keys[target][value] if value is not None else None
            elif isinstance(f, models.JSONField):
                values[f.attname] = remap_json(label, f.name, value, entries.__getitem__)
            else:
                values[f.attname] = f.to_python(value)
        objects.append(model_class(**values))
    created = model_class.objects.bulk_create(objects)
    keys[label] = {row["pk"]: obj.pk for row, obj in zip(rows, created, strict=True)}
    # auto_now and auto_now_add fields were stamped with the time of the restore
    stamped = [
        f for f in fields if getattr(f, "auto_now", False) or getattr(f, "auto_now_add", False)
    ]
    if stamped and created:
        for row, obj in zip(rows, created, strict=True):
            for f in stamped:
                setattr(obj, f.attname, f.to_python(row[f.name]))
        # the audit log's guard refuses changes to entries: these were just inserted
        with audit_log_unlocked():
            model_class.objects.bulk_update(created, [f.name for f in stamped])
