"""The migration that adds a competition's scoring rules: a competition already scored (by the
2018-2024 rules, the only ones the app had) keeps them; every other one takes IJF 2025."""

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

pytestmark = pytest.mark.django_db(transaction=True)

PAIRING_BEFORE = ("pairing", "0009_competition")
PAIRING_AFTER = ("pairing", "0010_competition_rule_set")


def with_the_core_as_it_is(executor: MigrationExecutor, node: tuple[str, str]) -> list:
    """``node`` with the core app (which depends on no pairing migration) left at its newest
    migration: the tournaments written meanwhile are the core's as it is today."""
    core = [leaf for leaf in executor.loader.graph.leaf_nodes() if leaf[0] == "arbiter"]
    return [node, *core]


@pytest.mark.slow
def test_a_competition_already_scored_keeps_the_2018_2024_rules():
    executor = MigrationExecutor(connection)
    before = with_the_core_as_it_is(executor, PAIRING_BEFORE)
    executor.migrate(before)
    apps = executor.loader.project_state(before).apps
    Tournament = apps.get_model("arbiter", "Tournament")
    Competition = apps.get_model("pairing", "Competition")
    Category = apps.get_model("pairing", "Category")
    Bracket = apps.get_model("pairing", "Bracket")
    LiveScore = apps.get_model("pairing", "LiveScore")
    ids = {}
    for name, score in (("Scored", "2022 aW"), ("Not yet", None)):
        competition = Competition.objects.create(name=name)
        tournament = Tournament.objects.create(name=name, system="knockout")
        Category.objects.create(
            competition=competition, tournament=tournament, sex="M", age_group="Seniors"
        )
        bracket = Bracket.objects.create(tournament=tournament)
        if score:
            LiveScore.objects.create(bracket=bracket, match=1, score=score)
        ids[name] = competition.pk

    executor = MigrationExecutor(connection)
    after = with_the_core_as_it_is(executor, PAIRING_AFTER)
    executor.migrate(after)
    apps = executor.loader.project_state(after).apps
    rules = dict(apps.get_model("pairing", "Competition").objects.values_list("pk", "rule_set"))
    assert rules == {ids["Scored"]: "2022", ids["Not yet"]: "2025"}

    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())
