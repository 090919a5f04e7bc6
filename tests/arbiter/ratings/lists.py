"""Small rating list files for the tests, written as FIDE writes them (its header, its columns,
latin-1), with players whose names and ratings say which list they came from."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

from pairing.engines.rating_lists import FIDE_TXT_HEADER, ListedRecord, txt_line

CARLSEN = ListedRecord(
    1503014, "Carlsen, Magnus", "NOR", "M", "GM", "", "", "", 2830, 0, 10, 2800, 3, 10, 2880, 0,
    10, 1990, "",
)  # fmt: skip
POLGAR = ListedRecord(
    700070, "Polgár, Judit", "HUN", "F", "GM", "", "", "", 2736, 0, 10, None, None, None, None,
    None, None, 1976, "wi",
)  # fmt: skip


def players(count: int, *, rating: int = 2000, first_id: int = 10_000_000) -> list[ListedRecord]:
    """``count`` players named "Player 00001, Test" ... rated ``rating`` (a month's mark)."""
    mark = (rating, 0, 20, None, None, None, None, None, None, 1990, "")
    return [
        ListedRecord(first_id + n, f"Player {n:05d}, Test", "NOR", "M", "", "", "", "", *mark)
        for n in range(count)
    ]


def fide_txt(records, *, broken_at: int | None = None) -> bytes:
    """The combined TXT list of ``records``; ``broken_at``: that line (1-based, the header is
    line 1) has a rating that is not a number."""
    lines = [FIDE_TXT_HEADER, *(txt_line(record) for record in records)]
    if broken_at is not None:
        lines[broken_at - 1] = lines[broken_at - 1][:113] + "x" + lines[broken_at - 1][114:]
    return ("\n".join(lines) + "\n").encode("latin-1")


def write(path: Path, data: bytes) -> Path:
    path.write_bytes(data)
    return path


def zipped(name: str, data: bytes) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr(name, data)
    return buffer.getvalue()
