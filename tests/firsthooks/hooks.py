from core.hookspecs import hookimpl


@hookimpl(tryfirst=True)
def extra_profile_sections(user):
    return [{"title": "first", "template": "", "context": {}}]
