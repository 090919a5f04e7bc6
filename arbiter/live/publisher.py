"""What a committed change publishes for the live pages (docs/live.md), from the sync app
servers: a few Redis commands after the commit, never holding a connection open.

Every change of a tournament ends in the audit log's ``record`` and, once committed, in
``arbiter.core.signals.tournament_committed``, which this module receives:

- ``changed`` (the tournament's version) on the tournament's topic ``t<id>``, and for a judo
  category on its competition's ``c<id>`` too: the pages following it poll at once (their
  usual poll, answered from the cache, 204 when that page did not change); not for a change
  that left the version as it was (a judo table's score entry): a crowd of cards and home
  pages polling at every entry would cost the app servers twenty times their usual polls;
- ``fragment`` for a category on a mat: the mat's public page (``c<id>-mat<n>``) and its venue
  screen (``c<id>-mat<n>-screen``) rendered once per language somebody follows them in (Redis
  ``PUBSUB NUMSUB``: nothing rendered when nobody does), through the page's own view so that the
  body is byte for byte what its poll gets (and kept for the polls that follow); the day is read
  once for all of them (``judo.services.mats.read_once``).

Redis down or slow (half a second at most) never fails the change: it is committed already; the
error is logged and the pages poll as before.
"""

from __future__ import annotations

import logging
import threading

import redis
from django.conf import settings
from django.http import Http404, HttpRequest
from django.urls import resolve, reverse
from django.utils import translation
from django_htmx.middleware import HtmxDetails

from arbiter.core.models import Tournament
from arbiter.core.signals import tournament_committed
from arbiter.live import channels
from judo.models import Category
from judo.services import public_day
from judo.services.mats import read_once

log = logging.getLogger("arbiter.live")

#: The pages whose body is pushed whole: (URL name, whether it is the mat's venue screen).
FRAGMENTS = (("public_mat", False), ("screen_mat", True))

_clients: dict[str, redis.Redis] = {}
_lock = threading.Lock()


def enabled() -> bool:
    return bool(settings.LIVE_URL and settings.LIVE_REDIS_URL)


def client() -> redis.Redis:
    """One client (its own pool) per Redis URL and process; short timeouts: a change waits at
    most about a second for a Redis that does not answer."""
    url = settings.LIVE_REDIS_URL
    with _lock:
        if url not in _clients:
            _clients[url] = redis.Redis.from_url(
                url, socket_timeout=0.5, socket_connect_timeout=0.5
            )
        return _clients[url]


def connect() -> None:
    tournament_committed.connect(on_commit, dispatch_uid="arbiter.live.publisher")


def on_commit(sender, tournament_id: int, versioned: bool = True, **kwargs) -> None:
    if not enabled():
        return
    try:
        publish(tournament_id, versioned)
    except (redis.RedisError, OSError) as error:
        log.error("live: nothing pushed for tournament %s, Redis: %s", tournament_id, error)
    except Exception:
        # the change is committed: a page that cannot be rendered now is polled as before
        log.exception("live: nothing pushed for tournament %s", tournament_id)


def publish(tournament_id: int, versioned: bool = True) -> None:
    """Publish what the change of the tournament moves (the module's docstring). A change
    that did not move its version (a score entry) nudges nobody: the pages that show it are the
    mat's, which get their body."""
    redis_client = client()
    version = Tournament.objects.filter(pk=tournament_id).values_list("version", flat=True).first()
    if version is None:
        return
    if versioned:
        channels.publish(
            redis_client, channels.topic_channel(f"t{tournament_id}"), "changed", str(version)
        )
    category = (
        Category.objects.filter(tournament_id=tournament_id).select_related("competition").first()
    )
    if category is None:
        return
    competition = category.competition
    if versioned:
        topic = channels.topic_channel(f"c{competition.pk}")
        channels.publish(redis_client, topic, "changed", str(version))
    if category.mat and competition.is_published:
        publish_mat(redis_client, competition.pk, category.mat)


def publish_mat(redis_client: redis.Redis, competition_id: int, mat: int) -> int:
    """The bodies of a mat's page and screen, in each language followed; how many rendered."""
    wanted = [
        (public_day.mat_topic(competition_id, mat, screen=screen), name, language)
        for name, screen in FRAGMENTS
        for language, _name in settings.LANGUAGES
    ]
    counts = dict(
        redis_client.pubsub_numsub(
            *(channels.language_channel(topic, language) for topic, _n, language in wanted)
        )
    )
    rendered = 0
    with read_once():
        for topic, name, language in wanted:
            channel = channels.language_channel(topic, language)
            if not counts.get(channel.encode(), 0):
                continue
            body = render(name, language, competition_id, mat)
            if body is not None:
                channels.publish(redis_client, channel, "fragment", body)
                rendered += 1
    return rendered


def render(name: str, language: str, competition_id: int, mat: int) -> str | None:
    """The live body of the page `name` in `language`, as its htmx poll gets it (None: the
    page is not there, e.g. the competition was unpublished meanwhile)."""
    with translation.override(language):
        path = reverse(name, kwargs={"competition_id": competition_id, "mat": mat})
        request = HttpRequest()
        request.method = "GET"
        request.path = request.path_info = path
        request.META = {"HTTP_HX_REQUEST": "true", "SERVER_NAME": "live", "SERVER_PORT": "80"}
        request.htmx = HtmxDetails(request)
        match = resolve(path)
        try:
            response = match.func(request, *match.args, **match.kwargs)
        except Http404:
            return None
    if response.status_code != 200:
        return None
    return response.content.decode()
