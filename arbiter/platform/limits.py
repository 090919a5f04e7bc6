"""Limits on what a request brings in (docs/hardening.md, "Limits"): a body too large is refused
from its Content-Length before it is read; an upload or a paste is checked for size and lines
before it is parsed; Django's own refusals (too large, too many fields) get a page that says so.
"""

from collections.abc import Callable, Iterable

from django.conf import settings
from django.core.exceptions import RequestDataTooBig, TooManyFieldsSent, TooManyFilesSent
from django.core.files.uploadedfile import UploadedFile
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext


class InputTooLarge(ValueError):
    """A file or a paste over a limit; the message says which, for the arbiter."""


def megabytes(size: int) -> str:
    return f"{size / (1024 * 1024):.3g} MB"


def too_large_message() -> str:
    return gettext(
        "What was sent is larger than %(size)s, the most this server accepts in one file or "
        "paste (MAX_UPLOAD_BYTES). Nothing was saved."
    ) % {"size": megabytes(settings.MAX_UPLOAD_BYTES)}


class RequestSizeMiddleware:
    """Answer 413 to a request that announces a body over ``MAX_REQUEST_BYTES``, unread: neither
    memory nor a worker's time goes to a file that will be refused anyway. A view that takes
    larger files (:func:`accepts_large_files`: a rating list) has its own limit; the check is
    made once the address is resolved to its view, before any middleware or the view reads
    the body."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_view(self, request: HttpRequest, view, args, kwargs) -> HttpResponse | None:
        try:
            length = int(request.META.get("CONTENT_LENGTH") or 0)
        except ValueError:
            length = 0
        larger = getattr(view, "max_request_bytes", None)
        limit = settings.MAX_REQUEST_BYTES if larger is None else max(larger(), 0) + 64 * 1024
        if length > limit:
            if larger is not None:
                return render(request, "413.html", {"message": larger_refusal(view)}, status=413)
            return too_large(request)
        return None


def accepts_large_files(limit: Callable[[], int], setting: str):
    """A view whose form takes a file of up to ``limit()`` bytes (``setting`` names it in the
    refusal) instead of MAX_UPLOAD_BYTES; the file goes to disk as it comes (Django's temporary
    upload files), never whole into memory."""

    def mark(view):
        view.max_request_bytes = limit
        view.max_request_setting = setting
        return view

    return mark


def larger_refusal(view) -> str:
    return gettext(
        "What was sent is larger than %(size)s, the most this page accepts (%(setting)s). "
        "Nothing was saved."
    ) % {"size": megabytes(view.max_request_bytes()), "setting": view.max_request_setting}


def too_large(request: HttpRequest) -> HttpResponse:
    response = render(request, "413.html", {"message": too_large_message()}, status=413)
    # No `Connection: close`: PEP 3333 leaves hop-by-hop headers to the server. wsgiref
    # (runserver) refuses one from the application with a 500 ("A server error occurred"),
    # gunicorn drops it; each reads past the unread body before a next request on the connection.
    return response


def bad_request(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    """Django's 400s with a page that says why: a body over ``DATA_UPLOAD_MAX_MEMORY_SIZE``
    (when no Content-Length announced it) is a 413, too many fields or files a 400."""
    if isinstance(exception, RequestDataTooBig):
        return too_large(request)
    if isinstance(exception, TooManyFieldsSent | TooManyFilesSent):
        message = gettext(
            "The form sent more than %(fields)s fields or more than one file. Nothing was saved."
        ) % {"fields": settings.DATA_UPLOAD_MAX_NUMBER_FIELDS}
    else:
        message = gettext("The request could not be understood. Nothing was saved.")
    return render(request, "400.html", {"message": message}, status=400)


def read_upload(upload: UploadedFile, *, max_lines: int, what: str) -> bytes:
    """The bytes of an uploaded file, or :class:`InputTooLarge` as soon as it passes
    ``MAX_UPLOAD_BYTES`` or ``max_lines`` lines: read chunk by chunk, counting as it goes."""
    if upload.size is not None and upload.size > settings.MAX_UPLOAD_BYTES:
        raise InputTooLarge(_bytes_refusal(what))
    return b"".join(_bounded(upload.chunks(), max_lines=max_lines, what=what))


def check_text(text: str, *, max_lines: int, what: str) -> str:
    """A pasted text within ``MAX_UPLOAD_BYTES`` and ``max_lines`` lines, or
    :class:`InputTooLarge`."""
    if len(text) > settings.MAX_UPLOAD_BYTES or len(text.encode()) > settings.MAX_UPLOAD_BYTES:
        raise InputTooLarge(_bytes_refusal(what))
    if _line_count(text, "\n") > max_lines:
        raise InputTooLarge(_lines_refusal(what, max_lines))
    return text


def _bounded(chunks: Iterable[bytes], *, max_lines: int, what: str) -> Iterable[bytes]:
    size = lines = 0
    for chunk in chunks:
        size += len(chunk)
        lines += _line_count(chunk, b"\n")
        if size > settings.MAX_UPLOAD_BYTES:
            raise InputTooLarge(_bytes_refusal(what))
        if lines > max_lines:
            raise InputTooLarge(_lines_refusal(what, max_lines))
        yield chunk


def _line_count(text, newline) -> int:
    """Lines ending in LF, CRLF or a lone CR (as old Mac files end them)."""
    return max(text.count(newline), text.count("\r" if isinstance(text, str) else b"\r"))


def _bytes_refusal(what: str) -> str:
    refusals = {
        "file": gettext("The file is larger than %(size)s (MAX_UPLOAD_BYTES). Nothing was saved."),
        "list": gettext("The list is larger than %(size)s (MAX_UPLOAD_BYTES). Nothing was saved."),
        "TRF": gettext("The TRF is larger than %(size)s (MAX_UPLOAD_BYTES). Nothing was saved."),
    }
    return refusals[what] % {"size": megabytes(settings.MAX_UPLOAD_BYTES)}


def _lines_refusal(what: str, max_lines: int) -> str:
    refusals = {
        "file": gettext("The file has more than %(lines)s lines. Nothing was saved."),
        "list": gettext("The list has more than %(lines)s lines. Nothing was saved."),
        "TRF": gettext("The TRF has more than %(lines)s lines. Nothing was saved."),
    }
    return refusals[what] % {"lines": max_lines}
