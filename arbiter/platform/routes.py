"""URL routes declared beside their views: each view states its address above the decorators
that state its method and access, and the URL modules and the systems' registry entries take
the views module's patterns (docs/layout.md, "URLs").

    routes = Routes("arbiter/t/<int:tournament_id>/bracket/")

    @routes.path("seeds/", name="bracket_seeds")
    @require_POST
    @tournament_arbiter_required
    def seeds(request, tournament): ...
"""

import sys
from collections.abc import Callable
from typing import Any, TypeVar

from django.core.exceptions import ImproperlyConfigured
from django.urls import URLPattern, path

View = TypeVar("View", bound=Callable[..., Any])


class Routes:
    """The URL patterns of a views module, under one prefix, in the order they are declared
    (where two patterns could match one address, the first declared wins)."""

    def __init__(self, prefix: str = "") -> None:
        self.prefix = prefix
        self._patterns: list[URLPattern] = []

    def path(
        self, route: str, *, name: str, kwargs: dict[str, Any] | None = None
    ) -> Callable[[View], View]:
        """Serve the view at ``prefix + route`` under ``name``, called with ``kwargs`` besides
        the address's own; the view is returned as it is, so one view may have two routes."""

        def declare(view: View) -> View:
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
