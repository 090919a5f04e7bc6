"""The venue's publisher (docs/publishing.md, "The publisher"): wakes every few seconds, and
publishes each event whose versions moved (or whose "Publish now" was pressed) to its public
site, the newest state only; a failure is retried with a growing pause (2, 4 ... 60 s) and shown
on the event's publishing page. Run it beside the server (scripts/serve.sh does), niced: it
renders pages, so it should never take the CPU from the arbiters' requests.

    python manage.py publish_events            # for ever
    python manage.py publish_events --once     # one pass (cron, tests)
"""

import logging
import time

from django.core.management.base import BaseCommand
from django.db import close_old_connections

from arbiter.publishing import services
from arbiter.publishing.signing import venue_key

log = logging.getLogger("arbiter.publishing")


class Command(BaseCommand):
    help = "Publish the events whose public pages changed to their public site, for ever."

    def add_arguments(self, parser):
        parser.add_argument("--once", action="store_true", help="one pass, then stop")
        parser.add_argument(
            "--interval", type=float, default=3.0, help="seconds between passes (default 3)"
        )

    def handle(self, *args, once=False, interval=3.0, **options):
        key = venue_key()
        while True:
            close_old_connections()
            for publication in services.due():
                try:
                    outcome = services.publish_event(publication, key)
                except Exception:  # one event's bug must not stop the others' publishing
                    log.exception("publishing event %s failed", publication.event_id)
                    continue
                if outcome != "unchanged":
                    log.info(
                        "event %s: %s",
                        publication.event_id,
                        outcome,
                        extra={"event": publication.event_id, "outcome": outcome},
                    )
            if once:
                return
            time.sleep(interval)
