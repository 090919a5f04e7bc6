"""URL routes declared beside their views: each view states its address and the methods it
answers above the decorator that states its access, and the URL modules and the systems'
registry entries take the views module's patterns (docs/layout.md, "URLs").

    routes = Routes("arbiter/t/<int:tournament_id>/bracket/")

    @routes.post("seeds/", name="bracket_seeds")
    @tournament_arbiter_required
    def seeds(request, tournament): ...

``get`` answers GET (and HEAD), ``post`` POST, ``form`` a page with its form (GET and POST), as
Django's ``require_GET``, ``require_POST`` and ``require_http_methods`` do: any other method is a
405.
"""

import sys
from collections.abc import Callable
from typing import Any, TypeVar

from django.core.exceptions import ImproperlyConfigured
from django.urls import URLPattern, path
from django.views.decorators.http import require_http_methods

View = TypeVar("View", bound=Callable[..., Any])


class Routes:
    """The URL patterns of a views module, under one prefix, in the order they are declared
    (where two patterns could match one address, the first declared wins)."""

    def __init__(self, prefix: str = "") -> None:
        self.prefix = prefix
        self._patterns: list[URLPattern] = []

    def get(self, route: str, *, name: str, kwargs: dict[str, Any] | None = None):
        """Serve a page (GET, HEAD) at ``prefix + route`` under ``name``."""
        return self._route(route, name, ("GET", "HEAD"), kwargs)

    def post(self, route: str, *, name: str, kwargs: dict[str, Any] | None = None):
        """Serve an action (POST) at ``prefix + route`` under ``name``."""
        return self._route(route, name, ("POST",), kwargs)

    def form(self, route: str, *, name: str, kwargs: dict[str, Any] | None = None):
        """Serve a page and its form (GET, HEAD and POST) at ``prefix + route`` under ``name``."""
        return self._route(route, name, ("GET", "HEAD", "POST"), kwargs)

    def _route(
        self, route: str, name: str, methods: tuple[str, ...], kwargs: dict[str, Any] | None
    ) -> Callable[[View], View]:
        """The view, answering only ``methods``, served at ``prefix + route`` and called with
        ``kwargs`` besides the address's own; a view declared twice (two addresses) keeps the
        methods of its first declaration, which must be the same."""

        def declare(view: View) -> View:
            allowed = getattr(view, "allowed_methods", None)
            if allowed is None:
                view = require_http_methods(list(methods))(view)  # type: ignore[assignment]
                view.allowed_methods = methods  # type: ignore[attr-defined]
            elif allowed != methods:
                raise ImproperlyConfigured(f"{view.__qualname__}: two routes, other methods")
            self._patterns.append(path(self.prefix + route, view, kwargs, name=name))
            return view

        return declare

    @property
    def urlpatterns(self) -> tuple[URLPattern, ...]:
        """The patterns; each must serve its module's view as the module has it, so a route
        declared below a method or access decorator, which would serve the view without that
        check, is refused."""
        for pattern in self._patterns:
            view = pattern.callback
            if getattr(sys.modules[view.__module__], view.__name__, None) is not view:
                raise ImproperlyConfigured(
                    f"{view.__module__}.{view.__qualname__}: {pattern.name}'s route must be the"
                    " view's outermost decorator"
                )
        return tuple(self._patterns)


def patterns_of(*routes: Routes) -> list[URLPattern]:
    """The patterns of several views modules, in this order: a URL module's list."""
    return [pattern for each in routes for pattern in each.urlpatterns]
