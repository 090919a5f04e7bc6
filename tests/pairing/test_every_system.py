"""What every pairing system gets from the registry alone (docs/adding-a-system.md): each
registered system, and a fifth one made only for this test (tests/pairing/dummy_system.py),
goes through the same conventions: its pages, the round lifecycle's audit trail, the backup,
the JSON export's schema and the translations of its pages' names."""

import copy
import importlib
import json
from pathlib import Path

import jsonschema
import pytest
from django.core.management import call_command
from django.test import Client
from django.urls import clear_url_caches, reverse

import arbiter.urls
import pairing.urls
from arbiter.core import systems
from arbiter.core.models import AuditEntry, Tournament
from arbiter.core.services.entries import import_entries
from arbiter.core.services.tournaments import create_tournament
from tests.arbiter.desk.test_backup import canonical, empty_the_database
from tests.i18n.po import TRANSLATED, catalogue, messages
from tests.pairing import dummy_system

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[2]
SCHEMA = json.loads((ROOT / "docs" / "schema" / "tournament-v1.json").read_text())
BUILT_IN = list(systems.SYSTEMS)


def reload_urls() -> None:
    """The URLs are read from the registry when their modules load: load them again."""
    importlib.reload(pairing.urls)
    importlib.reload(arbiter.urls)
    clear_url_caches()


@pytest.fixture
def fifth_system():
    systems.register(dummy_system.DUMMY)
    reload_urls()
    yield dummy_system.DUMMY
    del systems.SYSTEMS[dummy_system.CODE]
    reload_urls()


@pytest.fixture(params=[*BUILT_IN, dummy_system.CODE])
def played(request, anna):
    """A published tournament of the system with eight players, played some way in by the
    system's own demo (its entry's ``demo``)."""
    if request.param == dummy_system.CODE:
        request.getfixturevalue("fifth_system")
    system = systems.SYSTEMS[request.param]
    tournament = create_tournament(
        anna,
        {
            "name": f"Every system: {system.code}",
            "system": system.code,
            "city": "Bergen",
            "federation": "NOR",
            "planned_rounds": 7,
            "is_published": True,
        },
    )
    import_entries(anna, tournament, [{"name": f"Player, {n}"} for n in "ABCDEFGH"])
    system.demo(anna, tournament)
    return tournament


def urls(names, tournament):
    return [reverse(name, args=[tournament.pk]) for name in names]


def test_the_fifth_system_is_only_in_the_registry_while_registered(fifth_system):
    assert systems.SYSTEMS[dummy_system.CODE] is fifth_system
    assert (dummy_system.CODE, fifth_system.label) in systems.choices()


def test_every_arbiter_page_of_the_system_opens_for_its_arbiter_only(played, anna_client, boris):
    boris_client = Client()
    boris_client.force_login(boris)
    system = played.pairing_system
    own = [reverse(link.url_name, args=[played.pk, *link.args]) for link in system.arbiter_pages]
    shared = ["players", "tournament_settings", "audit_log"]
    shared = urls([*shared, "rounds"] if system.has_rounds else shared, played)
    for url in shared + own:
        assert anna_client.get(url).status_code == 200, url
        assert boris_client.get(url).status_code == 403, url
    menu = anna_client.get(shared[0]).content.decode()
    for link in system.arbiter_pages:
        assert reverse(link.url_name, args=[played.pk, *link.args]) in menu, link.url_name


def test_every_public_page_and_download_opens(played, client):
    system = played.pairing_system
    names = ["tournament", "public_standings", "export_players", "export_json"]
    if system.has_rounds:
        names += ["crosstable", "export_results"]
    pages = urls(names, played)
    pages += [reverse(link.url_name, args=[played.pk, *link.args]) for link in system.public_pages]
    if system.has_rounds:
        pages.append(reverse("public_round", args=[played.pk, 1]))
    for url in pages:
        assert client.get(url).status_code == 200, url


def test_the_rounds_leave_their_trail_in_the_audit_log(played):
    actions = set(AuditEntry.objects.filter(tournament=played).values_list("action", flat=True))
    assert "entry.import" in actions
    assert actions - {"entry.import", "tournament.create"}, actions  # the system's own changes


def test_a_backup_restores_the_tournament_identical(played, tmp_path):
    before = canonical(played)
    path = tmp_path / "backup.json"
    call_command("backup", str(played.pk), "--output", str(path))
    empty_the_database()
    call_command("restore", str(path))
    assert canonical(Tournament.objects.get()) == before


def test_the_json_export_says_the_system_as_its_schema_does(played, client):
    document = client.get(reverse("export_json", args=[played.pk])).json()
    assert document["tournament"]["system"] == played.pairing_system.schema_value
    schema = copy.deepcopy(SCHEMA)
    enum = schema["properties"]["tournament"]["properties"]["system"]["enum"]
    if played.system not in BUILT_IN:
        enum.append(played.pairing_system.schema_value)
    jsonschema.validate(document, schema)


def test_the_schema_lists_exactly_the_systems_that_ship():
    enum = SCHEMA["properties"]["tournament"]["properties"]["system"]["enum"]
    assert enum == [systems.SYSTEMS[code].schema_value for code in BUILT_IN]


@pytest.mark.parametrize("code", [*BUILT_IN, dummy_system.CODE])
def test_the_names_of_the_system_s_pages_are_translated(code, fifth_system):
    system = systems.SYSTEMS[code]
    names = {str(link.label) for link in system.arbiter_pages + system.public_pages}
    for language in TRANSLATED:
        translated = {e.msgid for e in messages(catalogue(language)) if any(e.msgstr.values())}
        untranslated = {n for n in names if n not in translated and not n.startswith("TRF")}
        assert not untranslated, (language, untranslated)
