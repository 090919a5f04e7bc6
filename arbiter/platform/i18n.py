"""Which language a request is answered in, and how a visitor or an arbiter chooses one.

docs/i18n.md tells the whole story; in short:

- The public pages and downloads (``i18n_patterns`` in arbiter/urls.py) carry their language in
  the URL: English without a prefix (``/t/4/``), the others with one (``/sv/t/4/``). Their
  responses are the same for everyone who asks for that URL, so a shared cache may keep them;
  they never read the session or set a cookie.
- An unprefixed public page asked for by a browser that prefers another of our languages (the
  ``django_language`` cookie, else ``Accept-Language``) is redirected to that language's URL.
  The redirect is never kept by a shared cache (``private``); the English page at the same URL
  says ``Vary: Accept-Language`` (a cache keeps it apart for each browser language, so a Swedish
  browser is never handed the English page instead of its redirect), and nginx adds the
  language cookie to its key (deploy/nginx/cache.conf). Not ``Vary: Cookie``: every other
  cookie would split the cache too, and the cookie is only a choice the visitor made.
- Every other page (the arbiter's, the login) is in the language the arbiter chose, kept per
  user (``UserLanguage``) and put in the session at login; before any choice, the cookie's or
  the browser's.
- A visitor chooses with the links of the language switch on every public page
  (:func:`choose`, a plain GET link: it sets only the language cookie); an arbiter with the small
  form posting to :func:`set_language` (CSRF-protected), which also keeps the choice.
"""

import functools
from urllib.parse import urlsplit, urlunsplit

from django.conf import settings
from django.contrib.auth.signals import user_logged_in
from django.dispatch import receiver
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.urls import Resolver404, URLResolver, get_resolver, is_valid_path
from django.urls.resolvers import LocalePrefixPattern, RegexPattern
from django.utils import translation
from django.utils.cache import patch_cache_control, patch_vary_headers
from django.utils.http import url_has_allowed_host_and_scheme
from django.views import i18n as django_i18n
from django.views.decorators.http import require_GET, require_POST

#: Where an arbiter's chosen language is kept in the session (set at login and by the switch).
SESSION_KEY = "arbiter_language"
#: What the redirect of an unprefixed public URL follows.
CHOICE_HEADERS = ("Accept-Language", "Cookie")
#: What an unprefixed public page says it varies on (besides HX-Request, Accept-Encoding).
UNPREFIXED_VARY = ("Accept-Language",)


def language_codes() -> list[str]:
    return [code for code, _name in settings.LANGUAGES]


def _public_resolver() -> URLResolver:
    for entry in get_resolver().url_patterns:
        if isinstance(entry, URLResolver) and isinstance(entry.pattern, LocalePrefixPattern):
            return entry
    raise LookupError("arbiter/urls.py has no i18n_patterns")


def bare_path(path: str) -> tuple[str | None, str]:
    """The language prefix of `path` (None without one) and the path without it."""
    language = translation.get_language_from_path(path)
    if language and (path == f"/{language}" or path.startswith(f"/{language}/")):
        return language, path[len(language) + 1 :] or "/"
    return None, path


@functools.cache
def _bare_public_resolver() -> URLResolver:
    """The public patterns without their language prefix: resolving against it needs no
    language to be active (the prefix pattern reads the active one)."""
    return URLResolver(RegexPattern(r"^/"), _public_resolver().url_patterns)


def is_public(bare: str) -> bool:
    """The unprefixed `bare` path is a public page or download (one of the i18n_patterns)."""
    try:
        _bare_public_resolver().resolve(bare)
    except Resolver404:
        return False
    return True


def public_url(bare: str, language: str) -> str:
    """The URL of the public page `bare` (unprefixed, with its query) in `language`."""
    if language == settings.LANGUAGE_CODE:
        return bare
    return f"/{language}{bare}"


def preferred(request: HttpRequest) -> str:
    """The visitor's language among ours: the language cookie, else Accept-Language, else
    English (Django's order, without the URL)."""
    return translation.get_language_from_request(request, check_path=False)


