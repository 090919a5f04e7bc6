"""Where list files wait: RATING_LISTS_DIR. An arbiter may place files there by hand (copied
from a USB stick at a venue: nothing is ever fetched from the internet); the page offers them
for import. Uploads are kept in its ``uploads/`` folder while they are imported, then deleted.
"""

from __future__ import annotations

import datetime
import re
import secrets
from dataclasses import dataclass
from pathlib import Path

from django.conf import settings
from django.core.files.uploadedfile import UploadedFile
from django.utils import timezone

from pairing.engines.rating_lists import month_from_name

#: The names a list file may have (FIDE's, a federation's, zipped or not).
SUFFIXES = (".zip", ".txt", ".xml", ".csv")
UPLOADS = "uploads"
#: The most placed files listed (a folder of thousands would be a mistake).
MAX_PLACED = 200


def is_list_name(name: str) -> bool:
    return Path(name).suffix.lower() in SUFFIXES


def folder() -> Path:
    return Path(settings.RATING_LISTS_DIR)


@dataclass(frozen=True)
class Placed:
    """A file placed in RATING_LISTS_DIR."""

    name: str
    size: int
    modified: datetime.datetime
    month: str  # YYYY-MM from its name, or ""


def placed() -> list[Placed]:
    """The list files placed in RATING_LISTS_DIR (not in its folders), by name."""
    found = []
    try:
        entries = sorted(folder().iterdir())
    except OSError:  # no folder yet, or not readable
        return []
    for path in entries:
        if path.name.startswith(".") or not is_list_name(path.name) or not path.is_file():
            continue
        stat = path.stat()
        month = month_from_name(path.name)
        found.append(
            Placed(
                path.name,
                stat.st_size,
                datetime.datetime.fromtimestamp(stat.st_mtime, tz=datetime.UTC),
                f"{month[0]:04d}-{month[1]:02d}" if month else "",
            )
        )
        if len(found) >= MAX_PLACED:
            break
    return found


def placed_path(name: str) -> Path | None:
    """The placed file called ``name``, or None: only a list file directly in the folder (no
    path, no link leading out of it)."""
    if not name or "/" in name or "\\" in name or name.startswith(".") or "\x00" in name:
        return None
    if not is_list_name(name):
        return None
    base = folder().resolve()
    path = (base / name).resolve()
    if path.parent != base or not path.is_file():
        return None
    return path


def save_upload(upload: UploadedFile) -> Path:
    """Write an uploaded file into the uploads folder, chunk by chunk, under a name of its
    own (a random prefix: two uploads of one name never meet)."""
    target = folder() / UPLOADS
    target.mkdir(parents=True, exist_ok=True)
    stem = re.sub(r"[^A-Za-z0-9._-]+", "_", Path(upload.name or "list").name)[-100:]
    path = target / f"{timezone.now():%Y%m%d%H%M%S}-{secrets.token_hex(4)}-{stem}"
    with path.open("xb") as out:
        for chunk in upload.chunks():
            out.write(chunk)
    return path
