"""A push service (uvicorn) on a free port beside a redis-server, and SSE streams read from it
line by line, for the live tests (docs/live.md)."""

from __future__ import annotations

import http.client
import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from tests.servers import ROOT, answers, free_port, running  # noqa: F401


def service_answers(port: int) -> bool:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
    try:
        connection.request("GET", "/live/")
        return connection.getresponse().status == 200
    finally:
        connection.close()


@contextmanager
def push_service(redis_url: str, **env: str) -> Iterator[str]:
    """The push service under uvicorn on a free port; yields its base URL."""
    port = free_port()
    command = [str(Path(sys.executable).parent / "uvicorn"), "arbiter.live.service:app"]
    command += ["--host", "127.0.0.1", "--port", str(port), "--loop", "uvloop"]
    command += ["--http", "httptools", "--log-level", "warning", "--no-access-log"]
    full_env = {**os.environ, "LIVE_REDIS_URL": redis_url, **env}
    with running(
        command, lambda: service_answers(port), "the push service", cwd=ROOT, env=full_env
    ):
        yield f"http://127.0.0.1:{port}"


class Stream:
    """One open event stream: its status, headers and the events it receives."""

    def __init__(self, base: str, path: str, headers: dict[str, str] | None = None) -> None:
        host, port = base.removeprefix("http://").split(":")
        self.connection = http.client.HTTPConnection(host, int(port), timeout=5)
        self.connection.request("GET", path, headers=headers or {})
        self.response = self.connection.getresponse()
        self.status = self.response.status

    def text(self) -> str:
        return self.response.read().decode()

    def event(self, timeout: float = 5) -> dict[str, str]:
        """The next event (its fields; data lines joined), comments and retry skipped."""
        self.connection.sock.settimeout(timeout)
        fields: dict[str, str] = {}
        while True:
            line = self.response.readline()
            if not line:
                raise EOFError("the stream ended")
            line = line.decode().rstrip("\n")
            if not line:
                if "event" in fields:
                    return fields
                fields = {}
                continue
            if line.startswith(":") or line.startswith("retry:"):
                continue
            name, _colon, value = line.partition(": ")
            fields[name] = f"{fields[name]}\n{value}" if name in fields else value

    def nothing(self, seconds: float = 0.5) -> bool:
        """Whether no event comes within `seconds`."""
        try:
            self.event(seconds)
        except TimeoutError:
            return True
        return False

    def close(self) -> None:
        self.connection.close()
