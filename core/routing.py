from django.urls import path

from .consumers import MatchConsumer, PortalConsumer

websocket_urlpatterns = [
    path("ws/match/<int:pk>/", MatchConsumer.as_asgi()),
    path("ws/portal/", PortalConsumer.as_asgi()),
]
