"""Routes declared beside their views (arbiter/platform/routes.py): the patterns in the order
declared under the prefix, a view with two routes, and a route that would serve a view without
its method or access check refused."""

import pytest
from django.core.exceptions import ImproperlyConfigured
from django.http import HttpResponse
from django.views.decorators.http import require_GET, require_POST

from arbiter.platform.routes import Routes, patterns_of

routes = Routes("things/<int:thing_id>/")
other = Routes("other/")
misplaced = Routes("misplaced/")


@routes.path("", name="thing")
@require_GET
def thing(request, thing_id):
    return HttpResponse()


@routes.path("a.csv", name="thing_a", kwargs={"what": "a"})
@routes.path("b.csv", name="thing_b", kwargs={"what": "b"})
@require_GET
def download(request, thing_id, what):
    return HttpResponse(what)


@other.path("", name="other")
@require_POST
def other_page(request):
    return HttpResponse()


@require_POST
@misplaced.path("", name="misplaced")
def below_its_method(request):
    return HttpResponse()


def test_the_patterns_are_the_views_under_the_prefix_in_the_order_declared():
    rows = [(str(p.pattern), p.name, p.callback, p.default_args) for p in routes.urlpatterns]
    assert rows == [
        ("things/<int:thing_id>/", "thing", thing, {}),
        ("things/<int:thing_id>/b.csv", "thing_b", download, {"what": "b"}),
        ("things/<int:thing_id>/a.csv", "thing_a", download, {"what": "a"}),
    ]


def test_several_modules_patterns_follow_one_another():
    names = [p.name for p in patterns_of(other, routes)]
    assert names == ["other", "thing", "thing_b", "thing_a"]


def test_a_route_below_the_views_method_or_access_check_is_refused():
    with pytest.raises(ImproperlyConfigured, match="below_its_method: misplaced's route"):
        misplaced.urlpatterns  # noqa: B018
