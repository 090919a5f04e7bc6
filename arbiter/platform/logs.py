"""Logging for production: one JSON object per line on stderr, each with the request's id.

The libraries do the work (docs/platform.md, "Request ids and JSON logs"; README, "Logging"):
django-guid gives each request its id (the proxy's ``X-Request-ID`` when it is a UUID, as
nginx's is, else a new one), sends it back in the response's ``X-Request-ID`` and puts it on
every record logged while the request is served; python-json-logger writes each record as one
line of JSON (arbiter/settings.py, ``LOGGING``). What is left here is the one thing neither knows:
Django logs a request's error with the request object, and the line names its method, path and
user instead.
"""

import logging

from django.http import HttpRequest


class RequestFields(logging.Filter):
    """A record that carries a request (``django.request``'s errors) gets ``method``, ``path``
    and ``user`` (the username, empty for a visitor), which the JSON line shows as fields."""

    def filter(self, record: logging.LogRecord) -> bool:
        request = getattr(record, "request", None)
        if isinstance(request, HttpRequest):
            user = getattr(request, "user", None)
            record.method = request.method
            record.path = request.path
            record.user = user.get_username() if user is not None and user.is_authenticated else ""
        return True
