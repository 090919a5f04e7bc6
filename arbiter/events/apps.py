from django.apps import AppConfig


class EventsConfig(AppConfig):
    """Festivals (issue 31; docs/events.md): an event that holds tournaments and judo competition
    days as its sections, its staff, its schedule and one registration list for all of them,
    from which each person is placed in a section."""

    name = "arbiter.events"
    label = "events"
    verbose_name = "Events"
