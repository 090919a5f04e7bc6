"""factory-boy factories for the domain; the personas in conftest.py are built from them."""

import datetime
from decimal import Decimal

import factory
from django.contrib.auth import get_user_model

from arbiter.core.models import Bye, Entry, Game, Round, Tournament, TournamentArbiter
from arbiter.core.services.status import tournament_changed
from arbiter.core.systems import System
from arbiter.ratings.lookup import name_key
from arbiter.ratings.models import ListedPlayer, RatingList
from judo.services import competition as competition_service

PASSWORD = "correct horse battery"


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = get_user_model()
        django_get_or_create = ["username"]
        skip_postgeneration_save = True

    username = factory.Sequence(lambda n: f"user{n}")
    password = factory.PostGenerationMethodCall("set_password", PASSWORD)

    @factory.post_generation
    def saved(self, create, extracted, **kwargs):
        if create:
            self.save()


class TournamentFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Tournament
        skip_postgeneration_save = True

    name = factory.Sequence(lambda n: f"Open {n}")
    system = System.SWISS_DUTCH
    is_published = True

    @factory.post_generation
    def chief(self, create, extracted, **kwargs):
        """TournamentFactory(chief=user) makes `user` its chief arbiter."""
        if create and extracted is not None:
            TournamentArbiter.objects.create(
                tournament=self, user=extracted, role=TournamentArbiter.Role.CHIEF
            )


class EntryFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Entry

    tournament = factory.SubFactory(TournamentFactory)
    name = factory.Sequence(lambda n: f"Player {n:03d}, Test")
    federation = "NOR"
    rating = factory.Sequence(lambda n: 2400 - n)
    starting_number = factory.Sequence(lambda n: n + 1)


class RoundFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Round

    tournament = factory.SubFactory(TournamentFactory)
    number = 1


class GameFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Game

    round = factory.SubFactory(RoundFactory)
    board = 1
    white = factory.SubFactory(EntryFactory, tournament=factory.SelfAttribute("..round.tournament"))
    black = factory.SubFactory(EntryFactory, tournament=factory.SelfAttribute("..round.tournament"))


class ByeFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Bye

    round = factory.SubFactory(RoundFactory)
    entry = factory.SubFactory(EntryFactory, tournament=factory.SelfAttribute("..round.tournament"))
    kind = Bye.Kind.PAIRING_ALLOCATED


class RatingListFactory(factory.django.DjangoModelFactory):
    """A complete FIDE list of a month (``month``: its first day)."""

    class Meta:
        model = RatingList

    source = RatingList.Source.FIDE
    month = factory.Sequence(lambda n: datetime.date(2026, 1 + n % 12, 1))
    file_name = factory.LazyAttribute(lambda o: f"players_list_{o.month:%b%y}.txt".lower())
    state = RatingList.State.COMPLETE


class ListedPlayerFactory(factory.django.DjangoModelFactory):
    """A player of a list, rated in standard only unless told; ``name_key`` follows the name."""

    class Meta:
        model = ListedPlayer

    rating_list = factory.SubFactory(RatingListFactory)
    fide_id = factory.Sequence(lambda n: 90_000_000 + n)
    name = factory.Sequence(lambda n: f"Listed {n:03d}, Test")
    name_key = factory.LazyAttribute(lambda o: name_key(o.name))
    federation = "NOR"
    sex = "M"
    standard = 2000
    standard_k = 20


def changed(tournament: Tournament) -> None:
    """What every service does after changing a tournament (arbiter/core/services/audit.record), for
    a test that changed it with the factories: its version moves on, so the public pages, kept
    by version, show the change."""
    tournament_changed(tournament)


def competition_with_categories(user, *, limits=(60, 66), sex="M", **fields):
    """A competition run by `user` with one category per weight limit (None: the open class),
    made through the services as the pages make them."""
    competition = competition_service.create_competition(
        user, {"name": "Autumn Cup", "mats": 2, "rest_minutes": 10, **fields}
    )
    for limit in limits:
        competition_service.add_category(
            user,
            competition,
            sex=sex,
            age_group="Seniors",
            weight_limit=None if limit is None else Decimal(limit),
        )
    competition.refresh_from_db()
    return competition


class EventFactory(factory.django.DjangoModelFactory):
    """An event (a festival of sections); EventFactory(organiser=user) makes `user` its
    organiser."""

    class Meta:
        model = "events.Event"
        skip_postgeneration_save = True

    name = factory.Sequence(lambda n: f"Festival {n}")
    city = "Oslo"
    start_date = datetime.date(2026, 7, 1)
    end_date = datetime.date(2026, 7, 9)
    is_published = True

    @factory.post_generation
    def organiser(self, create, extracted, **kwargs):
        if create and extracted is not None:
            self.staff_roles.create(user=extracted, role="organiser")


class SectionFactory(factory.django.DjangoModelFactory):
    """A tournament of an event (a chess section)."""

    class Meta:
        model = "events.Section"

    event = factory.SubFactory(EventFactory)
    tournament = factory.SubFactory(TournamentFactory)
    position = factory.Sequence(lambda n: n)


class RegistrationFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = "events.Registration"

    event = factory.SubFactory(EventFactory)
    name = factory.Sequence(lambda n: f"Entrant {n:03d}, Test")
    federation = "NOR"
    birth_year = 1990
    rating = factory.Sequence(lambda n: 2200 - n)
