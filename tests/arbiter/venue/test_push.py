"""Notifications from a player's card (docs/venue.md, "Notifications"): the sign-up with its
bounds and refusals, and the sending, against a push service of the tests' own on a loopback
port (tests/push_service.py): each message is decrypted with the subscriber's key as a browser
would, and its headers checked (TTL, aes128gcm, the VAPID signature)."""

import base64
import json
from decimal import Decimal
from io import StringIO

import pytest
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature
from django.core.cache import caches
from django.core.management import call_command
from django.test import Client
from django.urls import reverse
from hypothesis import given
from hypothesis import settings as settings_
from hypothesis import strategies as st

from arbiter.core.models import AuditEntry
from arbiter.core.services.audit import record
from arbiter.platform.views.auth import CACHE
from arbiter.venue.management.commands.vapid_keys import fresh_pair
from arbiter.venue.models import PushSent, PushSubscription
from arbiter.venue.services import cards, notify, subscriptions
from arbiter.venue.services.subscriptions import SubscriptionRefused
from judo.services import competition as judo
from judo.services import mats
from pairing.rounds import services as rounds
from tests.arbiter.conftest import play_round
from tests.factories import EntryFactory, TournamentFactory
from tests.push_service import Subscriber, serve, unb64
from tests.worker import run_worker

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def fresh_limits():
    caches[CACHE].clear()
    yield
    caches[CACHE].clear()


@pytest.fixture
def vapid(settings):
    public, private = fresh_pair()
    settings.VAPID_PUBLIC_KEY, settings.VAPID_PRIVATE_KEY = public, private
    settings.VAPID_SUBJECT = "mailto:arbiter@example.org"
    return public


@pytest.fixture
def push_service():
    service, server = serve()
    yield service
    server.shutdown()
    server.server_close()


@pytest.fixture
def open_round(anna):
    """A 24-player Swiss whose round 1 is a draft: Player 12 is White on board 12 against
    Player 24."""
    tournament = TournamentFactory(name="Bergen Open", chief=anna)
    players = [
        EntryFactory(tournament=tournament, name=f"Player {n:02d}", starting_number=n)
        for n in range(1, 25)
    ]
    games = [(players[i], players[i + 12], "") for i in range(12)]
    round_ = play_round(tournament, 1, games=games, state="draft")
    return tournament, round_, players


def subscribe(entry, service, subscriber, name="browser-1", language="en"):
    browser = subscriptions.checked(
        service.endpoint(name), subscriber.p256dh, subscriber.keys()["auth"]
    )
    return subscriptions.subscribe(entry, browser, language)


def post(client, entry, body, name="card_push_subscribe", **extra):
    url = reverse(name, kwargs={"secret": cards.key_for(entry).secret})
    return client.post(url, json.dumps(body), content_type="application/json", **extra)


def verified_jwt(token: str, public: ec.EllipticCurvePublicKey) -> dict:
    """The claims of an ES256 JWT whose signature ``public`` verifies (raises if not)."""
    header, claims, signature = token.split(".")
    assert json.loads(unb64(header))["alg"] == "ES256"
    raw = unb64(signature)
    der = encode_dss_signature(int.from_bytes(raw[:32], "big"), int.from_bytes(raw[32:], "big"))
    public.verify(der, f"{header}.{claims}".encode(), ec.ECDSA(hashes.SHA256()))
    return json.loads(unb64(claims))


# --- sending ----------------------------------------------------------------------------------


