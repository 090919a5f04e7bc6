#!/usr/bin/env bash
# Set up and run the whole test suite, lint included. Extra arguments go to pytest.
# No DATABASE_URL: tests run on SQLite; CI sets it to the machine's PostgreSQL.
# The tests run on one pytest-xdist worker per core (`-n auto`; `-n 0` after it runs them in
# this process, PYTEST_XDIST_AUTO_NUM_WORKERS=N sets the number).
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib.sh
ensure_venv dev
ensure_chromium
ensure_program redis-server redis-server  # tests/deploy/: app servers sharing a Redis
ensure_program nginx nginx                # tests/deploy/: the caching proxy's configuration
ensure_program msgfmt gettext             # tests/i18n/: the catalogues compile, nothing new to extract
echo "== ruff"
.venv/bin/ruff check .
.venv/bin/ruff format --check .
echo "== mypy --strict on the engines"
.venv/bin/mypy  # files and strictness: [tool.mypy] in pyproject.toml
echo "== pytest on ${DATABASE_URL:-SQLite}"
.venv/bin/python -m pytest -n auto "$@"
