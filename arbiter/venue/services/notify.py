"""What the cards' browsers are told, and the sending (docs/venue.md, "Notifications").

Two moments, each run by a background task (arbiter/venue/tasks.py), never in a web request:

- a round is published: each player with a subscribed card gets "Your pairing is out: board 12,
  White against Carlsen, Magnus" (a bye says so), once per publishing of the round;
- a judo bout is decided: each fighter whose next bout now has three bouts (or fewer) before it
  on its mat gets "Three bouts before yours on mat 2", once per fighter per bout.

What was sent is remembered (:class:`PushSent`, claimed before sending), so a task run twice, or
the mats moving on while a fighter waits, sends nothing twice. Each message is encrypted for its
browser (RFC 8291, aes128gcm) and signed with the site's VAPID key (RFC 8292) by pywebpush; a push
service saying the subscription is gone (404, 410: RFC 8030) drops it; any other failure is
counted on the subscription and logged, and ``MAX_FAILURES`` in a row drop it too.
"""

import json
import logging
from dataclasses import dataclass

from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import F
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, override
from py_vapid import Vapid
from pywebpush import WebPushException, webpush

from arbiter.core.models import Bye, Entry, Round, Tournament
from arbiter.venue.models import CardKey, PushSent, PushSubscription
from arbiter.venue.services.subscriptions import enabled
from judo.models import Category
from judo.services import mats

log = logging.getLogger(__name__)

#: How long a push service keeps a message for a phone that is off (seconds): a pairing is
#: worth reading for the round's first hour, a call to the mat for a quarter of an hour.
ROUND_TTL = 3600
CALL_TTL = 900
#: A bout this many bouts (or fewer) before a fighter's own is when they are told.
BOUTS_BEFORE = 3
#: Failures in a row after which a subscription is dropped.
MAX_FAILURES = 10
#: Seconds the push service has to answer.
TIMEOUT = 10


@dataclass(frozen=True)
class Message:
    """What one player is told: a title, a line, and the key it is remembered under."""

    key: str
    title: str
    body: str
    ttl: int
    urgency: str = "normal"


def _card_url(secret: str) -> str:
    """The player's card page, which the notification opens."""
    return reverse("venue_card", kwargs={"secret": secret})


def payload(message: Message, secret: str) -> bytes:
    """The JSON the service worker shows (static/js/sw.js): title, body, the card to open and a
    tag (a newer message of the same kind replaces the older one on the phone)."""
    data = {
        "title": message.title,
        "body": message.body,
        "url": _card_url(secret),
        "tag": message.key.rsplit(":", 1)[0],
    }
    return json.dumps(data, ensure_ascii=False).encode()


def _vapid() -> Vapid:
    return Vapid.from_string(private_key=settings.VAPID_PRIVATE_KEY)


def send(subscription: PushSubscription, data: bytes, ttl: int, urgency: str = "normal") -> bool:
    """Send one message to one browser; True when the push service took it. Gone (404, 410):
    the subscription is deleted; another failure is counted and logged."""
    info = {
        "endpoint": subscription.endpoint,
        "keys": {"p256dh": subscription.p256dh, "auth": subscription.auth},
    }
    try:
        webpush(
            info,
            data,
            vapid_private_key=_vapid(),
            vapid_claims={"sub": settings.VAPID_SUBJECT},  # a fresh dict: webpush fills it in
            ttl=ttl,
            headers={"Urgency": urgency},
            timeout=TIMEOUT,
        )
    except WebPushException as error:
        status = error.response.status_code if error.response is not None else None
        if status in (404, 410):
            log.info("push subscription %s is gone (%s): dropped", subscription.pk, status)
            subscription.delete()
            return False
        _failed(subscription, f"{status}: {error}")
        return False
    except Exception as error:  # the network: a timeout, a refused connection
        _failed(subscription, repr(error))
        return False
    PushSubscription.objects.filter(pk=subscription.pk).update(last_ok=timezone.now(), failures=0)
    return True


def _failed(subscription: PushSubscription, why: str) -> None:
    log.warning("push to subscription %s failed: %s", subscription.pk, why[:300])
    if subscription.failures + 1 >= MAX_FAILURES:
        subscription.delete()
        return
    PushSubscription.objects.filter(pk=subscription.pk).update(failures=F("failures") + 1)


def _claimed(entry_id: int, key: str) -> bool:
    """Remember that ``key`` is sent to the entry; False if it was already."""
    try:
        with transaction.atomic():
            PushSent.objects.create(entry_id=entry_id, key=key)
    except IntegrityError:
        return False
    return True


def deliver(messages: dict[int, object]) -> int:
    """Send each entry its message (``messages``: entry id -> a callable of the language giving
    the :class:`Message`), to every browser of its current card, once. Returns how many
    browsers took one."""
    if not enabled() or not messages:
        return 0
    cards = dict(CardKey.objects.filter(entry_id__in=messages).values_list("entry_id", "issued"))
    secrets = dict(CardKey.objects.filter(entry_id__in=messages).values_list("entry_id", "secret"))
    subscriptions = [
        s
        for s in PushSubscription.objects.filter(entry_id__in=messages).order_by("pk")
        if cards.get(s.entry_id) == s.card_issued
    ]
    by_entry: dict[int, list[PushSubscription]] = {}
    for subscription in subscriptions:
        by_entry.setdefault(subscription.entry_id, []).append(subscription)
    taken = 0
    for entry_id, browsers in by_entry.items():
        write = messages[entry_id]
        first = write(browsers[0].language)  # type: ignore[operator]
        if not _claimed(entry_id, first.key):
            continue
        for subscription in browsers:
            message = write(subscription.language)  # type: ignore[operator]
            with override(subscription.language):
                data = payload(message, secrets[entry_id])
            taken += send(subscription, data, message.ttl, message.urgency)
    return taken


