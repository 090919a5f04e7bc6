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
# Pushed updates (docs/live.md): with a Redis at hand (REDIS_URL or LIVE_REDIS_URL, or one
# answering on 127.0.0.1:6379) the push service runs beside the app on port 8001 and the pages
# follow each change within a second; without Redis there is no push: the pages poll every
# PUBLIC_POLL_SECONDS, as they always do besides.
live=""
live_redis="${LIVE_REDIS_URL:-${REDIS_URL:-redis://127.0.0.1:6379/0}}"
if .venv/bin/python -c "import redis, sys; redis.Redis.from_url(sys.argv[1], socket_connect_timeout=1).ping()" "$live_redis" 2>/dev/null; then
    export LIVE_REDIS_URL="$live_redis" LIVE_URL="${LIVE_URL:-http://127.0.0.1:8001/live/}"
    .venv/bin/uvicorn arbiter.live.service:app --host 127.0.0.1 --port 8001 \
        --loop uvloop --http httptools --no-access-log --log-level warning &
    live=$!
fi
trap 'kill "$worker" "$quick" "$publisher" $live 2>/dev/null' EXIT
echo
echo "The arbiter app is at http://127.0.0.1:8000/ (with task workers, processes $worker $quick)"
if [ -n "$live" ]; then
    echo "Pushed updates: the push service at $LIVE_URL (process $live), Redis $LIVE_REDIS_URL"
else
    echo "No Redis at $live_redis: no pushed updates, the public pages poll (docs/live.md)"
fi
echo "Log in as the demo arbiter: username 'arbiter', password 'demo-arbiter'"
echo
.venv/bin/python manage.py runserver 127.0.0.1:8000
