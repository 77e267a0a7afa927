from django.urls import include, path

from .views import accounts, match, pages, replays, tables

urlpatterns = [
    path("", pages.home, name="home"),
    path("lobby/tables/", pages.lobby_tables, name="lobby_tables"),
    path("healthz", pages.healthz, name="healthz"),
    path("games/<slug:slug>/", pages.game_page, name="game"),
    path("games/<slug:slug>/leaderboard/", pages.leaderboard_page, name="leaderboard"),
    path("games/<slug:slug>/new/", tables.new_table, name="new_table"),
    path("invite/<str:token>/", tables.invite, name="invite"),
    path("match/<int:pk>/", match.match_page, name="match"),
    path("match/<int:pk>/live/", match.match_live, name="match_live"),
    path("match/<int:pk>/move/", match.match_move, name="match_move"),
    path("match/<int:pk>/chat/", match.chat_post, name="match_chat"),
    path("match/<int:pk>/chat/list/", match.chat_list, name="match_chat_list"),
    path("match/<int:pk>/replay/", replays.replay, name="replay"),
    path("match/<int:pk>/replay/step/", replays.replay_step, name="replay_step"),
    path("match/<int:pk>/join/", tables.join, name="match_join"),
    path("match/<int:pk>/leave/", tables.leave, name="match_leave"),
    path("match/<int:pk>/remove-seat/", tables.remove_seat, name="match_remove_seat"),
    path("match/<int:pk>/add-bot/", tables.add_bot, name="match_add_bot"),
    path("match/<int:pk>/start/", tables.start_now, name="match_start"),
    path("match/<int:pk>/resign/", tables.resign, name="match_resign"),
    path("match/<int:pk>/reclaim/", tables.reclaim, name="match_reclaim"),
    path("match/<int:pk>/rematch/", tables.rematch, name="match_rematch"),
    path("staff/demo-match/", tables.demo_match, name="admin_demo_match"),
    path("accounts/signup/", accounts.signup, name="signup"),
    path("accounts/login/", accounts.ThrottledLoginView.as_view(), name="login"),
    path("accounts/", include("django.contrib.auth.urls")),
    path("accounts/profile/", accounts.edit_profile, name="edit_profile"),
    path("u/<str:username>/", accounts.profile, name="profile"),
]
