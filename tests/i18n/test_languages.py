"""Which language a page is in, how it is chosen, and that the public caches keep languages apart
(arbiter/platform/i18n.py; docs/i18n.md)."""

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from arbiter.core.models import UserLanguage
from tests.conftest import login
from tests.factories import PASSWORD

pytestmark = pytest.mark.django_db

SWEDISH = {"HTTP_ACCEPT_LANGUAGE": "sv-SE,sv;q=0.9,en;q=0.5"}


def public_pages(tournament) -> list[str]:
    t = tournament.pk
    return [
        "/",
        f"/t/{t}/",
        f"/t/{t}/rounds/1/",
        f"/t/{t}/standings/",
        f"/t/{t}/crosstable/",
        f"/t/{t}/search/?q=Player",
    ]


def test_a_public_page_in_swedish_lives_under_sv_and_english_stays_unprefixed(played_open):
    english = Client().get(f"/t/{played_open.pk}/standings/")
    swedish = Client().get(f"/sv/t/{played_open.pk}/standings/")
    assert english.status_code == swedish.status_code == 200
    assert english["Content-Language"] == "en" and swedish["Content-Language"] == "sv"
    assert '<html lang="sv">' in swedish.content.decode()
    assert "Ställning" in swedish.content.decode() and "Ställning" not in english.content.decode()
    # the links of a Swedish page stay Swedish
    assert f'href="/sv/t/{played_open.pk}/rounds/1/"' in swedish.content.decode()
    with translation.override("ru"):
        assert reverse("public_standings", args=[played_open.pk]).startswith("/ru/")
    assert reverse("public_standings", args=[played_open.pk]) == f"/t/{played_open.pk}/standings/"


@pytest.mark.parametrize("language", ["sv", "ru", "fi", "fr"])
def test_every_public_page_answers_in_every_language_without_a_cookie(played_open, language):
    for url in public_pages(played_open):
        response = Client().get(f"/{language}{url}")
        assert response.status_code == 200, url
        assert response["Content-Language"] == language, url
        assert not response.cookies, url
        assert "Cookie" not in response["Vary"], url
        assert "csrfmiddlewaretoken" not in response.content.decode(), url


def test_two_languages_never_share_a_kept_body_or_an_etag(played_open):
    client = Client()
    url = f"/t/{played_open.pk}/standings/"
    english, swedish = client.get(url), client.get("/sv" + url)
    russian = client.get("/ru" + url)
    assert len({english["ETag"], swedish["ETag"], russian["ETag"]}) == 3
    # each kept body is the one of its language, in whatever order they were asked for
    assert client.get("/sv" + url).content == swedish.content
    assert client.get(url).content == english.content
    assert "Турнирная таблица" in client.get("/ru" + url).content.decode()
    # an ETag of one language does not give another a 304
    other = client.get("/sv" + url, HTTP_IF_NONE_MATCH=english["ETag"])
    assert other.status_code == 200
    assert client.get(url, HTTP_IF_NONE_MATCH=english["ETag"]).status_code == 304


def test_an_htmx_poll_body_is_kept_per_language(played_open):
    client = Client()
    url = f"/t/{played_open.pk}/rounds/1/"
    english = client.get(url, HTTP_HX_REQUEST="true").content.decode()
    swedish = client.get("/sv" + url, HTTP_HX_REQUEST="true").content.decode()
    assert english != swedish
    assert f'hx-get="/sv/t/{played_open.pk}/rounds/1/?' in swedish


def test_an_unprefixed_public_page_redirects_a_browser_preferring_one_of_our_languages(
    played_open,
):
    url = f"/t/{played_open.pk}/rounds/1/?order=alpha"
    redirect = Client().get(url, **SWEDISH)
    assert redirect.status_code == 302
    assert redirect["Location"] == f"/sv/t/{played_open.pk}/rounds/1/?order=alpha"
    # never kept by a shared cache: it depends on who asks
    assert "private" in redirect["Cache-Control"]
    assert set(redirect["Vary"].split(", ")) >= {"Accept-Language", "Cookie"}
    assert not redirect.cookies
    # the language cookie (a choice made) comes before the browser's languages
    client = Client()
    client.cookies["django_language"] = "ru"
    assert client.get(url, **SWEDISH)["Location"].startswith("/ru/")
    client.cookies["django_language"] = "en"
    assert client.get(url, **SWEDISH).status_code == 200
    # a language we do not have, or English: the English page, which says it varies
    for wanted in ("de-DE,de;q=0.9", "en-GB,en", ""):
        page = Client().get(url, HTTP_ACCEPT_LANGUAGE=wanted)
        assert page.status_code == 200, wanted
        assert "Accept-Language" in page["Vary"] and "Cookie" not in page["Vary"]
    # htmx polls and prefixed pages are never redirected
    assert Client().get(url, HTTP_HX_REQUEST="true", **SWEDISH).status_code == 200
    assert Client().get("/fr" + url, **SWEDISH).status_code == 200


def test_a_public_language_link_goes_to_the_same_page_and_remembers_the_choice(played_open):
    page = Client().get(f"/sv/t/{played_open.pk}/standings/").content.decode()
    link = f"/language/ru/?next=%2Fsv%2Ft%2F{played_open.pk}%2Fstandings%2F"
    assert f'href="{link}"' in page
    assert 'href="/language/en/?next=' in page and "<form" not in page.split("</header>")[0]
    client = Client()
    response = client.get(link)
    assert response.status_code == 302
    assert response["Location"] == f"/ru/t/{played_open.pk}/standings/"
    assert response.cookies["django_language"].value == "ru"
    assert "no-store" in response["Cache-Control"]
    english = client.get(f"/language/en/?next=/ru/t/{played_open.pk}/standings/")
    assert english["Location"] == f"/t/{played_open.pk}/standings/"
    # an English choice stops the redirect even for a Swedish browser
    assert client.get(f"/t/{played_open.pk}/standings/", **SWEDISH).status_code == 200
    # never to another site
    assert client.get("/language/sv/?next=https://evil.example/")["Location"] == "/sv/"


