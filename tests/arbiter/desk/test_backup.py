"""Backup and restore: a tournament restored into an empty database is identical, row by row
and field by field; a damaged file restores nothing and says why; restoring twice is refused,
also when two restores of one file run at once; a file changed and summed again is refused by
its signature; a dry run names what a restore would create and writes nothing."""

import hashlib
import io
import json
import threading
import time

import pytest
from django.apps import apps
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import connections

from arbiter.core.audit_guard import audit_log_unlocked
from arbiter.core.models import AuditEntry, BackgroundJob, Entry, Tournament
from arbiter.core.services.results import record_result
from arbiter.desk import backup
from arbiter.desk.backup import (
    COMPETITION_MODELS,
    NAMED,
    NOT_BACKED_UP,
    dump,
    dumps,
    remap_json,
    signature,
    tournament_models,
)
from arbiter.desk.demo import DEMO_USERNAME, load_demo
from arbiter.ratings.models import NormSettings
from judo.models import Category, Competition, EntryList, TeamEvent, TeamLineup
from pairing.engines.trf import decode_trf
from pairing.monrad import services as monrad
from pairing.rounds import services as rounds
from pairing.swiss.records import forbid_pair, set_player_round_record
from pairing.swiss.trf.export import trf_file
from pairing.swiss.trf.imports import import_trf
from tests.factories import TournamentFactory
from tests.pairing.conftest import play
from tests.real_files import project_trf, real_files

pytestmark = pytest.mark.django_db


def canonical(tournament: Tournament) -> dict:
    """Every field of every row hanging off the tournament, keys replaced by identities: a row
    is named by its model and its place among that model's rows of the tournament (in key
    order, which a restore keeps), a user by username. The restore's own audit entry is left
    out, and so is the tournament's version, which that entry moves on (every change does)."""
    places: dict[str, dict[int, str]] = {}
    tables = {}
    for label, path in tournament_models():
        model = apps.get_model(label)
        rows = model.objects.filter(**{path: tournament.pk}).order_by("pk")
        if label == "arbiter.AuditEntry":
            rows = rows.exclude(action="backup.restore")
        places[label] = {
            pk: f"{label}#{n}" for n, pk in enumerate(rows.values_list("pk", flat=True))
        }
        tables[label] = rows
    entry = places["arbiter.Entry"].__getitem__
    snapshot = {}
    for label, rows in tables.items():
        fields = [
            f
            for f in rows.model._meta.concrete_fields
            if not f.primary_key and not (label == "arbiter.Tournament" and f.name == "version")
        ]
        out = []
        for row in rows:
            values = {}
            for f in fields:
                value = getattr(row, f.attname)
                if f.is_relation and f.related_model is get_user_model():
                    value = getattr(row, f.name).username if value is not None else None
                elif f.is_relation:
                    value = places[f.related_model._meta.label].get(value, value)
                elif label != "arbiter.AuditEntry" and f.get_internal_type() == "JSONField":
                    value = remap_json(label, f.name, value, entry)
                values[f.name] = value
            out.append(values)
        snapshot[label] = out
    return snapshot


def delete_tournaments(**lookup):
    """Children first: games and bouts protect their entries. The audit log is append-only, so
    the guard is lifted for this (arbiter/core/audit_guard.py)."""
    ids = list(Tournament.objects.filter(**lookup).values_list("pk", flat=True))
    with audit_log_unlocked():
        for label, path in reversed(tournament_models()):
            apps.get_model(label).objects.filter(**{f"{path}__in": ids}).delete()


def empty_the_database():
    """Every tournament and competition row and every user: what a fresh database holds."""
    delete_tournaments()
    with audit_log_unlocked():
        AuditEntry.objects.all().delete()  # the competitions' own entries have no tournament
    Competition.objects.all().delete()
    get_user_model().objects.all().delete()
    assert not Tournament.objects.exists()


