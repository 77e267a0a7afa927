from django.apps import AppConfig


class LodgeHikersConfig(AppConfig):
    name = "lodge_hikers"
    label = "lodge_hikers"
    verbose_name = "Lodge: hikers and snacks"
