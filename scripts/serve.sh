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
# Pairing and imports run as background tasks: two workers beside the server, stopped with it,
# one of them for quick jobs only (docs/background-tasks.md, "Fair queues").
.venv/bin/python manage.py db_worker --no-reload -v0 &
worker=$!
.venv/bin/python manage.py db_worker --no-reload -v0 --queue-name default &
quick=$!
# the publisher: pushes the events' public pages to their public site (docs/publishing.md),
# niced so that rendering them never takes the CPU from the arbiters' requests
nice -n 10 .venv/bin/python manage.py publish_events &
publisher=$!
trap 'kill "$worker" "$quick" "$publisher" 2>/dev/null' EXIT
echo
echo "The arbiter app is at http://127.0.0.1:8000/ (with task workers, processes $worker $quick)"
echo "Log in as the demo arbiter: username 'arbiter', password 'demo-arbiter'"
echo
.venv/bin/python manage.py runserver 127.0.0.1:8000