class LanguageMiddleware:
    """Django's LocaleMiddleware, with the language taken as the module's docstring says."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        prefix, bare = bare_path(request.path_info)
        public = is_public(bare)
        if prefix and public:
            language = prefix
        elif public:
            language = settings.LANGUAGE_CODE
            wanted = preferred(request)
            if (
                wanted != language
                and request.method in ("GET", "HEAD")
                and not request.headers.get("HX-Request")
            ):
                return self.redirect(request, wanted)
        elif is_valid_path(request.path_info):
            language = self.arbiter_language(request)
        else:  # no such page: answered like a public one, without reading the session
            language = preferred(request)
        previous = translation.get_language()
        translation.activate(language)
        request.LANGUAGE_CODE = translation.get_language()
        try:
            response = self.get_response(request)
        finally:
            # what runs after the request in this thread (a test's reverse()) is not in its
            # language
            translation.activate(previous)
        if not prefix or not public:
            patch_vary_headers(response, UNPREFIXED_VARY)
        response.headers.setdefault("Content-Language", request.LANGUAGE_CODE)
        return response

    @staticmethod
    def arbiter_language(request: HttpRequest) -> str:
        """The arbiter's kept choice (in the session since login), else the visitor's."""
        session = getattr(request, "session", None)
        if session is not None and settings.SESSION_COOKIE_NAME in request.COOKIES:
            kept = session.get(SESSION_KEY)
            if kept in language_codes():
                return kept
        return preferred(request)

    @staticmethod
    def redirect(request: HttpRequest, language: str) -> HttpResponse:
        """To the same public page in `language`: never kept by a shared cache (it depends on
        the visitor's headers), and saying what it depends on for any other cache."""
        query = request.META.get("QUERY_STRING", "")
        target = public_url(request.path_info, language) + (f"?{query}" if query else "")
        response = HttpResponseRedirect(request.META.get("SCRIPT_NAME", "") + target)
        patch_cache_control(response, private=True, max_age=0)
        patch_vary_headers(response, CHOICE_HEADERS)
        response.headers["Content-Language"] = settings.LANGUAGE_CODE
        return response


def _set_cookie(response: HttpResponse, language: str) -> None:
    response.set_cookie(
        settings.LANGUAGE_COOKIE_NAME,
        language,
        max_age=settings.LANGUAGE_COOKIE_AGE,
        path=settings.LANGUAGE_COOKIE_PATH,
        domain=settings.LANGUAGE_COOKIE_DOMAIN,
        secure=settings.LANGUAGE_COOKIE_SECURE,
        httponly=settings.LANGUAGE_COOKIE_HTTPONLY,
        samesite=settings.LANGUAGE_COOKIE_SAMESITE,
    )


def _safe_next(request: HttpRequest, target: str) -> str:
    """`target` when it is a page of this site, else the home page."""
    if url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        path = urlsplit(target)
        if path.path.startswith("/") and not path.path.startswith("//"):
            return urlunsplit(("", "", path.path, path.query, ""))
    return "/"


def _known(language: str) -> str:
    """`language` when the site offers it, else the default language."""
    return language if language in language_codes() else settings.LANGUAGE_CODE


def _back_in(request: HttpRequest, language: str, target: str) -> HttpResponse:
    """The redirect back to `target` (a page of this site, else the home page) in `language`
    (under its prefix when the page is public), with the language cookie set to it."""
    parts = urlsplit(_safe_next(request, target))
    _prefix, bare = bare_path(parts.path)
    path = public_url(bare, language) if is_public(bare) else bare
    response = HttpResponseRedirect(urlunsplit(("", "", path, parts.query, "")))
    _set_cookie(response, language)
    return response


@require_GET
def choose(request: HttpRequest, language: str) -> HttpResponse:
    """A public page's language link: the same page (``?next=``) in `language`, remembered in
    the language cookie so that the unprefixed pages follow it. The only state it touches is
    that cookie (as Django's own set_language would), so it is a plain link, without CSRF; it is
    never kept by a cache."""
    response = _back_in(request, _known(language), request.GET.get("next", ""))
    patch_cache_control(response, private=True, no_store=True)
    return response


@require_POST
def set_language(request: HttpRequest) -> HttpResponse:
    """The arbiter's language switch (a form with the CSRF token): Django's set_language, and
    for a logged-in arbiter the choice is kept for their next logins too."""
    language = _known(request.POST.get(django_i18n.LANGUAGE_QUERY_PARAMETER, ""))
    response = _back_in(request, language, request.POST.get("next", ""))
    if request.user.is_authenticated:
        from arbiter.core.models import UserLanguage

        UserLanguage.objects.update_or_create(user=request.user, defaults={"language": language})
        request.session[SESSION_KEY] = language
    return response


@receiver(user_logged_in)
def _apply_kept_language(sender, request: HttpRequest | None, user, **kwargs) -> None:
    """At login, the arbiter's kept language becomes the session's (their pages follow it)."""
    from arbiter.core.models import UserLanguage

    if request is None or not hasattr(request, "session"):
        return
    kept = UserLanguage.objects.filter(user=user).values_list("language", flat=True).first()
    if kept in language_codes():
        request.session[SESSION_KEY] = kept
        translation.activate(kept)
        request.LANGUAGE_CODE = kept
        request._arbiter_language_cookie = kept


def login_response(request: HttpRequest, response: HttpResponse) -> HttpResponse:
    """The login's answer sets the language cookie to the arbiter's kept language, so that the
    public pages (which never read the session) redirect to it too."""
    kept = getattr(request, "_arbiter_language_cookie", None)
    if kept:
        _set_cookie(response, kept)
    return response
