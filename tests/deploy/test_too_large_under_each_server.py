"""An over-size request gets the 413 page under each server the app runs in: Django's runserver
(`scripts/serve.sh`, wsgiref underneath, which refuses a hop-by-hop header such as `Connection`
from the application with "A server error occurred") and gunicorn; on a kept-alive connection
the unread body is not taken for a next request."""

import http.client
import os
import socket
import sys
from pathlib import Path

import pytest

from tests.servers import PRODUCTION, ROOT, free_port, running

LIMIT = 1000  # MAX_UPLOAD_BYTES: the request limit is this and 64 KB of form around it
URL = "/arbiter/t/1/players/import/"
BODY = b"text=" + b"x" * (LIMIT + 65 * 1024)


def listening(port: int) -> bool:
    with socket.create_connection(("127.0.0.1", port), timeout=1):
        return True


def post_too_much(port: int) -> tuple[int, str, int]:
    """The over-size post's status and page, and the status of a next request on the same
    connection (sent on a new one if the server closed it)."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        headers = {"Content-Type": "application/x-www-form-urlencoded"}
        connection.request("POST", URL, body=BODY, headers=headers)
        response = connection.getresponse()
        status, body = response.status, response.read().decode()
        try:
            connection.request("GET", URL)
            return status, body, connection.getresponse().status
        except http.client.RemoteDisconnected:  # closed at once: as a browser would, ask anew
            connection.close()
            connection.request("GET", URL)
            return status, body, connection.getresponse().status
    finally:
        connection.close()


def server_env(tmp_path: Path, **more: str) -> dict[str, str]:
    database = f"sqlite:///{tmp_path / 'unused.sqlite3'}"  # the refusal reads no table
    return {**os.environ, **PRODUCTION, "MAX_UPLOAD_BYTES": str(LIMIT), **more} | {
        "DATABASE_URL": database
    }


def test_runserver_answers_the_413_page_not_a_server_error(tmp_path):
    port = free_port()
    command = [sys.executable, "manage.py", "runserver", "--noreload", f"127.0.0.1:{port}"]
    env = server_env(tmp_path, DEBUG="1")  # as scripts/serve.sh runs it
    with running(command, lambda: listening(port), "runserver", cwd=ROOT, env=env):
        status, body, next_status = post_too_much(port)
    assert status == 413, body
    assert "A server error occurred" not in body
    assert "the most this server accepts in one file or paste" in body
    assert next_status == 302  # to the login page: the dropped body was not read as a request


@pytest.mark.parametrize("threads", [1, 4])  # the sync worker, and gthread (keep-alive)
def test_gunicorn_answers_the_413_page(tmp_path, threads):
    port = free_port()
    command = [str(Path(sys.executable).parent / "gunicorn"), "arbiter.wsgi"]
    command += ["--bind", f"127.0.0.1:{port}", "--workers", "1", "--threads", str(threads)]
    with running(command, lambda: listening(port), "gunicorn", cwd=ROOT, env=server_env(tmp_path)):
        status, body, next_status = post_too_much(port)
    assert status == 413, body
    assert "the most this server accepts in one file or paste" in body
    assert next_status == 302
