#!/usr/bin/env bash
# Set up and serve the app on http://127.0.0.1:8000 with the demo data.
# No DATABASE_URL: the embedded SQLite file db.sqlite3; set DATABASE_URL to use PostgreSQL.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib.sh
ensure_venv
export DEBUG="${DEBUG:-1}"
.venv/bin/python manage.py migrate --noinput -v0
.venv/bin/python manage.py load_demo
# Pairing and imports run as background tasks: one worker beside the server, stopped with it.
.venv/bin/python manage.py db_worker --no-reload -v0 &
worker=$!
trap 'kill "$worker" 2>/dev/null' EXIT
echo
echo "The arbiter app is at http://127.0.0.1:8000/ (with a task worker, process $worker)"
echo "Log in as the demo arbiter: username 'arbiter', password 'demo-arbiter'"
echo
.venv/bin/python manage.py runserver 127.0.0.1:8000
