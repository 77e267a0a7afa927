from django.contrib import admin
from django.urls import include, path
from django.views.generic import RedirectView

urlpatterns = [
    # Staff log in through the portal's throttled log-in (core/views/accounts.py), not through
    # the admin's own form, which would check passwords with no limit at all.
    path("admin/login/", RedirectView.as_view(pattern_name="login", query_string=True)),
    path("admin/", admin.site.urls),
    path("api/", include("core.api.urls")),
    path("", include("core.urls")),
]

handler400 = "core.views.errors.bad_request"