def test_the_language_switch_is_on_every_page(played_open, anna):
    anonymous, arbiter = Client(), login(Client(), anna)
    pages = [(anonymous, url) for url in public_pages(played_open)]
    pages += [(anonymous, "/accounts/login/"), (anonymous, "/no-such-page/")]
    t = played_open.pk
    for url in ("/arbiter/", f"/arbiter/t/{t}/players/", f"/arbiter/t/{t}/rounds/1/"):
        pages.append((arbiter, url))
    pages.append((arbiter, f"/arbiter/t/{t}/swiss/"))
    for client, url in pages:
        body = client.get(url).content.decode()
        assert 'class="languages' in body, url
        for name in ("Svenska", "Русский", "Suomi", "Français"):
            assert name in body, (url, name)
    arbiter_page = arbiter.get("/arbiter/").content.decode()
    switch = arbiter_page.split('class="languages inline"')[1].split("</form>")[0]
    assert 'name="csrfmiddlewaretoken"' in switch and 'name="language" value="sv"' in switch


def test_an_arbiters_choice_is_kept_across_logins(anna):
    client = Client(enforce_csrf_checks=True)
    client.get("/accounts/login/")
    token = client.cookies["csrftoken"].value
    client.post(
        "/accounts/login/",
        {"username": anna.username, "password": PASSWORD, "csrfmiddlewaretoken": token},
    )
    page = client.get("/arbiter/")
    assert page["Content-Language"] == "en"
    token = client.cookies["csrftoken"].value
    # without the CSRF token the switch is refused
    assert client.post("/i18n/setlang/", {"language": "sv", "next": "/arbiter/"}).status_code == 403
    chosen = client.post(
        "/i18n/setlang/", {"language": "sv", "next": "/arbiter/", "csrfmiddlewaretoken": token}
    )
    assert chosen.status_code == 302 and chosen["Location"] == "/arbiter/"
    assert UserLanguage.objects.get(user=anna).language == "sv"
    assert client.get("/arbiter/")["Content-Language"] == "sv"
    assert "Mina turneringar" in client.get("/arbiter/").content.decode()

    # another browser, no cookie, an English Accept-Language: the kept choice applies at login
    other = Client()
    other.get("/accounts/login/")
    login_answer = other.post(
        "/accounts/login/",
        {"username": anna.username, "password": PASSWORD},
        HTTP_ACCEPT_LANGUAGE="en",
    )
    assert login_answer.status_code == 302
    assert login_answer.cookies["django_language"].value == "sv"
    assert other.get("/arbiter/", HTTP_ACCEPT_LANGUAGE="en")["Content-Language"] == "sv"
    # and the public pages follow it through the cookie
    assert other.get("/", HTTP_ACCEPT_LANGUAGE="en")["Location"] == "/sv/"


def test_an_anonymous_visitors_pages_follow_the_browser(anna):
    page = Client().get("/accounts/login/", HTTP_ACCEPT_LANGUAGE="fi")
    assert page["Content-Language"] == "fi"
    assert "Accept-Language" in page["Vary"]


@pytest.mark.parametrize("language", ["sv", "ru", "fi", "fr"])
def test_the_arbiters_pages_render_in_every_language(played_open, anna, language):
    client = login(Client(), anna)
    client.post("/i18n/setlang/", {"language": language, "next": "/arbiter/"})
    t = played_open.pk
    for url in (
        "/arbiter/",
        "/arbiter/new/",
        f"/arbiter/t/{t}/settings/",
        f"/arbiter/t/{t}/players/",
        f"/arbiter/t/{t}/rounds/",
        f"/arbiter/t/{t}/rounds/1/",
        f"/arbiter/t/{t}/swiss/",
        f"/arbiter/t/{t}/audit/",
    ):
        response = client.get(url)
        assert response.status_code == 200, url
        assert response["Content-Language"] == language, url


ODD_CODES = ["", "xx", "SV", "sv-SE", "en-us", "../", "sv\x00", "ru;", "ф" * 300, "%00"]
ODD_NEXT = [
    "",
    "//evil.example/",
    "https://evil.example/t/1/",
    "javascript:alert(1)",
    "\\evil",
    "/sv/sv/",
    "/t/1/?q=\u2028",
    "/arbiter/",
    "http://testserver/t/1/",
    "/" + "a" * 5000,
]


def test_odd_language_codes_and_next_urls_never_fail_nor_leave_the_site(anna):
    anonymous, arbiter = Client(), login(Client(), anna)
    for code in ODD_CODES:
        for target in ODD_NEXT:
            answer = anonymous.get(
                f"/language/{code}/" if code else "/language/x/", {"next": target}
            )
            assert answer.status_code in (302, 404), (code, target)
            posted = arbiter.post("/i18n/setlang/", {"language": code, "next": target})
            assert posted.status_code == 302, (code, target)
            for response in (answer, posted):
                location = response.get("Location", "/")
                assert location.startswith("/") and not location.startswith("//"), location
    assert UserLanguage.objects.get(user=anna).language in ("en", "sv", "ru", "fi", "fr")
