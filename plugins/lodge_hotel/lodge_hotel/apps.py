from django.apps import AppConfig


class LodgeHotelConfig(AppConfig):
    name = "lodge_hotel"
    label = "lodge_hotel"
    verbose_name = "Lodge: ski hotel"
    default_auto_field = "django.db.models.BigAutoField"
