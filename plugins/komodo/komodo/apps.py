from django.apps import AppConfig


class KomodoConfig(AppConfig):
    name = "komodo"
    label = "komodo"
    verbose_name = "Komodo"
