"""Django's Redis cache, shared by every app server, that keeps working while Redis does not.

Several app servers (docker-compose.yml runs two) must agree on the public page cache and on the
login-failure counts, so with ``REDIS_URL`` both caches live in Redis (arbiter/settings.py). When
Redis cannot be reached, each call is answered from this process's memory instead, with an error
in the log, and Redis is tried again after ``RETRY_SECONDS``. For the page cache that means a
miss and a fresh render (pages are keyed by the tournament's version, so nothing stale is
served); for the login limits it means they count per process for the while, as they did before
there was Redis: neither fail closed (every arbiter locked out while Redis is down) nor fail open
(no limit at all). Why: docs/hardening.md, "Redis down".
"""

import logging
import time
from collections.abc import Callable

from django.core.cache.backends.base import DEFAULT_TIMEOUT
from django.core.cache.backends.locmem import LocMemCache
from django.core.cache.backends.redis import RedisCache
from redis.exceptions import RedisError

log = logging.getLogger(__name__)

#: How long a process keeps to its memory after Redis failed it, before asking Redis again.
RETRY_SECONDS = 5
#: A Redis that neither answers nor refuses costs a request this long at most.
TIMEOUT_SECONDS = 1


class RedisOrMemoryCache(RedisCache):
    """``RedisCache`` that falls back to a ``LocMemCache`` of its own while Redis is down."""

    def __init__(self, server, params: dict) -> None:
        options = {
            "socket_connect_timeout": TIMEOUT_SECONDS,
            "socket_timeout": TIMEOUT_SECONDS,
            **params.get("OPTIONS", {}),
        }
        super().__init__(server, {**params, "OPTIONS": options})
        self._memory = LocMemCache(f"redis-fallback-{self.key_prefix}", params)
        self._down_until = 0.0
        self._location = self._servers[0].rsplit("@", 1)[-1]  # no password in the log

    @property
    def down(self) -> bool:
        """Redis failed this process lately: it answers from its own memory for the while."""
        return time.monotonic() < self._down_until

    def _call(self, name: str, *args):
        return self._either(getattr(super(), name), getattr(self._memory, name), *args)

    def _either(self, in_redis: Callable, in_memory: Callable, *args):
        if time.monotonic() >= self._down_until:
            try:
                answer = in_redis(*args)
            except RedisError as error:
                self._down_until = time.monotonic() + RETRY_SECONDS
                log.error(
                    "Redis at %s failed (%s): this process uses its own memory for the %r "
                    "cache and asks Redis again in %d s",
                    self._location,
                    error,
                    self.key_prefix,
                    RETRY_SECONDS,
                )
            else:
                if self._down_until:
                    self._down_until = 0.0
                    log.warning("Redis at %s answers again", self._location)
                return answer
        return in_memory(*args)

    def add(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        return self._call("add", key, value, timeout, version)

    def get(self, key, default=None, version=None):
        return self._call("get", key, default, version)

    def set(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        return self._call("set", key, value, timeout, version)

    def touch(self, key, timeout=DEFAULT_TIMEOUT, version=None):
        return self._call("touch", key, timeout, version)

    def delete(self, key, version=None):
        return self._call("delete", key, version)

    def get_many(self, keys, version=None):
        return self._call("get_many", keys, version)

    def has_key(self, key, version=None):
        return self._call("has_key", key, version)

    def incr(self, key, delta=1, version=None):
        return self._call("incr", key, delta, version)

    def set_many(self, data, timeout=DEFAULT_TIMEOUT, version=None):
        return self._call("set_many", data, timeout, version)

    def delete_many(self, keys, version=None):
        return self._call("delete_many", keys, version)

    def clear(self) -> None:
        """Deletes this cache's keys only: Django's own ``clear`` empties the whole Redis
        database, the other cache's keys with it."""
        self._either(self._delete_own_keys, self._memory.clear)

    def _delete_own_keys(self) -> None:
        client = self._cache.get_client(write=True)
        keys = list(client.scan_iter(match=f"{self.key_prefix}:*", count=1000))
        if keys:
            client.delete(*keys)
