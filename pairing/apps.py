from django.apps import AppConfig


class PairingConfig(AppConfig):
    name = "pairing"
    verbose_name = "Pairing"

    def ready(self) -> None:
        # The modules whose sentences an arbiter may read, marked with N_ when imported
        # (pairing/engine_text.py translates them back): the engines' explanations and the
        # summaries the services store (a draft's last change, a job's message).
        from pairing import jobs  # noqa: F401
        from pairing.engines.dutch import explain  # noqa: F401
        from pairing.services import competition_lists, knockout, monrad, swiss  # noqa: F401
