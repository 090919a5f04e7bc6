"""A player's phone signs up for notifications on their card and receives "Your pairing is out"
when the arbiter publishes the round (docs/venue.md, "Notifications": what is real here and
what stands in for the internet).

Real: the card's page and its script, the service worker registered from /sw.js, the sign-up
posted with its CSRF token, the round published through the service, the background task
sending the message encrypted (aes128gcm) and VAPID-signed with pywebpush to the subscription's
endpoint, the message decrypted with the subscription's own keys, and the service worker showing
it. Stood in: chromium without the internet has no push service, so ``pushManager.subscribe``
is replaced by a script that makes the subscription with WebCrypto keys and a push service of
the test's own (tests/push_service.py) as its endpoint; and the push service's last hop to the
browser is DevTools' ``ServiceWorker.deliverPushMessage`` with the decrypted text.
"""

import json

import pytest
from cryptography.hazmat.primitives.asymmetric import ec
from django.core.cache import caches
from playwright.sync_api import expect

from arbiter.platform.views.auth import CACHE
from arbiter.venue.management.commands.vapid_keys import fresh_pair
from arbiter.venue.models import PushSubscription
from arbiter.venue.services import cards
from pairing.rounds import services as rounds
from tests.arbiter.conftest import play_round
from tests.browser.conftest import screenshot
from tests.factories import EntryFactory, TournamentFactory
from tests.push_service import Subscriber, serve, unb64

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.django_db(transaction=True)]

#: Stands in for the browser's push service sign-up (see the module's docstring): the keys are
#: made by WebCrypto in the page and handed to the test in ``window.__pushKeys``.
FAKE_SUBSCRIBE = """
(() => {
  const endpoint = %s;
  const b64 = (buffer) => btoa(String.fromCharCode(...new Uint8Array(buffer)))
    .replace(/\\+/g, "-").replace(/\\//g, "_").replace(/=+$/, "");
  let current = null;
  PushManager.prototype.getSubscription = async function () { return current; };
  PushManager.prototype.subscribe = async function (options) {
    const pair = await crypto.subtle.generateKey(
      { name: "ECDH", namedCurve: "P-256" }, true, ["deriveBits"]);
    const p256dh = b64(await crypto.subtle.exportKey("raw", pair.publicKey));
    const auth = b64(crypto.getRandomValues(new Uint8Array(16)));
    window.__pushKeys = { jwk: await crypto.subtle.exportKey("jwk", pair.privateKey), auth };
    const key = options.applicationServerKey;
    current = {
      endpoint,
      expirationTime: null,
      options: { userVisibleOnly: true, applicationServerKey: key.buffer || key },
      toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh, auth } }),
      unsubscribe: async () => { current = null; return true; },
    };
    return current;
  };
})();
"""

NOTIFICATIONS = """async () => {
  const registration = await navigator.serviceWorker.ready;
  const shown = await registration.getNotifications();
  return shown.map((n) => ({ title: n.title, body: n.body, url: n.data && n.data.url }));
}"""


@pytest.fixture
def push_service():
    service, server = serve()
    yield service
    server.shutdown()
    server.server_close()


def test_a_phone_signed_up_on_its_card_is_told_its_pairing(
    browser, live_server, settings, anna, push_service
):
    caches[CACHE].clear()
    settings.VAPID_PUBLIC_KEY, settings.VAPID_PRIVATE_KEY = fresh_pair()
    settings.VAPID_SUBJECT = "mailto:arbiter@example.org"
    tournament = TournamentFactory(name="Bergen Open", chief=anna)
    players = [
        EntryFactory(tournament=tournament, name=f"Player {n:02d}", starting_number=n)
        for n in range(1, 25)
    ]
    round_ = play_round(
        tournament, 1, games=[(players[i], players[i + 12], "") for i in range(12)], state="draft"
    )
    secret = cards.key_for(players[11]).secret

    context = browser.new_context(
        base_url=live_server.url, viewport={"width": 390, "height": 844}, is_mobile=True
    )
    context.grant_permissions(["notifications"], origin=live_server.url)
    context.add_init_script(FAKE_SUBSCRIBE % json.dumps(push_service.endpoint("phone")))
    phone = context.new_page()
    phone.set_default_timeout(10_000)
    errors = []
    phone.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    cdp = context.new_cdp_session(phone)
    registrations: list[str] = []

    def updated(event):
        for registration in event["registrations"]:
            if not registration.get("isDeleted"):
                registrations.append(registration["registrationId"])

    cdp.on("ServiceWorker.workerRegistrationUpdated", updated)
    cdp.send("ServiceWorker.enable")

    phone.goto(f"/card/{secret}/")
    form = phone.locator("#notify-form")
    expect(form).to_have_attribute("data-ready", "yes")  # the service worker is active
    phone.get_by_role("button", name="Notify me on this phone").click()
    expect(phone.get_by_role("status")).to_contain_text("Notifications are on for this phone")
    expect(phone.get_by_role("button", name="Stop notifications on this phone")).to_be_visible()
    expect(phone.locator("#notify-on")).to_be_hidden()
    screenshot(phone, "venue-push-signed-up")
    kept = PushSubscription.objects.get()
    assert (kept.entry, kept.endpoint) == (players[11], push_service.endpoint("phone"))
    keys = phone.evaluate("() => window.__pushKeys")
    private = ec.derive_private_key(int.from_bytes(unb64(keys["jwk"]["d"]), "big"), ec.SECP256R1())
    subscriber = Subscriber(private, unb64(keys["auth"]))
    assert subscriber.p256dh == kept.p256dh

    # the arbiter publishes round 1: the task (run at once in the tests) sends the message
    rounds.publish_round(anna, round_)
    assert push_service.arrived.wait(10)
    pushed = push_service.received[0]
    assert pushed.path == "/push/phone"
    assert {k.lower(): v for k, v in pushed.headers.items()}["content-encoding"] == "aes128gcm"
    plaintext = subscriber.decrypt(pushed.body).decode()
    assert "Your pairing is out: board 12, White against Player 24." in plaintext

    # the push service's last hop: the message to the phone's service worker
    for _ in range(100):  # the event came with the page's sign-up; Playwright's loop hands it
        if registrations:
            break
        phone.wait_for_timeout(50)
    assert registrations, "the service worker was never registered"
    cdp.send(
        "ServiceWorker.deliverPushMessage",
        {"origin": live_server.url, "registrationId": registrations[-1], "data": plaintext},
    )
    phone.wait_for_function(f"async () => ({NOTIFICATIONS})().then((n) => n.length > 0)")
    shown = phone.evaluate(NOTIFICATIONS)
    assert shown == [
        {
            "title": "Bergen Open, round 1",
            "body": "Your pairing is out: board 12, White against Player 24.",
            "url": f"/card/{secret}/",
        }
    ]
    # the phone turns them off again
    phone.get_by_role("button", name="Stop notifications on this phone").click()
    expect(phone.get_by_role("status")).to_have_text("Notifications are off for this phone.")
    expect(phone.get_by_role("button", name="Notify me on this phone")).to_be_visible()
    assert not PushSubscription.objects.exists()
    assert not errors, errors  # no script refused by the Content-Security-Policy
    context.close()
