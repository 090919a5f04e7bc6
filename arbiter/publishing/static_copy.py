"""A static copy of an event's public pages any web host serves (docs/publishing.md, "Static
copy"): the pages the publisher collects, written as files under the same paths
(``/t/4/rounds/3/`` as ``t/4/rounds/3/index.html``), with the static files they use.

A static host ignores query strings, so a page asked with one (``?round=2``) is not written:
its link shows the page without it. A static host cannot answer a poll with 204 either, so the
pages do not poll (their ``hx-get`` is taken out); they say when they were written. The copy is
written beside the folder and swapped in by renaming, so a host never serves half a copy.
"""

import re
import shutil
from pathlib import Path

from django.contrib.staticfiles import finders
from django.utils import timezone
from django.utils.translation import override

from arbiter.events.models import Event
from arbiter.publishing import collect
from arbiter.publishing.mirror import with_notice

_POLLING = re.compile(rb'\s(?:hx-get|hx-trigger|hx-swap)="[^"]*"')
_LIVE_TAG = re.compile(rb"<div id=\"live\"[^>]*>")


def file_for(path: str) -> str | None:
    """Where a page goes in the copy (None for a page with a query string)."""
    if "?" in path or ".." in path.split("/"):
        return None
    relative = path.lstrip("/")
    return relative + "index.html" if path.endswith("/") else relative


def static_page(body: bytes, content_type: str, language: str) -> bytes:
    if not content_type.startswith("text/html"):
        return body
    body = _LIVE_TAG.sub(lambda tag: _POLLING.sub(b"", tag.group(0)), body)
    with override(language):
        return with_notice(body, timezone.now())


def export(event: Event, directory: Path) -> int:
    """Write the copy; returns the number of pages written."""
    collected = collect.collect(event)
    directory = directory.resolve()
    building = directory.with_name(f".{directory.name}.building")
    shutil.rmtree(building, ignore_errors=True)
    written = 0
    for path, page in sorted(collected.pages.items()):
        name = file_for(path)
        if name is None:
            continue
        language = path.split("/")[1] if len(path.split("/")[1]) == 2 else "en"
        target = building / name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(static_page(page.restored(), page.content_type, language))
        written += 1
    for finder in finders.get_finders():
        for relative, storage in finder.list(["CVS", ".*", "*~"]):
            target = building / "static" / relative
            target.parent.mkdir(parents=True, exist_ok=True)
            with storage.open(relative) as source:
                target.write_bytes(source.read())
    old = directory.with_name(f".{directory.name}.old")
    shutil.rmtree(old, ignore_errors=True)
    if directory.exists():
        directory.rename(old)
    building.rename(directory)
    shutil.rmtree(old, ignore_errors=True)
    return written