def test_a_published_round_reaches_the_players_browser_encrypted_and_signed(
    anna, vapid, push_service, open_round, django_capture_on_commit_callbacks
):
    _tournament, round_, players = open_round
    subscriber = Subscriber()
    subscribe(players[11], push_service, subscriber)
    with django_capture_on_commit_callbacks(execute=True):
        rounds.publish_round(anna, round_)
    assert len(push_service.received) == 1
    pushed = push_service.received[0]
    assert pushed.path == "/push/browser-1"
    message = json.loads(subscriber.decrypt(pushed.body))
    assert message["body"] == "Your pairing is out: board 12, White against Player 24."
    assert message["title"] == "Bergen Open, round 1"
    assert message["url"].endswith(f"/card/{cards.key_for(players[11]).secret}/")
    headers = {name.lower(): value for name, value in pushed.headers.items()}
    assert headers["content-encoding"] == "aes128gcm"
    assert headers["ttl"] == str(notify.ROUND_TTL)
    assert headers["urgency"] == "high"
    # Authorization: vapid t=<JWT signed by the site's key>, k=<its public key> (RFC 8292)
    scheme, _space, rest = headers["authorization"].partition(" ")
    assert scheme == "vapid"
    fields = dict(part.strip().split("=", 1) for part in rest.split(","))
    assert fields["k"] == vapid
    public = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), unb64(vapid))
    claims = verified_jwt(fields["t"], public)
    assert claims["aud"] == push_service.url
    assert claims["sub"] == "mailto:arbiter@example.org"
    kept = PushSubscription.objects.get()
    assert kept.last_ok is not None and kept.failures == 0


def test_black_and_a_bye_and_the_language_of_the_card_page(anna, vapid, push_service, open_round):
    tournament, round_, players = open_round
    extra = EntryFactory(tournament=tournament, name="Player 25", starting_number=25)
    round_.byes.create(entry=extra, kind="U")
    black, bye = Subscriber(), Subscriber()
    subscribe(players[23], push_service, black, "black")
    subscribe(extra, push_service, bye, "bye")
    rounds.publish_round(anna, round_)
    notify.round_published(tournament.pk)
    by_path = {p.path: p for p in push_service.received}
    said = json.loads(black.decrypt(by_path["/push/black"].body))["body"]
    assert said == "Your pairing is out: board 12, Black against Player 12."
    said = json.loads(bye.decrypt(by_path["/push/bye"].body))["body"]
    assert said == "Your pairing is out: you have no game this round (Pairing-allocated bye)."


def test_each_publishing_is_told_once(anna, vapid, push_service, open_round):
    tournament, round_, players = open_round
    subscribe(players[0], push_service, Subscriber())
    rounds.publish_round(anna, round_)
    assert notify.round_published(tournament.pk) == 1
    assert notify.round_published(tournament.pk) == 0  # a task run twice
    assert len(push_service.received) == 1
    assert PushSent.objects.count() == 1


def test_a_round_paired_and_published_at_once_is_told_a_draft_not(
    anna, vapid, push_service, django_capture_on_commit_callbacks
):
    """A Monrad evening whose pairing needs no acceptance is published as it is paired
    (``round.pair`` with ``published``); a draft is told when it is published."""
    tournament = TournamentFactory(name="Monday Monrad", chief=anna)
    white, black = EntryFactory(tournament=tournament), EntryFactory(tournament=tournament)
    play_round(tournament, 1, games=[(white, black, "")])
    subscribe(white, push_service, Subscriber())
    with django_capture_on_commit_callbacks(execute=True):
        record(anna, tournament, "round.pair", "Round 1 paired", after={"round": 1})
    assert push_service.received == []
    with django_capture_on_commit_callbacks(execute=True):
        record(anna, tournament, "round.pair", "Round 1", after={"round": 1, "published": True})
    assert len(push_service.received) == 1


def test_a_gone_subscription_is_dropped_and_other_failures_counted(
    anna, vapid, push_service, open_round
):
    _tournament, round_, players = open_round
    subscribe(players[0], push_service, Subscriber(), "gone")
    subscribe(players[1], push_service, Subscriber(), "broken")
    rounds.publish_round(anna, round_)
    push_service.status = 410
    data = b"{}"
    gone = PushSubscription.objects.get(endpoint__endswith="gone")
    assert notify.send(gone, data, 60) is False
    assert not PushSubscription.objects.filter(pk=gone.pk).exists()
    push_service.status = 500
    broken = PushSubscription.objects.get(endpoint__endswith="broken")
    assert notify.send(broken, data, 60) is False
    broken.refresh_from_db()
    assert broken.failures == 1
    push_service.status = 404
    assert notify.send(broken, data, 60) is False
    assert not PushSubscription.objects.exists()


