from django.apps import AppConfig


class PairingConfig(AppConfig):
    """The pairing systems, one room each (round robin, Swiss, Monrad, knockout), and the round
    lifecycle they share."""

    name = "pairing"
    verbose_name = "Pairing"

    def ready(self) -> None:
        from arbiter.core import systems
        from arbiter.platform import jobs
        from pairing.knockout.system import KNOCKOUT
        from pairing.monrad.system import MONRAD
        from pairing.round_robin.system import ROUND_ROBIN
        from pairing.rounds.jobs import PAIR
        from pairing.swiss.system import SWISS_DUTCH
        from pairing.swiss.trf.jobs import TRF_IMPORT
        from pairing.team_round_robin.system import TEAM_ROUND_ROBIN
        from pairing.team_swiss.system import TEAM_SWISS

        # The modules whose sentences an arbiter may read are marked with N_ when imported
        # (arbiter/core/engine_text.py translates them back): the engines' explanations (the
        # Dutch engine's explain, imported by its services) and the summaries the services
        # store (a draft's last change, a job's message), all imported by the entries here.
        for system in (ROUND_ROBIN, SWISS_DUTCH, MONRAD, KNOCKOUT, TEAM_ROUND_ROBIN, TEAM_SWISS):
            systems.register(system)
        jobs.register(PAIR)
        jobs.register(TRF_IMPORT)