def canonical_day(competition: Competition) -> dict:
    """A competition day's rows, field by field, keys replaced by identities: the competition
    (its arbiters by username), its categories (each with its tournament's name and rows, as
    :func:`canonical`), and the competition's own audit entries (the restore's left out; the
    competition they name replaced by its name)."""
    fields = [f for f in Competition._meta.concrete_fields if not f.primary_key]
    categories = []
    for category in Category.objects.filter(competition=competition).order_by("pk"):
        values = {
            f.name: getattr(category, f.attname)
            for f in Category._meta.concrete_fields
            if not f.primary_key and f.name not in ("competition", "tournament")
        }
        tournament = category.tournament
        categories.append({**values, "tournament": tournament.name, "rows": canonical(tournament)})
        event = TeamEvent.objects.filter(category=category).first()
        if event is not None:
            categories[-1]["team_event"] = {
                f.name: getattr(event, f.attname)
                for f in TeamEvent._meta.concrete_fields
                if not f.primary_key and f.name != "category"
            }
    named = backup.competition_audit(competition.pk).exclude(action="backup.restore")
    audit = []
    for entry in named.order_by("pk"):
        recorded = {}
        for side in ("before", "after"):
            value = getattr(entry, side)
            if isinstance(value, dict) and value.get("competition") == competition.pk:
                value = {**value, "competition": competition.name}
            recorded[side] = value
        user = entry.user.username if entry.user else None
        audit.append((user, entry.action, entry.summary, entry.at, recorded))
    lists = [
        {f.name: getattr(e, f.attname) for f in EntryList._meta.concrete_fields if f.name != "id"}
        | {"competition": competition.name, "uploaded_by": e.uploaded_by.username}
        for e in EntryList.objects.filter(competition=competition).order_by("pk")
    ]
    return {
        "entry_lists": lists,
        "competition": {f.name: getattr(competition, f.attname) for f in fields},
        "arbiters": sorted(u.username for u in competition.arbiters.all()),
        "categories": categories,
        "audit": audit,
    }


@pytest.fixture
def mid_round(anna, dag, trondheim_open, trondheim_players):
    """The Trondheim Open in round 2: round 1 complete, two results of round 2 entered, a
    forbidden pair (set before round 1) and a half-point bye asked for round 3; Dag entered a
    result."""
    forbid_pair(anna, trondheim_open, trondheim_players[0], trondheim_players[9])
    play(anna, rounds.pair_next_round(anna, trondheim_open))
    round_2 = rounds.pair_next_round(anna, trondheim_open)
    rounds.publish_round(anna, round_2)
    games = list(round_2.games.order_by("board"))
    record_result(anna, games[0], "1-0")
    record_result(dag, games[1], "1/2")
    set_player_round_record(anna, trondheim_open, trondheim_players[3], 3, "H")
    return trondheim_open


@pytest.fixture
def demo():
    """The demo's tournaments and its competition's categories (weigh-ins, a live score)."""
    _, made = load_demo()
    club = next(t for t in made if t.system == "monrad")
    monrad.update_settings(None, club, scoring="1-0.5-0")
    return made + list(Tournament.objects.filter(category__isnull=False))


def back_up_and_restore(tmp_path, tournaments):
    before = {t.name: canonical(t) for t in tournaments}
    path = tmp_path / "backup.json"
    call_command("backup", *[str(t.pk) for t in tournaments], "--output", str(path))
    empty_the_database()
    call_command("restore", str(path))
    after = {t.name: canonical(t) for t in Tournament.objects.all()}
    return before, after, path


@pytest.mark.slow
def test_the_demo_data_is_restored_identical(tmp_path, demo):
    before, after, _ = back_up_and_restore(tmp_path, demo)
    assert sorted(after) == sorted(before)
    for name, snapshot in before.items():
        for label, _ in tournament_models():
            assert after[name][label] == snapshot[label], (name, label)
    # every kind of row was there to compare but the Swiss records (the mid-round test has them)
    empty = {
        label for label, _ in tournament_models() if not any(s[label] for s in before.values())
    }
    swiss_records = {"pairing.PlayerRoundRecord", "pairing.ForbiddenPair", "pairing.Acceleration"}
    imported = {"pairing.TrfSource", "pairing.TrfPlayerColumns", "pairing.TrfRoundBlock"}
    # the demo's teams play without deadlines, requested byes or withdrawals
    teams = {"teams.LineupDeadline", "teams.RequestedTeamBye", "teams.TeamWithdrawal"}
    norms = {"ratings.NormSettings"}
    judo_teams = {"judo.TeamMember", "judo.TeamMatch", "judo.TeamLineup"}
    # the tests below have them
    assert empty == swiss_records | imported | teams | norms | judo_teams