def test_a_push_service_that_does_not_answer_is_a_counted_failure(vapid, open_round):
    _tournament, _round, players = open_round
    browser = subscriptions.checked(
        "http://127.0.0.1:9/push/nobody", Subscriber().p256dh, Subscriber().keys()["auth"]
    )
    kept = subscriptions.subscribe(players[0], browser, "en")
    assert notify.send(kept, b"{}", 60) is False
    kept.refresh_from_db()
    assert kept.failures == 1


def test_a_revoked_card_no_longer_notifies_its_old_browsers(anna, vapid, push_service, open_round):
    tournament, round_, players = open_round
    subscribe(players[0], push_service, Subscriber())
    cards.revoke(anna, players[0])
    rounds.publish_round(anna, round_)
    assert notify.round_published(tournament.pk) == 0
    assert push_service.received == []


def test_nothing_is_queued_while_notifications_are_off(
    anna, open_round, django_capture_on_commit_callbacks
):
    _tournament, round_, _players = open_round
    with django_capture_on_commit_callbacks() as callbacks:
        rounds.publish_round(anna, round_)
    assert not [c for c in callbacks if "audit_written" in c.__qualname__]


def judo_mat(user):
    """Two men's categories of eight, drawn, both on mat 1: eight first bouts ready in a row."""
    cup = judo.create_competition(
        user, {"name": "Autumn Cup", "mats": 1, "rest_minutes": 0, "bout_minutes": Decimal(4)}
    )
    categories = []
    for limit in (60, 66):
        category = judo.add_category(
            user, cup, sex="M", age_group="Seniors", weight_limit=Decimal(limit)
        )
        for i in range(8):
            entry = judo.enter(
                user,
                category,
                {"name": f"Fighter {limit}-{i}", "club": f"Club {i}", "federation": "FIN"},
            )
            judo.weigh_in(user, entry, Decimal(limit - 1))
        categories.append(category)
    judo.draw_all(user, cup)
    cup.refresh_from_db()
    mats.assign_mats(user, cup, {c.pk: 1 for c in categories}, seen=cup.version)
    cup.refresh_from_db()
    return cup


def decide(user, called) -> None:
    mats.score(user, called.category, called.match.match.id, "a:ippon", seen=called.version, mat=1)
    now = mats.day(called.category.competition).now_and_next(1)[0]
    mats.confirm(user, now.category, now.match.match.id, seen=now.version, mat=1)


def test_a_fighter_is_told_three_bouts_before_their_own_once(
    anna, vapid, push_service, django_capture_on_commit_callbacks
):
    cup = judo_mat(anna)
    now, after = mats.on_the_mat(mats.day(cup).order(1))
    # after the bout on the mat is decided, after[3] is three bouts before its own
    fourth = after[3]
    white, blue = Subscriber(), Subscriber()
    subscribe(fourth.white, push_service, white, "white")
    subscribe(fourth.blue, push_service, blue, "blue", language="sv")
    with django_capture_on_commit_callbacks(execute=True):
        decide(anna, now)
    assert AuditEntry.objects.filter(action="bracket.bout").exists()
    by_path = {p.path: p for p in push_service.received}
    message = json.loads(white.decrypt(by_path["/push/white"].body))
    assert message["title"] == "Mat 1: get ready"
    assert message["body"].startswith("Three bouts before yours on mat 1: ")
    assert message["body"].endswith(f" against {fourth.blue.name}.")
    headers = {name.lower(): value for name, value in by_path["/push/white"].headers.items()}
    assert headers["ttl"] == str(notify.CALL_TTL)
    assert "/push/blue" in by_path  # in Swedish: the locale decides the words
    # the next bout decided: now two before theirs, and nothing is sent again
    received = len(push_service.received)
    with django_capture_on_commit_callbacks(execute=True):
        decide(anna, mats.on_the_mat(mats.day(cup).order(1))[0])
    assert len(push_service.received) == received


