from django.apps import AppConfig


class KavangoConfig(AppConfig):
    name = "kavango"
    label = "kavango"
    verbose_name = "Kavango"