def test_norm_settings_are_restored_identical(tmp_path, anna):
    """What the title norms need from the arbiter (arbiter/ratings/models.py)."""
    tournament = TournamentFactory(name="Norm Open", chief=anna)
    NormSettings.objects.create(
        tournament=tournament,
        exemption="1.4.3c",
        chief_arbiter="Larsen, A",
        chief_arbiter_fide_id=7,
    )
    before, after, _ = back_up_and_restore(tmp_path, [tournament])
    assert after == before
    assert before["Norm Open"]["ratings.NormSettings"]


def test_a_team_match_is_restored_identical(tmp_path, norway_sweden):
    """Teams, their members' board order and a match with the games of its boards."""
    olympiad = norway_sweden.round.tournament
    before, after, _ = back_up_and_restore(tmp_path, [olympiad])
    assert after == before
    assert before[olympiad.name]["arbiter.TeamMatch"] and before[olympiad.name]["arbiter.Team"]


@real_files
def test_an_imported_trf_with_accelerations_is_restored_identical(tmp_path, anna):
    text = decode_trf((project_trf() / "karl-mala-2005.trf").read_bytes())
    text = text.replace("001    1 ", "XXA    1  1.0  1.0\n001    1 ", 1)
    tournament = import_trf(anna, text)
    exported = trf_file(tournament, legacy=True)[0]
    before, after, _ = back_up_and_restore(tmp_path, [tournament])
    assert after == before
    snapshot = before[tournament.name]
    for label in ("TrfSource", "TrfPlayerColumns", "TrfRoundBlock", "Acceleration"):
        assert snapshot[f"pairing.{label}"], label
    restored = Tournament.objects.get()
    assert trf_file(restored, legacy=True)[0] == exported


def test_a_tournament_in_mid_round_is_restored_identical(tmp_path, mid_round, boris_cup):
    before, after, _ = back_up_and_restore(tmp_path, [mid_round])
    assert list(after) == ["Trondheim Open"]  # Boris's cup was not asked for
    assert after == before
    snapshot = before["Trondheim Open"]
    assert snapshot["pairing.PlayerRoundRecord"] and snapshot["pairing.ForbiddenPair"]
    restored = Tournament.objects.get()
    users = get_user_model().objects.order_by("username")
    assert [u.username for u in users] == ["anna", "dag"]
    assert not any(u.has_usable_password() for u in users)
    mark = AuditEntry.objects.get(action="backup.restore")
    assert mark.tournament == restored and mark.user is None
    assert len(mark.after["entry_ids"]) == 10


def test_the_file_describes_itself(mid_round):
    document = json.loads(dumps(dump([mid_round.pk])))
    assert document["format"] == "arbiter-tournament-backup" and document["version"] == 3
    assert document["signature"].startswith("hmac-sha256:") and "checksum" not in document
    assert document["models"] == [label for label, _ in tournament_models() + COMPETITION_MODELS]
    assert document["competitions"] == []
    assert document["counts"]["arbiter.Entry"] == 10 and document["counts"]["arbiter.Game"] == 10
    assert document["schema"]["arbiter"].startswith("00")
    assert [u["username"] for u in document["users"]] == ["anna", "dag"]
    assert "password" not in json.dumps(document["users"])


def test_a_restore_into_a_database_in_use_takes_new_keys(tmp_path, mid_round, boris_cup):
    before = canonical(mid_round)
    path = tmp_path / "backup.json"
    path.write_text(dumps(dump([mid_round.pk])))
    old_pk = mid_round.pk
    delete_tournaments(pk=old_pk)
    call_command("restore", str(path))
    restored = Tournament.objects.get(name="Trondheim Open")
    assert restored.pk != old_pk
    assert canonical(restored) == before
    assert Tournament.objects.filter(name="Boris Cup").exists()