# --- signing up -------------------------------------------------------------------------------


def test_the_card_signs_a_browser_up_and_off(client, vapid, open_round):
    _tournament, _round, players = open_round
    subscriber = Subscriber()
    body = {"endpoint": "http://127.0.0.1:9/push/a", "keys": subscriber.keys()}
    answer = post(client, players[0], body)
    assert answer.status_code == 200, answer.content
    assert answer.json()["ok"] is True
    assert "Notifications are on for this phone" in answer.json()["message"]
    assert answer["Cache-Control"].startswith("max-age=0") or "no-cache" in answer["Cache-Control"]
    again = post(client, players[0], body)  # a double press: still one browser
    assert again.json()["browsers"] == 1
    kept = PushSubscription.objects.get()
    assert (kept.entry, kept.language) == (players[0], "en")
    off = post(client, players[0], {"endpoint": body["endpoint"]}, "card_push_unsubscribe")
    assert off.json() == {
        "ok": True,
        "message": "Notifications are off for this phone.",
        "browsers": 0,
    }
    assert not PushSubscription.objects.exists()


def test_a_sign_up_keeps_the_language_of_the_card_page(client, vapid, open_round):
    _tournament, _round, players = open_round
    secret = cards.key_for(players[0]).secret
    body = {"endpoint": "http://127.0.0.1:9/push/a", "keys": Subscriber().keys()}
    url = f"/sv/card/{secret}/push/subscribe/"
    assert client.post(url, json.dumps(body), content_type="application/json").status_code == 200
    assert PushSubscription.objects.get().language == "sv"


def test_a_form_post_is_taken_too_and_the_csrf_token_is_needed(vapid, open_round):
    _tournament, _round, players = open_round
    client = Client(enforce_csrf_checks=True)
    url = reverse("card_notify", kwargs={"secret": cards.key_for(players[0]).secret})
    page = client.get(url)
    token = page.context["csrf_token"]
    keys = Subscriber().keys()
    form = {"endpoint": "http://127.0.0.1:9/push/a", **keys}
    subscribe_url = url.replace("notify/", "push/subscribe/")
    assert client.post(subscribe_url, form).status_code == 403
    answer = client.post(subscribe_url, {**form, "csrfmiddlewaretoken": str(token)})
    assert answer.status_code == 200, answer.content
    assert PushSubscription.objects.count() == 1


def test_a_flood_of_sign_ups_from_one_address_is_refused_saying_so(
    client, vapid, settings, open_round
):
    settings.PUSH_SUBSCRIPTIONS_PER_IP = 3
    settings.PUSH_SUBSCRIPTIONS_PER_CARD = 100
    _tournament, _round, players = open_round
    for n in range(3):
        body = {"endpoint": f"http://127.0.0.1:9/push/{n}", "keys": Subscriber().keys()}
        assert post(client, players[n], body).status_code == 200
    body = {"endpoint": "http://127.0.0.1:9/push/flood", "keys": Subscriber().keys()}
    refused = post(client, players[5], body)
    assert refused.status_code == 429
    assert refused.json()["message"] == (
        "Too many sign-ups for notifications from your address: at most 3 in 15 minutes. "
        "Try again later, or ask the arbiter."
    )
    assert refused["Retry-After"] == "900"
    assert PushSubscription.objects.count() == 3
    # another address is not held back
    other = post(client, players[5], body, REMOTE_ADDR="192.0.2.7")
    assert other.status_code == 200


