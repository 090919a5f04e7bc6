"""The production settings pass `manage.py check --deploy`; a DEBUG=1 run still speaks plain http.

Each case runs a fresh interpreter, because the settings are read from the environment once.
"""

import os
import secrets
import string
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow  # a fresh interpreter each

ROOT = Path(__file__).resolve().parents[2]
PRODUCTION = {
    "DEBUG": "0",
    "SECRET_KEY": "".join(secrets.choice(string.ascii_letters + string.digits) for _ in range(50)),
    "ALLOWED_HOSTS": "arbiter.example.org",
}
PRINT_SETTINGS = (
    "import django; from django.conf import settings as s; django.setup(); "
    "print(s.SECURE_SSL_REDIRECT, s.SESSION_COOKIE_SECURE, s.CSRF_COOKIE_SECURE, "
    "s.SECURE_HSTS_SECONDS, getattr(s, 'SECURE_PROXY_SSL_HEADER', None))"
)


def run(args: list[str], **env: str) -> subprocess.CompletedProcess:
    environment = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(
            ("SECURE_", "SESSION_", "CSRF_", "BEHIND_PROXY", "DEBUG", "SECRET_KEY", "BACKUP_KEY")
        )
        # the browser tests set it for Playwright's event loop; a deployment never does
        and key != "DJANGO_ALLOW_ASYNC_UNSAFE"
    }
    environment.update(DJANGO_SETTINGS_MODULE="arbiter.settings", PYTHONWARNINGS="ignore", **env)
    return subprocess.run(
        [sys.executable, *args], cwd=ROOT, env=environment, capture_output=True, text=True
    )


def test_check_deploy_is_clean_with_the_production_environment():
    done = run(["manage.py", "check", "--deploy", "--fail-level", "WARNING"], **PRODUCTION)
    report = done.stdout + done.stderr
    assert done.returncode == 0, report
    assert "System check identified no issues" in report, report
    assert "WARNINGS" not in report and "ERRORS" not in report, report


def test_without_secret_key_the_app_refuses_to_start_unless_debug():
    """The public development key would let anyone forge sessions, reset links and backups."""
    env = {**PRODUCTION}
    del env["SECRET_KEY"]
    for command in (["manage.py", "check"], ["-c", "import arbiter.wsgi"]):
        done = run(command, **env)
        assert done.returncode != 0
        assert "ImproperlyConfigured: SECRET_KEY is not set" in done.stderr, done.stderr
    assert run(["manage.py", "check"], DEBUG="1").returncode == 0


def test_check_deploy_still_catches_the_development_key():
    """The silenced check is only HSTS preload: the development key is still reported."""
    done = run(["manage.py", "check", "--deploy", "--fail-level", "WARNING"], DEBUG="1")
    assert done.returncode != 0
    assert "security.W009" in done.stdout + done.stderr


def test_production_defaults_force_https():
    done = run(["-c", PRINT_SETTINGS], **PRODUCTION)
    assert done.stdout.split() == ["True", "True", "True", "31536000", "None"], done.stderr


def test_a_debug_run_like_serve_sh_stays_on_plain_http():
    done = run(["-c", PRINT_SETTINGS], DEBUG="1")
    assert done.stdout.split() == ["False", "False", "False", "0", "None"], done.stderr


def test_behind_a_proxy_the_forwarded_scheme_is_trusted():
    done = run(["-c", PRINT_SETTINGS], BEHIND_PROXY="1", **PRODUCTION)
    assert done.stdout.split()[-2:] == ["('HTTP_X_FORWARDED_PROTO',", "'https')"], done.stderr


GET_LOGIN_PAGE = (
    "import django; django.setup(); from django.test import Client; "
    "r = Client().get('/accounts/login/', HTTP_HOST='127.0.0.1:8000'); "
    "print(r.status_code, r.get('Location', '-'), r.get('Strict-Transport-Security', '-'))"
)


def test_over_plain_http_debug_serves_the_page_and_production_redirects_to_https():
    served = run(["-c", GET_LOGIN_PAGE], DEBUG="1")
    assert served.stdout.split() == ["200", "-", "-"], served.stderr
    redirected = run(["-c", GET_LOGIN_PAGE], **{**PRODUCTION, "ALLOWED_HOSTS": "127.0.0.1"})
    assert redirected.stdout.split() == ["301", "https://127.0.0.1:8000/accounts/login/", "-"]


def test_serve_sh_turns_debug_on():
    assert 'export DEBUG="${DEBUG:-1}"' in (ROOT / "scripts" / "serve.sh").read_text()


def test_without_a_mail_server_a_password_reset_mail_goes_to_the_log_not_to_an_error():
    shown = run(
        [
            "-c",
            "import django; django.setup(); from django.conf import settings; "
            "print(settings.EMAIL_BACKEND)",
        ],
        **PRODUCTION,
    )
    assert shown.stdout.strip() == "django.core.mail.backends.console.EmailBackend"
    smtp = run(
        [
            "-c",
            "import django; django.setup(); from django.conf import settings; "
            "print(settings.EMAIL_BACKEND)",
        ],
        **PRODUCTION,
        EMAIL_HOST="mail.example.org",
    )
    assert smtp.stdout.strip() == "django.core.mail.backends.smtp.EmailBackend"
