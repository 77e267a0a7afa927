from django.apps import AppConfig


class CoreConfig(AppConfig):
    name = "core"
    verbose_name = "Meeple Hall"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        """Build the plugin registry, register checks, and let open sockets hear of ended sessions."""
        from django.conf import settings

        from . import checks  # noqa: F401  (registers the system checks)
        from .plugins import build_registry, set_registry
        from .services import bots  # noqa: F401  (the bot scheduler listens for due bot moves)
        from .services.sessions import connect_signals

        set_registry(build_registry(list(settings.GAME_APPS)))
        connect_signals()
