"""Logging for production: one JSON object per line on stderr, each with the request's id.

Every request gets an id (:class:`RequestIdMiddleware`): the proxy's ``X-Request-ID`` when it
sends a sane one, else a new one. The id goes back in the response's ``X-Request-ID`` header and
into every log line written while the request is served, so an arbiter's report ("the page said
error, id 3f2a…") leads to the traceback. The line's keys (README, "Logging"): ``time`` (UTC, ISO
8601), ``level``, ``logger``, ``request_id`` ("-" outside a request), ``message``, and for a
request's error ``method``, ``path``, ``status``, ``user``; ``exception`` holds the traceback.
"""

import contextvars
import datetime
import json
import logging
import re
import uuid
from collections.abc import Callable

from django.http import HttpRequest, HttpResponse

REQUEST_ID: contextvars.ContextVar[str] = contextvars.ContextVar("request_id", default="-")
#: What a proxy's X-Request-ID may be to be kept (else a new id is made).
SANE_ID = re.compile(r"[A-Za-z0-9._-]{1,64}", re.ASCII)


class RequestIdMiddleware:
    """Give each request an id, for the logs and the ``X-Request-ID`` response header."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        offered = request.headers.get("X-Request-ID", "")
        request_id = offered if SANE_ID.fullmatch(offered) else uuid.uuid4().hex
        request.request_id = request_id
        token = REQUEST_ID.set(request_id)
        try:
            response = self.get_response(request)
        finally:
            REQUEST_ID.reset(token)
        response["X-Request-ID"] = request_id
        return response


class RequestIdFilter(logging.Filter):
    """Put the id of the request being served on every record (``request_id``)."""

    def filter(self, record: logging.LogRecord) -> bool:
        record.request_id = REQUEST_ID.get()
        return True


class JsonFormatter(logging.Formatter):
    """A record as one line of JSON (the module's docstring names the keys)."""

    def format(self, record: logging.LogRecord) -> str:
        line = {
            "time": datetime.datetime.fromtimestamp(record.created, datetime.UTC).isoformat(
                timespec="milliseconds"
            ),
            "level": record.levelname,
            "logger": record.name,
            "request_id": getattr(record, "request_id", REQUEST_ID.get()),
            "message": record.getMessage(),
        }
        request = getattr(record, "request", None)
        if isinstance(request, HttpRequest):
            user = getattr(request, "user", None)
            line.update(
                method=request.method,
                path=request.path,
                user=user.get_username() if user is not None and user.is_authenticated else "",
            )
        status = getattr(record, "status_code", None)
        if status is not None:
            line["status"] = status
        if record.exc_info:
            line["exception"] = self.formatException(record.exc_info)
        return json.dumps(line, ensure_ascii=False, default=str)
