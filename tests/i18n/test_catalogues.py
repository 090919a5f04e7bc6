"""The translation catalogues (locale/*/LC_MESSAGES/django.po; docs/i18n.md): each compiles, the
compiled files beside them are up to date, and `makemessages` finds nothing they lack."""

import gettext
import shutil
import subprocess

import pytest
from django.core.management import call_command
from django.test import override_settings

from tests.i18n.po import LOCALE, TRANSLATED, catalogue, messages

ROOT = LOCALE.parent


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_catalogue_compiles_and_its_mo_file_is_up_to_date(language, tmp_path):
    """msgfmt --check: syntax, headers and the %(name)s of every translation against its msgid;
    and the committed .mo (what Django reads) holds what the .po says."""
    compiled = tmp_path / "django.mo"
    subprocess.run(
        ["msgfmt", "--check", "-o", compiled, catalogue(language)],
        check=True,
        capture_output=True,
    )
    committed = catalogue(language).with_suffix(".mo")
    assert committed.exists(), f"run: python manage.py compilemessages ({committed})"
    with compiled.open("rb") as fresh, committed.open("rb") as kept:
        fresh_catalog = gettext.GNUTranslations(fresh)._catalog
        kept_catalog = gettext.GNUTranslations(kept)._catalog
    assert fresh_catalog == kept_catalog, "run: python manage.py compilemessages"


def test_django_compilemessages_compiles_them_all(tmp_path):
    """Django's own command, on a copy of the catalogues."""
    copy = tmp_path / "locale"
    shutil.copytree(LOCALE, copy)
    for mo in copy.rglob("*.mo"):
        mo.unlink()
    with override_settings(LOCALE_PATHS=[copy]):
        call_command("compilemessages", locale=TRANSLATED, verbosity=0)
    assert sorted(p.parent.parent.name for p in copy.rglob("django.mo")) == sorted(TRANSLATED)


@pytest.mark.slow
def test_makemessages_finds_nothing_new(tmp_path, monkeypatch):
    """Every marked string of the code and templates is in every catalogue, and nothing is in
    a catalogue that the code no longer says (run makemessages on a copy of the sources)."""
    for part in ("arbiter", "pairing", "judo", "templates", "locale", "manage.py"):
        source = ROOT / part
        if source.is_dir():
            shutil.copytree(source, tmp_path / part, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy(source, tmp_path / part)
    monkeypatch.chdir(tmp_path)
    with override_settings(LOCALE_PATHS=[tmp_path / "locale"]):
        call_command("makemessages", locale=TRANSLATED, verbosity=0, add_location="file")
    for language in TRANSLATED:
        fresh = {e.key for e in messages(tmp_path / "locale" / language / "LC_MESSAGES/django.po")}
        kept = {e.key for e in messages(catalogue(language))}
        assert not fresh - kept, f"{language}: new strings, run makemessages: {fresh - kept}"
        assert not kept - fresh, f"{language}: strings no longer used: {kept - fresh}"