def test_restoring_twice_is_refused(tmp_path, mid_round):
    path = tmp_path / "backup.json"
    path.write_text(dumps(dump([mid_round.pk])))
    with pytest.raises(CommandError, match="exists already"):
        call_command("restore", str(path))
    empty_the_database()
    call_command("restore", str(path))
    rows = {label: apps.get_model(label).objects.count() for label, _ in tournament_models()}
    with pytest.raises(CommandError, match=r"'Trondheim Open' .* exists already"):
        call_command("restore", str(path))
    assert {
        label: apps.get_model(label).objects.count() for label, _ in tournament_models()
    } == rows


def test_a_truncated_file_restores_nothing(tmp_path, mid_round):
    text = dumps(dump())
    empty_the_database()
    path = tmp_path / "cut.json"
    path.write_text(text[: len(text) // 2])
    with pytest.raises(CommandError, match="cut short"):
        call_command("restore", str(path))
    assert not Tournament.objects.exists() and not get_user_model().objects.exists()


def test_a_changed_file_is_caught_by_its_signature(tmp_path, mid_round):
    document = dump([mid_round.pk])
    document["tournaments"][0]["rows"]["arbiter.Game"][0]["result"] = "0-1"
    empty_the_database()
    path = tmp_path / "changed.json"
    path.write_text(dumps(document))
    with pytest.raises(CommandError, match="signature does not match"):
        call_command("restore", str(path))
    assert not Tournament.objects.exists()


def test_a_forged_result_summed_again_without_the_key_is_refused(tmp_path, mid_round):
    """What issue 17 did: change a result, add an audit entry to match, and recompute the
    SHA-256 (and any hash one can compute without the server's key)."""
    document = dump([mid_round.pk])
    rows = document["tournaments"][0]["rows"]
    rows["arbiter.Game"][0]["result"] = "0-1"
    forged = {**rows["arbiter.AuditEntry"][-1], "pk": 10**6, "summary": "Board 1: 0-1"}
    rows["arbiter.AuditEntry"].append(forged)
    payload = {"users": document["users"], "tournaments": document["tournaments"]}
    text = json.dumps(payload, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    for forgery in (
        hashlib.sha256(text.encode()).hexdigest(),
        "hmac-sha256:" + hashlib.sha256(text.encode()).hexdigest(),
    ):
        document["signature"] = document["checksum"] = forgery
        empty_the_database()
        with pytest.raises(CommandError, match="signature does not match"):
            call_command("restore", str(_write(tmp_path, document)))
        assert not Tournament.objects.exists()


def test_a_file_signed_with_another_key_is_refused(tmp_path, mid_round, settings):
    path = _write(tmp_path, dump([mid_round.pk]))
    empty_the_database()
    settings.BACKUP_KEY = "another-server's-key-" + "k" * 30
    with pytest.raises(CommandError, match="another key"):
        call_command("restore", str(path))
    assert not Tournament.objects.exists()


def test_an_unsigned_version_1_file_is_refused(tmp_path, mid_round):
    document = dump([mid_round.pk])
    document["version"] = 1
    with pytest.raises(CommandError, match="version 1"):
        call_command("restore", str(_write(tmp_path, document)))


def test_a_dry_run_names_what_the_restore_would_create_and_writes_nothing(
    tmp_path, mid_round, boris_cup
):
    path = _write(tmp_path, dump())
    delete_tournaments(name="Trondheim Open")
    get_user_model().objects.filter(username="dag").delete()
    rows = {label: apps.get_model(label).objects.count() for label, _ in tournament_models()}
    out = io.StringIO()
    call_command("restore", str(path), "--dry-run", stdout=out)
    said = out.getvalue()
    assert "Trondheim Open (swiss_dutch, starting None): new; 1 Tournament" in said
    assert "10 Entry" in said and "20 Game" not in said
    assert "Boris Cup" in said and "exists already as id" in said
    assert "New users without a usable password: dag" in said
    assert "Dry run: nothing was written" in said
    assert {
        label: apps.get_model(label).objects.count() for label, _ in tournament_models()
    } == rows
    assert not get_user_model().objects.filter(username="dag").exists()


def test_a_restore_names_what_it_creates_before_it_writes(tmp_path, mid_round):
    path = _write(tmp_path, dump([mid_round.pk]))
    empty_the_database()
    out = io.StringIO()
    call_command("restore", str(path), stdout=out)
    said = out.getvalue().splitlines()
    assert said[0] == "Restoring:"
    assert said[1].startswith("  Trondheim Open (swiss_dutch, starting None): new;")
    assert said[-2].startswith("Restored Trondheim Open as tournament ")


def test_rows_that_do_not_fit_restore_nothing_at_all(tmp_path, mid_round, boris_cup):
    """The second tournament's game names an entry the file does not hold: the first, already
    written by then, is rolled back with it."""
    document = dump()
    assert [t["name"] for t in document["tournaments"]] == ["Trondheim Open", "Boris Cup"]
    document["tournaments"][1]["rows"]["arbiter.Entry"] = [{"pk": 1, "name": "Solo, Boris"}]
    document["tournaments"][1]["rows"]["arbiter.Round"] = [{"pk": 1, "number": 1}]
    game = {"pk": 1, "round": 1, "board": 1, "white": 1, "black": 999_999, "result": ""}
    document["tournaments"][1]["rows"]["arbiter.Game"] = [game]
    document["signature"] = signature(backup.signed_part(document))
    empty_the_database()
    with pytest.raises(CommandError, match="do not fit together"):
        call_command("restore", str(_write(tmp_path, document)))
    assert not Tournament.objects.exists() and not get_user_model().objects.exists()


def test_not_a_backup(tmp_path):
    path = tmp_path / "other.json"
    path.write_text('{"model": "arbiter.tournament"}')
    with pytest.raises(CommandError, match="not an arbiter backup"):
        call_command("restore", str(path))
    path.write_text(json.dumps({"format": "arbiter-tournament-backup", "version": 99}))
    with pytest.raises(CommandError, match="version 99"):
        call_command("restore", str(path))
    document = {"format": "arbiter-tournament-backup", "version": 2, "users": []}
    document["tournaments"] = ["not a tournament"]
    document["signature"] = signature({"users": [], "tournaments": document["tournaments"]})
    with pytest.raises(CommandError, match="structure is broken"):
        call_command("restore", str(_write(tmp_path, document)))
    document = {"format": "arbiter-tournament-backup", "version": 3, "users": []}
    document.update(tournaments=[], competitions=[{"rows": {"judo.Competition": [1]}}])
    document["signature"] = signature(backup.signed_part(document))
    with pytest.raises(CommandError, match="structure is broken"):
        call_command("restore", str(_write(tmp_path, document)))
    with pytest.raises(CommandError, match="No tournament with id 4242"):
        call_command("backup", "4242")
    with pytest.raises(CommandError, match="Cannot read"):
        call_command("restore", str(tmp_path / "missing.json"))


def _write(tmp_path, document):
    path = tmp_path / "backup.json"
    path.write_text(dumps(document))
    return path


def test_every_model_is_in_the_backup_or_left_out_for_a_reason():
    """A model added later fails here until it is backed up or its reason is written down."""
    backed_up = [label for label, _ in tournament_models() + COMPETITION_MODELS] + list(NAMED)
    assert len(set(backed_up)) == len(backed_up)
    assert not set(backed_up) & set(NOT_BACKED_UP)
    assert all(len(reason) > 20 for reason in [*NOT_BACKED_UP.values(), *NAMED.values()])
    labels = {model._meta.label for model in apps.get_models(include_auto_created=True)}
    left = labels - set(backed_up) - set(NOT_BACKED_UP)
    assert not left, f"neither backed up nor left out with a reason: {sorted(left)}"
    assert not (set(backed_up) | set(NOT_BACKED_UP)) - labels, "listed models that are gone"


def test_no_model_left_out_points_at_a_backed_up_one():
    covered = {apps.get_model(label) for label, _ in tournament_models() + COMPETITION_MODELS}
    for model in apps.get_models():
        if model in covered or model._meta.label in NOT_BACKED_UP:
            continue
        for f in model._meta.concrete_fields:
            assert not (f.is_relation and f.related_model in covered), (
                f"{model._meta.label}.{f.name} points at a backed-up model: store it too "
                "(its system's entry, or backup.CORE_MODELS)"
            )


@pytest.mark.slow
def test_a_backup_of_the_demo_restores_an_equal_competition_day(tmp_path):
    """The demo's judo day (six categories on two mats: weigh-ins, the draw, mats, scores and a
    live score, publishing) comes back as the same competition day, row by row."""
    user, _ = load_demo()
    (day,) = Competition.objects.all()
    rows = [[1, ["name", "club"]], [2, ["Ek, Ada", "Judo Oslo"]]]
    EntryList.objects.create(competition=day, uploaded_by=user, file_name="club.csv", rows=rows)
    before = canonical_day(day)
    assert before["competition"]["is_published"] and len(before["categories"]) == 6
    assert before["entry_lists"][0]["rows"] == rows
    assert before["audit"] and before["arbiters"] == [DEMO_USERNAME]
    rows = [c["rows"] for c in before["categories"]]
    for label in ("judo.WeighIn", "pairing.Bout", "judo.LiveScore", "pairing.Bracket"):
        assert any(r[label] for r in rows), label
    path = tmp_path / "backup.json"
    call_command("backup", "--output", str(path))
    empty_the_database()
    call_command("restore", str(path))
    (restored,) = Competition.objects.all()
    assert restored.pk != day.pk or connections["default"].vendor == "sqlite"
    assert canonical_day(restored) == before
    assert AuditEntry.objects.filter(action="backup.restore", tournament=None).count() == 1


def test_a_team_category_with_its_athletes_lineups_and_bouts_restores_equal(tmp_path, anna):
    """A judo team category (its team event, athletes, a match's line-ups, a bout confirmed and
    one being scored) comes back row by row, the line-ups naming the restored athletes."""
    from judo.services import teams
    from tests.judo.test_team_views import _match, team_day

    day, category = team_day(anna)
    match = _match(category)
    current = teams.match_of(category, match)
    order = teams.bout_order(category.team_event)
    for n, team in enumerate((current.a, current.b)):
        members = {m.name.split()[0]: m.pk for m in team.team_members.all()}
        picked = [members[k] for k in ("Anna", "Bo", "Cia", "Dan", "Eva", "Finn")]
        teams.set_lineup(
            anna, category, match, "ab"[n], dict(zip(order, picked, strict=True)), seen=n
        )
    teams.score(anna, category, match, "a:ippon", seen=0)
    teams.confirm(anna, category, match, seen=1)
    teams.score(anna, category, match, "b:waza-ari", seen=2)
    before = canonical_day(day)
    rows = before["categories"][0]["rows"]
    for label in ("judo.TeamMember", "judo.TeamMatch", "judo.TeamLineup", "judo.LiveScore"):
        assert rows[label], label
    path = tmp_path / "backup.json"
    call_command("backup", "--output", str(path))
    empty_the_database()
    call_command("restore", str(path))
    (restored,) = Competition.objects.all()
    assert canonical_day(restored) == before
    lines = TeamLineup.objects.filter(side="a").select_related("member", "member__team")
    assert {line.member.team.name for line in lines} == {current.a.name}


@pytest.mark.slow
def test_a_file_written_before_the_judo_day_had_its_own_app_restores_it(tmp_path):
    """Backups written while the competition day's models were the pairing app's name them
    ``pairing.Competition`` and so on: they restore the same day."""
    load_demo()
    (day,) = Competition.objects.all()
    before = canonical_day(day)
    document = dump()
    for part in [*document["tournaments"], *document["competitions"]]:
        rows = part["rows"]
        for label in [label for label in rows if label.startswith("judo.")]:
            rows["pairing." + label.partition(".")[2]] = rows.pop(label)
    document["signature"] = signature(backup.signed_part(document))
    assert "pairing.Competition" in document["competitions"][0]["rows"]
    empty_the_database()
    call_command("restore", str(_write(tmp_path, document)))
    assert canonical_day(Competition.objects.get()) == before


@pytest.mark.slow
def test_an_entry_list_comes_back_without_this_server_s_import_job(tmp_path):
    user, _ = load_demo()
    (day,) = Competition.objects.all()
    job = BackgroundJob.objects.create(kind="competition_list", started_by=user, title="Import")
    EntryList.objects.create(competition=day, uploaded_by=user, file_name="a.csv", job=job)
    document = dump()
    (listed,) = document["competitions"][0]["rows"]["judo.EntryList"]
    assert listed["job"] is None and listed["file_name"] == "a.csv"
    empty_the_database()
    BackgroundJob.objects.all().delete()
    call_command("restore", str(_write(tmp_path, document)))
    restored = EntryList.objects.get()
    assert restored.job is None and restored.competition == Competition.objects.get()


@pytest.mark.slow
def test_one_category_asked_for_backs_up_its_whole_day(tmp_path, anna):
    load_demo()
    (day,) = Competition.objects.all()
    before = canonical_day(day)
    document = dump([day.categories.first().tournament_id])
    assert len(document["competitions"]) == 1 and len(document["tournaments"]) == 6
    path = _write(tmp_path, document)
    with pytest.raises(CommandError, match="exists already"):
        call_command("restore", str(path))
    empty_the_database()
    call_command("restore", str(path))
    assert canonical_day(Competition.objects.get()) == before


@pytest.mark.slow
def test_a_competition_already_there_is_refused_and_nothing_is_restored(tmp_path):
    load_demo()
    (day,) = Competition.objects.all()
    path = _write(tmp_path, dump([day.categories.first().tournament_id]))
    delete_tournaments(category__competition=day)  # the categories go, the competition stays
    with pytest.raises(CommandError, match="A competition 'Trondheim Judo Open 2026'"):
        call_command("restore", str(path))
    assert not Tournament.objects.filter(category__isnull=False).exists()


def test_a_version_2_file_without_competition_days_is_still_restored(tmp_path, mid_round):
    document = dump([mid_round.pk])
    del document["competitions"]
    document["version"] = 2
    document["signature"] = signature(backup.signed_part(document))
    path = _write(tmp_path, document)
    empty_the_database()
    call_command("restore", str(path))
    assert Tournament.objects.get().name == "Trondheim Open"


@pytest.mark.django_db(transaction=True)
def test_two_restores_of_one_file_at_once_make_one_copy(tmp_path, mid_round, monkeypatch):
    """Both start together; each holds its transaction open a moment before committing (its
    last audit entry is slow), so without the restore lock both would find no copy and both
    would write one."""
    path = _write(tmp_path, dump([mid_round.pk]))
    empty_the_database()
    original = backup.record

    def slow_record(*args, **kwargs):
        entry = original(*args, **kwargs)
        time.sleep(0.5)
        return entry

    monkeypatch.setattr(backup, "record", slow_record)
    start = threading.Barrier(2)
    outcomes: list[object] = []

    def restore_file():
        start.wait()
        try:
            call_command("restore", str(path), stdout=io.StringIO())
            outcomes.append("restored")
        except CommandError as error:
            outcomes.append(str(error))
        finally:
            connections.close_all()

    threads = [threading.Thread(target=restore_file) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert not any(thread.is_alive() for thread in threads)
    assert sorted(outcomes, key=lambda o: o != "restored")[0] == "restored", outcomes
    refusal = next(o for o in outcomes if o != "restored")
    assert "exists already" in refusal or "busy with another restore" in refusal, refusal
    assert Tournament.objects.filter(name="Trondheim Open").count() == 1
    assert Entry.objects.count() == 10


def test_the_initial_order_and_national_ratings_are_restored_identical(tmp_path, trondheim_open):
    """Q145/Q146: the method, the national list, the drawing of lots and its seed, and every
    national rating come back, so the restored tournament ranks its players as before."""
    trondheim_open.rating_method = "NIDOF"
    trondheim_open.national_federation = "NOR"
    trondheim_open.initial_order_by_lot = True
    trondheim_open.save()
    trondheim_open.entries.filter(name__startswith="Player 07").update(national_rating=2499)
    before, after, _ = back_up_and_restore(tmp_path, [trondheim_open])
    assert after == before
    restored = Tournament.objects.get()
    assert (restored.rating_method, restored.national_federation) == ("NIDOF", "NOR")
    assert (restored.initial_order_by_lot, restored.lots_seed) == (True, trondheim_open.lots_seed)
    assert restored.entries.get(national_rating=2499).name.startswith("Player 07")
