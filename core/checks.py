"""System checks: a broken plugin shows up in `manage.py check`, not only in a log."""

from django.core import checks


@checks.register()
def plugin_problems(app_configs, **kwargs):
    from .plugins import registry

    return [
        checks.Warning(problem, hint="Fix or uninstall the plugin.", id="core.W001")
        for problem in registry().problems
    ]