def test_a_card_notifies_a_bounded_number_of_browsers(client, vapid, settings, open_round):
    settings.PUSH_SUBSCRIPTIONS_PER_CARD = 2
    _tournament, _round, players = open_round
    bodies = [
        {"endpoint": f"http://127.0.0.1:9/push/{n}", "keys": Subscriber().keys()} for n in range(3)
    ]
    assert post(client, players[0], bodies[0]).status_code == 200
    assert post(client, players[0], bodies[1]).status_code == 200
    refused = post(client, players[0], bodies[2])
    assert refused.status_code == 400
    assert refused.json()["message"].startswith(
        "This card already notifies 2 browsers, the most one card may."
    )
    assert post(client, players[0], bodies[1]).status_code == 200  # one of the two, again
    assert post(client, players[1], bodies[2]).status_code == 200  # another card


BAD_ENDPOINTS = [
    "",
    "fcm.googleapis.com/fcm/send/x",
    "http://fcm.googleapis.com/fcm/send/x",  # not https
    "https://evil.example.com/push",  # not a push service
    "https://googleapis.com.evil.example/x",
    "https://10.0.0.1/push",  # the operator's own network
    "https://user:password@fcm.googleapis.com/fcm/send/x",  # a user and password in it
    "ftp://127.0.0.1/push",
    "https://fcm.googleapis.com/" + "x" * 500,
    "https://fcm.googleapis.com/a b",
    "https://fcm.googleapis.com:99999/x",
    ["https://fcm.googleapis.com/x"],
]


@pytest.mark.parametrize("endpoint", BAD_ENDPOINTS)
def test_an_endpoint_the_server_should_not_post_to_is_refused(client, vapid, open_round, endpoint):
    _tournament, _round, players = open_round
    answer = post(client, players[0], {"endpoint": endpoint, "keys": Subscriber().keys()})
    assert answer.status_code == 400
    assert answer.json()["ok"] is False
    assert answer.json()["message"] in (
        "This browser's push service is not one notifications can be sent to.",
        "This browser sent no subscription to keep.",
    )
    assert not PushSubscription.objects.exists()


def test_the_push_services_of_the_browsers_are_taken(settings):
    settings.PUSH_ALLOW_LOOPBACK = False
    for endpoint in (
        "https://fcm.googleapis.com/fcm/send/abc:def",
        "https://updates.push.services.mozilla.com/wpush/v2/gAAAA",
        "https://web.push.apple.com/QAbc",
        "https://wns2-db5p.notify.windows.com/w/?token=x",
    ):
        assert subscriptions.checked_endpoint(endpoint) == endpoint
    with pytest.raises(SubscriptionRefused):  # loopback only in development and the tests
        subscriptions.checked_endpoint("http://127.0.0.1:8000/push")


@pytest.mark.parametrize(
    "keys",
    [
        {},
        {"p256dh": "", "auth": ""},
        {"p256dh": "A" * 87, "auth": "A" * 22},  # 65 bytes, not a point on the curve
        {"p256dh": Subscriber().p256dh, "auth": "AAAA"},  # a short secret
        {"p256dh": Subscriber().p256dh[:-4], "auth": Subscriber().keys()["auth"]},
        {"p256dh": "<script>" * 10, "auth": Subscriber().keys()["auth"]},
        {"p256dh": Subscriber().p256dh, "auth": "A" * 5000},
        {"p256dh": 7, "auth": None},
    ],
)
def test_keys_of_the_wrong_shape_are_refused(client, vapid, open_round, keys):
    _tournament, _round, players = open_round
    answer = post(client, players[0], {"endpoint": "http://127.0.0.1:9/p", "keys": keys})
    assert answer.status_code == 400
    assert not PushSubscription.objects.exists()


@pytest.mark.parametrize("body", [b"", b"not json", b"[]", b'{"keys": 5}', b"{" * 5000])
def test_a_malformed_body_is_refused(client, vapid, open_round, body):
    _tournament, _round, players = open_round
    url = reverse("card_push_subscribe", kwargs={"secret": cards.key_for(players[0]).secret})
    answer = client.post(url, body, content_type="application/json")
    assert answer.status_code == 400


