"""Real tournament files written by other programs: they are not the project's, so they stay in
the shared folder beside it (``<root>/../shared/real-files``, each folder's SOURCES.md names
their sources) and the tests read them from there. ``ARBITER_SHARED_DIR`` points elsewhere.

A test that reads them carries the ``real_files`` marker (:data:`real_files`). Where the folder
is missing such a test is skipped, and the run ends with a line saying how many were left out
and where the files were looked for; under CI (``CI=true``), which has the folder, it fails
instead (tests/conftest.py).
"""

import os
from pathlib import Path

import pytest

#: The environment variable that names the shared folder (default: ``../shared``).
SHARED_DIR_VARIABLE = "ARBITER_SHARED_DIR"
ROOT = Path(__file__).resolve().parents[1]

real_files = pytest.mark.real_files

#: The project's real TRF files (``project-trf``). Named here so that a machine without the
#: folder collects the same tests and says how many it left out; a test checks the folder
#: holds exactly these.
PROJECT_TRF_NAMES = (
    "bunratty-masters-2011.trf",
    "irish-juniors-2011.trf",
    "karl-mala-2005.trf",
    "lichess-2020-05.trf",
    "lichess-2020-06.trf",
    "lichess-2021-03.trf",
    "sharly-import-test.trf",
    "swissmaster-cork-2018.trf",
    "tec-2023-swiss.trf",
    "tiebreakserver-real-swiss-2026.trf",
    "vega-gros-2010.trf",
    "vega-sample-2023.trf",
    "vega-studycase5-2023.trf",
)


def shared_dir() -> Path:
    """The shared folder: ``$ARBITER_SHARED_DIR``, else ``../shared`` beside the project."""
    given = os.environ.get(SHARED_DIR_VARIABLE)
    return Path(given).expanduser().resolve() if given else ROOT.parent / "shared"


def real_files_dir() -> Path:
    return shared_dir() / "real-files"


def available() -> bool:
    return real_files_dir().is_dir()


def project_trf() -> Path:
    """The folder of the project's real TRF files (SOURCES.md there names their sources)."""
    return real_files_dir() / "project-trf"


def project_trf_files() -> list[Path]:
    """The project's real TRF files, in name order (the paths, whether or not they exist)."""
    return [project_trf() / name for name in PROJECT_TRF_NAMES]
