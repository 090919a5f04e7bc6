"""Routes declared beside their views (arbiter/platform/routes.py): the patterns in the order
declared under the prefix, a view with two routes, and a route that would serve a view without
its method or access check refused."""

import pytest
from django.core.exceptions import ImproperlyConfigured
from django.http import HttpResponse

from arbiter.platform.routes import Routes, patterns_of

routes = Routes("things/<int:thing_id>/")
other = Routes("other/")
misplaced = Routes("misplaced/")


@routes.get("", name="thing")
def thing(request, thing_id):
    return HttpResponse()


@routes.get("a.csv", name="thing_a", kwargs={"what": "a"})
@routes.get("b.csv", name="thing_b", kwargs={"what": "b"})
def download(request, thing_id, what):
    return HttpResponse(what)


@other.post("", name="other")
def other_page(request):
    return HttpResponse()


def access_check(view):
    def checked(request, *args, **kwargs):
        return view(request, *args, **kwargs)

    return checked


@access_check
@misplaced.get("", name="misplaced")
def below_its_access_check(request):
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


def test_a_route_below_the_views_access_check_is_refused():
    with pytest.raises(ImproperlyConfigured, match="below_its_access_check: misplaced's route"):
        misplaced.urlpatterns  # noqa: B018


@pytest.mark.parametrize(
    ("view", "arguments", "allowed", "refused"),
    [
        (thing, {"thing_id": 1}, ["GET", "HEAD"], ["POST", "PUT"]),
        (other_page, {}, ["POST"], ["GET", "DELETE"]),
    ],
)
def test_a_route_answers_its_methods_only(rf, view, arguments, allowed, refused):
    for method in allowed:
        assert view(rf.generic(method, "/"), **arguments).status_code == 200
    for method in refused:
        assert view(rf.generic(method, "/"), **arguments).status_code == 405


def test_one_view_at_two_addresses_answers_the_same_methods():
    twice = Routes("twice/")
    page = twice.get("a/", name="a")(lambda request: HttpResponse())
    with pytest.raises(ImproperlyConfigured, match="other methods"):
        twice.post("b/", name="b")(page)