def test_a_wrong_secret_opens_nothing(client, vapid):
    answer = client.post(
        reverse("card_push_subscribe", kwargs={"secret": "x" * 43}), "{}", "application/json"
    )
    assert answer.status_code == 404


# --- the pages --------------------------------------------------------------------------------


def test_without_a_vapid_key_the_card_says_notifications_are_off(client, open_round):
    _tournament, _round, players = open_round
    secret = cards.key_for(players[0]).secret
    page = client.get(reverse("card_notify", kwargs={"secret": secret}))
    assert "Notifications are off on this site" in page.content.decode()
    assert "notify.js" not in page.content.decode()
    body = {"endpoint": "http://127.0.0.1:9/push/a", "keys": Subscriber().keys()}
    answer = post(client, players[0], body)
    assert answer.status_code == 404
    assert answer.json()["message"] == "Notifications are off on this site."


def test_the_notify_page_the_manifest_and_the_service_worker(client, vapid, open_round):
    _tournament, _round, players = open_round
    secret = cards.key_for(players[0]).secret
    page = client.get(reverse("card_notify", kwargs={"secret": secret}))
    html = page.content.decode()
    assert "Notify me on this phone" in html
    assert "Add to Home Screen" in html
    assert f'data-key="{vapid}"' in html
    assert f'<link rel="manifest" href="/card/{secret}/manifest.webmanifest">' in html
    assert page["Referrer-Policy"] == "same-origin"
    manifest = client.get(f"/card/{secret}/manifest.webmanifest")
    assert manifest["Content-Type"].startswith("application/manifest+json")
    data = manifest.json()
    assert data["display"] == "standalone"
    assert data["start_url"] == f"/card/{secret}/notify/"
    assert [icon["sizes"] for icon in data["icons"]] == ["192x192", "512x512"]
    assert data["icons"][0]["src"].startswith("/static/img/card-icon-192")
    worker = client.get("/sw.js")
    assert worker.status_code == 200
    assert worker["Content-Type"].startswith("text/javascript")
    assert worker["Service-Worker-Allowed"] == "/"
    assert b"showNotification" in worker.content
    assert client.get("/sv/sw.js").status_code == 404


def test_vapid_keys_prints_a_pair_the_sender_takes():
    out = StringIO()
    call_command("vapid_keys", stdout=out)
    lines = dict(line.split("=", 1) for line in out.getvalue().split())
    public = base64.urlsafe_b64decode(lines["VAPID_PUBLIC_KEY"] + "==")
    assert len(public) == 65 and public[0] == 4
    from py_vapid import Vapid

    assert Vapid.from_string(private_key=lines["VAPID_PRIVATE_KEY"]).public_key is not None


@pytest.mark.slow
@pytest.mark.django_db(transaction=True)
def test_the_message_is_sent_by_the_worker_never_in_the_request(
    anna, queued, vapid, push_service, open_round
):
    """As in production: publishing the round queues the task in the database and answers; the
    worker (``manage.py db_worker``'s loop) sends."""
    _tournament, round_, players = open_round
    subscribe(players[11], push_service, Subscriber())
    rounds.publish_round(anna, round_)
    assert push_service.received == []
    run_worker()
    assert len(push_service.received) == 1


@settings_(max_examples=300, deadline=None)
@given(
    endpoint=st.one_of(st.text(max_size=600), st.just("https://fcm.googleapis.com/x")),
    p256dh=st.one_of(st.text(max_size=120), st.none(), st.integers()),
    auth=st.one_of(st.text(max_size=60), st.none()),
)
def test_whatever_a_browser_sends_is_kept_checked_or_refused_saying_why(endpoint, p256dh, auth):
    try:
        browser = subscriptions.checked(endpoint, p256dh, auth)
    except SubscriptionRefused as refused:
        assert str(refused)
        return
    assert len(browser.endpoint) <= subscriptions.MAX_ENDPOINT
    assert len(unb64(browser.p256dh)) == 65 and len(unb64(browser.auth)) == 16
