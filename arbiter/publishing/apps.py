from django.apps import AppConfig


class PublishingConfig(AppConfig):
    """Publishing from the venue (issue 31; docs/publishing.md): the venue's laptop is the
    master and pushes what is public of an event to a public instance of the app, signed,
    incremental and resumable; the public instance keeps what it received and serves it under
    the same paths."""

    name = "arbiter.publishing"
    label = "publishing"
    verbose_name = "Publishing"
