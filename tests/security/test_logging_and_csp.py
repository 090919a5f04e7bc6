"""Production tells someone: every request has an id (the response's X-Request-ID, every log
line written while it is served), log lines are JSON on stderr, a 500's traceback is logged
and mailed to ADMINS when there is a mail server; every page carries a Content-Security-Policy
that allows no inline script, and htmx is told not to need one."""

import json
import logging

import pytest
from django.urls import reverse

from tests.security.test_settings import PRODUCTION, ROOT, run

pytestmark = pytest.mark.django_db


#: What nginx sends (deploy/nginx/site.conf: $request_id, 16 random bytes in hexadecimal).
NGINX_ID = "c10f7ebebd95e5bb8749430d3485370c"


def test_every_response_carries_a_request_id_and_keeps_a_sane_one_from_the_proxy(client):
    made = client.get(reverse("home"))["X-Request-ID"]
    assert len(made) == 32 and made != client.get(reverse("home"))["X-Request-ID"]
    kept = client.get(reverse("home"), HTTP_X_REQUEST_ID=NGINX_ID)["X-Request-ID"]
    assert kept == NGINX_ID
    for odd in ("a b\nc", "x" * 1000, "proxy-42.a"):
        answered = client.get(reverse("home"), HTTP_X_REQUEST_ID=odd)["X-Request-ID"]
        assert answered != odd and len(answered) == 32


def test_a_log_line_is_one_json_object_with_the_request_id(client, monkeypatch):
    lines = []

    class Keep(logging.Handler):
        def emit(self, record):
            lines.append(self.format(record))

    handler = Keep()  # formatted and filtered as the configured stderr handler (LOGGING)
    stderr = next(h for h in logging.getLogger("arbiter").handlers if h.name == "stderr")
    handler.setFormatter(stderr.formatter)
    for each in stderr.filters:
        handler.addFilter(each)
    logger = logging.getLogger("arbiter.platform.views.auth")
    logger.addHandler(handler)
    monkeypatch.setattr(logger, "level", logging.INFO)
    try:
        for _ in range(11):  # the last ones are refused and logged
            response = client.post(
                reverse("password_reset"), {"email": "a@example.org"}, HTTP_X_REQUEST_ID=NGINX_ID
            )
    finally:
        logger.removeHandler(handler)
    assert response["X-Request-ID"] == NGINX_ID
    line = json.loads(lines[-1])
    assert line["request_id"] == NGINX_ID and line["level"] == "WARNING"
    assert line["logger"] == "arbiter.platform.views.auth" and "not sent" in line["message"]
    assert set(line) >= {"time", "level", "logger", "request_id", "message"}


ERROR_500 = (
    "import django, logging, sys; django.setup(); "
    "from django.test import RequestFactory; "
    "request = RequestFactory().get('/t/1/', HTTP_HOST='arbiter.example.org'); "
    "from django.contrib.auth.models import AnonymousUser; request.user = AnonymousUser(); "
    "from django.core import mail; from django.conf import settings; "
    "settings.EMAIL_BACKEND = 'django.core.mail.backends.locmem.EmailBackend'; "
    "\ntry:\n    1 / 0\nexcept ZeroDivisionError:\n"
    "    logging.getLogger('django.request').error('Internal Server Error: /t/1/', "
    "exc_info=True, extra={'status_code': 500, 'request': request})\n"
    "sent = getattr(mail, 'outbox', []); print(len(sent), sent[0].to if sent else '')"
)


@pytest.mark.slow
def test_a_server_error_goes_to_stderr_as_json_and_to_the_admins_by_mail():
    done = run(
        ["-c", ERROR_500], **PRODUCTION, EMAIL_HOST="mail.example.org", ADMINS="Ops <ops@x.org>"
    )
    line = json.loads(done.stderr.strip().splitlines()[-1])
    assert line["level"] == "ERROR" and line["status"] == 500 and line["path"] == "/t/1/"
    assert line["method"] == "GET" and line["user"] == "" and "request" not in line
    assert "ZeroDivisionError" in line["exception"]
    assert done.stdout.split() == ["1", "['ops@x.org']"]
    quiet = run(["-c", ERROR_500], **PRODUCTION, ADMINS="ops@x.org")
    assert quiet.stdout.startswith("0")  # no mail server: the log only


def test_every_page_has_a_policy_without_inline_script(client):
    policy = client.get(reverse("home"))["Content-Security-Policy"]
    directives = dict(d.strip().split(" ", 1) for d in policy.split(";"))
    assert directives["script-src"] == "'self'"
    assert directives["default-src"] == "'self'" and directives["object-src"] == "'none'"
    assert "unsafe" not in directives["style-src"] and directives["frame-ancestors"] == "'none'"
    page = client.get(reverse("home")).content.decode()
    assert '"allowEval": false' in page and "Settle at once" not in page  # a comment, not text


def test_no_template_holds_inline_script_and_htmx_is_told_not_to_eval():
    for template in (ROOT / "templates").rglob("*.html"):
        text = template.read_text()
        assert " hx-on" not in text and "onclick=" not in text, template
        assert "<script>" not in text and "js:" not in text, template
    base = (ROOT / "templates" / "public" / "base.html").read_text()  # every page's layout
    assert '"allowEval": false' in base and '"includeIndicatorStyles": false' in base
