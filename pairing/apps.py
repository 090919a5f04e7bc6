from django.apps import AppConfig


class PairingConfig(AppConfig):
    name = "pairing"
    verbose_name = "Pairing"

    def ready(self) -> None:
        # The modules whose sentences an arbiter may read, marked with N_ when imported
        # (pairing/engine_text.py translates them back): the engines' explanations and the
        # summaries the services store (a draft's last change, a job's message).
        from arbiter.platform import jobs
        from pairing.engines.dutch import explain  # noqa: F401
        from pairing.knockout import services as knockout  # noqa: F401
        from pairing.monrad import services as monrad  # noqa: F401
        from pairing.rounds.jobs import PAIR
        from pairing.swiss import services as swiss  # noqa: F401
        from pairing.swiss.trf.jobs import TRF_IMPORT

        jobs.register(PAIR)
        jobs.register(TRF_IMPORT)
