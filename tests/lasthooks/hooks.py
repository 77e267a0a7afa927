from core.hookspecs import hookimpl


@hookimpl(trylast=True)
def extra_profile_sections(user):
    return [{"title": "last", "template": "", "context": {}}]