# --- a round published ------------------------------------------------------------------------


def _side(white: bool) -> str:
    return _("White") if white else _("Black")


def round_messages(round_: Round) -> dict[int, object]:
    """What each player of a published round is told, by entry id."""
    tournament = round_.tournament
    stamp = round_.published_at.timestamp() if round_.published_at else 0
    key = f"round:{round_.pk}:{stamp:.0f}"
    messages: dict[int, object] = {}

    def title(language: str) -> str:
        with override(language):
            return _("%(tournament)s, round %(number)s") % {
                "tournament": tournament.name,
                "number": round_.number,
            }

    def game_message(board: int, white: bool, opponent: str):
        def write(language: str) -> Message:
            with override(language):
                body = _("Your pairing is out: board %(board)s, %(side)s against %(opponent)s.") % {
                    "board": board,
                    "side": _side(white),
                    "opponent": opponent,
                }
                return Message(key, title(language), body, ROUND_TTL, "high")

        return write

    def bye_message(kind: str):
        def write(language: str) -> Message:
            with override(language):
                body = _("Your pairing is out: you have no game this round (%(bye)s).") % {
                    "bye": Bye.Kind(kind).label
                }
                return Message(key, title(language), body, ROUND_TTL)

        return write

    for game in round_.games.select_related("white", "black"):
        messages[game.white_id] = game_message(game.board, True, game.black.name)
        messages[game.black_id] = game_message(game.board, False, game.white.name)
    for bye in round_.byes.all():
        messages[bye.entry_id] = bye_message(bye.kind)
    return messages


def round_published(tournament_id: int, number: int | None = None) -> int:
    """Tell the players of the tournament's round ``number`` (else its last published one)
    their pairing."""
    rounds = Round.objects.select_related("tournament").filter(
        tournament_id=tournament_id, state=Round.State.PUBLISHED
    )
    if number is not None:
        rounds = rounds.filter(number=number)
    round_ = rounds.order_by("-number").first()
    if round_ is None or not _has_subscribers(Entry.objects.filter(tournament_id=tournament_id)):
        return 0
    return deliver(round_messages(round_))


def _has_subscribers(entries) -> bool:
    return PushSubscription.objects.filter(entry__in=entries).exists()


# --- a judo bout decided ----------------------------------------------------------------------


def mat_messages(tournament: Tournament) -> dict[int, object]:
    """What each fighter of the competition whose next bout now has ``BOUTS_BEFORE`` bouts (or
    fewer) before it on its mat is told, by entry id. The bout on the mat is the first of each
    mat's ready bouts (judo/services/mats.py, ``on_the_mat``); its fighters are not told."""
    category = Category.objects.select_related("competition").filter(tournament=tournament).first()
    if category is None or category.team:
        return {}
    competition = category.competition
    if not _has_subscribers(Entry.objects.filter(tournament__category__competition=competition)):
        return {}
    day = mats.day(competition)
    numbers = sorted({c.mat for c in day.categories if c.mat and not c.team})
    messages: dict[int, object] = {}
    for mat in numbers:
        now, after = mats.on_the_mat(day.order(mat))
        queue = ([now] if now else []) + after
        for before, called in enumerate(queue[1 : BOUTS_BEFORE + 1], start=1):
            if called.category.team:
                continue
            key = f"bout:{called.category.pk}:{called.match.match.id}"
            for fighter, opponent in ((called.white, called.blue), (called.blue, called.white)):
                if fighter is None or opponent is None or fighter.pk in messages:
                    continue
                messages[fighter.pk] = _call(key, mat, before, called.category, opponent.name)
    return messages


def _call(key: str, mat: int, before: int, category, opponent: str):
    def write(language: str) -> Message:
        with override(language):
            if before == BOUTS_BEFORE:
                body = _("Three bouts before yours on mat %(mat)s: %(category)s against %(name)s.")
            else:
                body = ngettext(
                    "%(count)s bout before yours on mat %(mat)s: %(category)s against %(name)s.",
                    "%(count)s bouts before yours on mat %(mat)s: %(category)s against %(name)s.",
                    before,
                )
            body %= {"count": before, "mat": mat, "category": category.label, "name": opponent}
            title = _("Mat %(mat)s: get ready") % {"mat": mat}
            return Message(key, title, body, CALL_TTL, "high")

    return write


def bout_decided(tournament_id: int) -> int:
    """After a bout of a judo category was decided: tell the fighters now close to their turn."""
    tournament = Tournament.objects.filter(pk=tournament_id).first()
    if tournament is None:
        return 0
    return deliver(mat_messages(tournament))
