"""Real servers for the tests that need more than one process: a redis-server of the test's own,
gunicorn app servers and the database file or URL they can all open, and a visitor that talks
to them over HTTP. Each server listens on a free loopback port and is stopped by the test that
started it."""

import http.client
import http.cookiejar
import os
import shutil
import socket
import sqlite3
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import pytest
from django.db import connection

ROOT = Path(__file__).resolve().parents[1]
#: The environment of an app server as production has it, over plain http.
PRODUCTION = {
    "DEBUG": "0",
    "SECRET_KEY": "x" * 50,  # one key for every app server of a test: sessions, CSRF
    "ALLOWED_HOSTS": "127.0.0.1,localhost",
    "SECURE_SSL_REDIRECT": "0",
    "SESSION_COOKIE_SECURE": "0",
    "CSRF_COOKIE_SECURE": "0",
    "SECURE_HSTS_SECONDS": "0",
    "LOG_LEVEL": "WARNING",
    "PYTHONWARNINGS": "ignore",
}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def program(name: str) -> str:
    """A program the machine must have: scripts/test.sh installs the Debian package if not."""
    path = shutil.which(name) or shutil.which(name, path="/usr/sbin:/usr/bin")
    if path is None:
        pytest.fail(f"{name} is missing: `bash scripts/test.sh` installs Debian's package")
    return path


def wait_until(ready, what: str, seconds: float = 20) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            if ready():
                return
        except OSError:
            pass
        time.sleep(0.05)
    pytest.fail(f"waited {seconds} s for {what} in vain")


@contextmanager
def running(command: list[str], ready, what: str, **popen) -> Iterator[subprocess.Popen]:
    process = subprocess.Popen(command, **popen)
    try:
        wait_until(lambda: process.poll() is None and ready(), what)
        yield process
    finally:
        process.terminate()
        process.wait(timeout=10)


@contextmanager
def redis_server(directory: Path, port: int | None = None) -> Iterator[str]:
    """A redis-server of this test's own, without persistence; yields its URL."""
    port = port or free_port()
    command = [program("redis-server"), "--port", str(port), "--bind", "127.0.0.1"]
    command += ["--save", "", "--appendonly", "no", "--dir", str(directory)]

    def answers() -> bool:
        with socket.create_connection(("127.0.0.1", port), timeout=1) as s:
            s.sendall(b"PING\r\n")
            return s.recv(16).startswith(b"+PONG")

    with running(command, answers, "redis-server", stdout=subprocess.DEVNULL):
        yield f"redis://127.0.0.1:{port}/0"


def answers(port: int) -> bool:
    """Whether the app on this port answers its home page (a redirect to https counts)."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
    try:
        connection.request("GET", "/")
        return connection.getresponse().status in (200, 301)
    finally:
        connection.close()


@contextmanager
def app_server(env: dict[str, str], threads: int = 1) -> Iterator[str]:
    """The app under gunicorn (one worker) with this environment; yields its base URL."""
    port = free_port()
    command = [str(Path(sys.executable).parent / "gunicorn"), "arbiter.wsgi"]
    command += ["--bind", f"127.0.0.1:{port}", "--workers", "1", "--threads", str(threads)]
    command += ["--log-level", "warning"]
    base = f"http://127.0.0.1:{port}"
    full_env = {**os.environ, **PRODUCTION, **env}
    with running(command, lambda: answers(port), "gunicorn", cwd=ROOT, env=full_env):
        yield base


def shared_database_url(directory: Path) -> str:
    """A URL for the database the test sees, that other processes can open too.

    PostgreSQL: the test database itself (the test must commit: ``transaction=True``). SQLite:
    pytest-django's test database may live in memory, so it is copied, as it is now, to a
    file of the test's own.
    """
    if connection.vendor == "postgresql":
        base = urlsplit(os.environ["DATABASE_URL"])
        return urlunsplit(base._replace(path="/" + connection.settings_dict["NAME"]))
    path = directory / "shared.sqlite3"
    connection.ensure_connection()
    with sqlite3.connect(path) as copy:
        connection.connection.backup(copy)
    copy.close()
    return f"sqlite:///{path}"


#: Login limits for these tests: slow-downs would hide the count, so only the lock after four
#: failures of one username from one address is left on.
LIMITS = {
    "LOGIN_SLOWDOWN_AFTER": "1000",
    "LOGIN_FAILURES_PER_USERNAME_AND_IP": "4",
    "LOGIN_FAILURES_PER_IP": "1000",
    "LOGIN_FAILURES_PER_USERNAME": "1000",
}


class NoRedirects(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None  # the 302 itself is the answer


class Visitor:
    """A browser's part of the conversation: cookies, and forms with their CSRF token; a
    redirect is answered, not followed."""

    def __init__(self) -> None:
        self.cookies = http.cookiejar.CookieJar()
        cookies = urllib.request.HTTPCookieProcessor(self.cookies)
        self.opener = urllib.request.build_opener(cookies, NoRedirects)

    def get(self, url: str) -> tuple[int, str]:
        return self._open(urllib.request.Request(url))

    def post(self, url: str, fields: dict[str, str]) -> tuple[int, str]:
        """Posts a form; a page with a form must have been visited first (the CSRF cookie)."""
        token = next(c.value for c in self.cookies if c.name == "csrftoken")
        body = urllib.parse.urlencode({**fields, "csrfmiddlewaretoken": token}).encode()
        return self._open(urllib.request.Request(url, data=body))

    def _open(self, request: urllib.request.Request) -> tuple[int, str]:
        try:
            with self.opener.open(request, timeout=30) as response:
                return response.status, response.read().decode()
        except urllib.error.HTTPError as error:
            return error.code, error.read().decode()


def log_in(visitor: Visitor, server: str, username: str, password: str) -> int:
    visitor.get(f"{server}/accounts/login/")
    fields = {"username": username, "password": password}
    return visitor.post(f"{server}/accounts/login/", fields)[0]
