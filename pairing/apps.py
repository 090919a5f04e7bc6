from django.apps import AppConfig


class PairingConfig(AppConfig):
    name = "pairing"
    verbose_name = "Pairing"
