"""Backups taken while arbiters work are each the database of one instant, and every one of
them restores (issue 17). PostgreSQL only, like the other faults (CI runs them there).

Three connections change the Trondheim Open as arbiters do: one pairs and publishes rounds, one
enters results, one deletes the last round. Every change locks the tournament row and moves its
version on in its own transaction, so the committed states are ordered by version; each worker
notes the state its change leaves (read before its commit, under that lock). Meanwhile backups
are taken, slowed down between their queries so that changes commit in the middle of one. Each
backup must equal the noted state of its version, and each must restore into a database without
the tournament.
"""

import random
import threading
import time

import pytest
from django.db import connection, connections, transaction

from arbiter.core.audit_guard import audit_log_unlocked
from arbiter.core.fide_mode import NeedsConfirmation, RefusedInFideMode
from arbiter.core.models import AuditEntry, Bye, Entry, Game, Round, Tournament
from arbiter.core.services.results import ResultError, record_result
from arbiter.desk import backup
from pairing.rounds import services as rounds
from tests.pairing.conftest import play

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql", reason="PostgreSQL faults (CI runs them there)"
    ),
]

BACKUPS = 12


def state_in_database(tournament_id: int) -> dict:
    """Rounds, games, byes (players by name) and the audit log in order."""
    names = dict(Entry.objects.filter(tournament_id=tournament_id).values_list("pk", "name"))
    games = Game.objects.filter(round__tournament_id=tournament_id)
    byes = Bye.objects.filter(round__tournament_id=tournament_id)
    return {
        "rounds": sorted(
            Round.objects.filter(tournament_id=tournament_id).values_list("number", "state")
        ),
        "games": sorted(
            (n, b, names[w], names[k], r)
            for n, b, w, k, r in games.values_list(
                "round__number", "board", "white_id", "black_id", "result"
            )
        ),
        "byes": sorted(
            (n, names[e], kind) for n, e, kind in byes.values_list("round__number", "entry", "kind")
        ),
        "audit": list(
            AuditEntry.objects.filter(tournament_id=tournament_id)
            .order_by("pk")
            .values_list("action", "summary")
        ),
    }


def state_in_document(document: dict) -> tuple[int, dict]:
    """The tournament's version and the same state as read from a backup."""
    (tournament,) = document["tournaments"]
    rows = tournament["rows"]
    names = {row["pk"]: row["name"] for row in rows.get("arbiter.Entry", [])}
    number = {row["pk"]: row["number"] for row in rows.get("arbiter.Round", [])}
    state = {
        "rounds": sorted((row["number"], row["state"]) for row in rows.get("arbiter.Round", [])),
        "games": sorted(
            (number[g["round"]], g["board"], names[g["white"]], names[g["black"]], g["result"])
            for g in rows.get("arbiter.Game", [])
        ),
        "byes": sorted(
            (number[b["round"]], names[b["entry"]], b["kind"]) for b in rows.get("arbiter.Bye", [])
        ),
        "audit": [
            (a["action"], a["summary"])
            for a in sorted(rows.get("arbiter.AuditEntry", []), key=lambda a: a["pk"])
        ],
    }
    return rows["arbiter.Tournament"][0]["version"], state


def test_backups_taken_while_arbiters_work_are_instants_and_all_restore(
    anna, trondheim_open, monkeypatch
):
    play(anna, rounds.pair_next_round(anna, trondheim_open))
    pk = trondheim_open.pk
    states: dict[int, dict] = {Tournament.objects.get(pk=pk).version: state_in_database(pk)}
    done = threading.Event()
    errors: list[BaseException] = []
    changes = {"pair": 0, "result": 0, "delete": 0}

    def change(kind: str, act) -> None:
        """One change (or none: nothing to do), the state it leaves noted under the tournament's
        lock before it commits."""
        try:
            with transaction.atomic():
                # the first lock of every change: no other can commit until this one has
                Tournament.objects.select_for_update().get(pk=pk)
                act()
                version = Tournament.objects.get(pk=pk).version
                states[version] = state_in_database(pk)
            changes[kind] += 1
        except (rounds.RoundError, ResultError, NeedsConfirmation, RefusedInFideMode):
            pass  # refused as for an arbiter (a draft waits, a round is gone, a warning waits)

    def worker(kind: str, act, pause: float) -> None:
        rng = random.Random(kind)
        try:
            while not done.is_set():
                change(kind, lambda: act(rng))
                time.sleep(rng.uniform(0, pause))
        except BaseException as error:  # the test reports it
            errors.append(error)
        finally:
            connections.close_all()

    def pair(rng):
        tournament = Tournament.objects.get(pk=pk)
        draft = tournament.rounds.filter(state=Round.State.DRAFT).first()
        if draft is None:
            draft = rounds.pair_next_round(anna, tournament)
        rounds.publish_round(anna, draft)

    def result(rng):
        game = (
            Game.objects.filter(round__tournament_id=pk, result="")
            .exclude(round__state=Round.State.DRAFT)
            .order_by("?")
            .first()
        )
        if game is not None:
            record_result(anna, game, rng.choice(["1-0", "0-1", "1/2"]))

    def delete(rng):
        last = Round.objects.filter(tournament_id=pk).order_by("-number").first()
        if last is not None and last.number > 1 and rng.random() < 0.5:
            rounds.delete_last_round(anna, last, confirm=True)

    threads = [
        threading.Thread(target=worker, args=("pair", pair, 0.05)),
        threading.Thread(target=worker, args=("result", result, 0.01)),
        threading.Thread(target=worker, args=("delete", delete, 0.3)),
    ]
    original_model = backup.model
    me = threading.current_thread()

    def slow_model(label):  # a pause between the backup's queries, where changes commit
        if threading.current_thread() is me:
            time.sleep(0.02)
        return original_model(label)

    monkeypatch.setattr(backup, "model", slow_model)
    for thread in threads:
        thread.start()
    documents = []
    try:
        for _ in range(BACKUPS):
            documents.append(backup.loads(backup.dumps(backup.dump([pk]))))
            time.sleep(0.05)
    finally:
        done.set()
        for thread in threads:
            thread.join(timeout=60)
    assert not errors, errors
    assert all(changes.values()), changes  # everyone worked while the backups were taken
    monkeypatch.setattr(backup, "model", original_model)

    for n, document in enumerate(documents):
        version, state = state_in_document(document)
        assert state == states[version], f"backup {n} is no instant of the database"
    versions = {state_in_document(d)[0] for d in documents}
    assert len(versions) > 1, "the backups all saw one state: nothing happened in between"

    restored = 0
    for document in documents:
        with audit_log_unlocked():
            for label, path in reversed(backup.tournament_models()):
                backup.model(label).objects.filter(**{path: pk}).delete()
        (tournament,) = backup.restore(document)
        version, state = state_in_document(document)
        again = state_in_database(tournament.pk)
        assert again["audit"][-1][0] == "backup.restore"  # the restore's own entry
        assert {**again, "audit": again["audit"][:-1]} == state
        pk = tournament.pk
        restored += 1
    assert restored == len(documents) == BACKUPS
