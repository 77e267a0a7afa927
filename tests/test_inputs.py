"""Control characters in what the portal reads (issue 49 item 14).

A NUL byte gave a 500 on PostgreSQL (a chat line; ``/u/a%00b/`` and ``/invite/a%00b/``
anonymously), which refuses NUL in text, while SQLite stored it. Every URL path, query
parameter, form field and cookie now goes through one check (core/middleware.py,
refuse_control_characters) before any view or database sees it: a path holding a control
character is not found (404), a parameter or field holding one is refused with a sentence
naming the field (400, a fragment for htmx), a cookie holding one is ignored; nothing is stored.
Tab, line feed and carriage return are text. tests/services/test_inputs.py replays the attack on
PostgreSQL through a live daphne.
"""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from core.models import ChatMessage, Match, Profile

pytestmark = pytest.mark.django_db

CONTROLS = ["\x00", "\x01", "\x08", "\x0b", "\x1b", "\x7f", "\x85", "\x9f"]


@pytest.mark.parametrize("path", ["/u/a%00b/", "/invite/a%00b/", "/u/a%1Bb/", "/invite/%7F/",
                                  "/games/tic%00tactoe/", "/accounts/reset/M%00Q/set-password/",
                                  "/static/css/meeple%00hall.css", "/admin/core/match/1%00/change/"])
def test_a_path_with_a_control_character_is_not_found(client, alice, path):
    answer = client.get(path)
    assert answer.status_code == 404, path
    assert b"Not found" in answer.content or b"not found" in answer.content.lower()


@pytest.mark.parametrize("char", CONTROLS)
def test_a_chat_line_with_a_control_character_is_refused_and_not_stored(client_for, ttt_match, alice, char):
    player = client_for(alice)
    answer = player.post(f"/match/{ttt_match.pk}/chat/", {"text": f"a{char}b"}, HTTP_HX_REQUEST="true")
    assert answer.status_code == 400
    text = answer.content.decode()
    assert text.startswith('<p class="feedback error" role="alert">') and "control character" in text
    assert "“text”" in text
    assert not ChatMessage.objects.exists()


def test_a_whole_page_post_gets_the_sentence_on_the_400_page(client_for, alice):
    answer = client_for(alice).post("/accounts/profile/", {"display_name": "Al\x00ice"})
    assert answer.status_code == 400
    page = answer.content.decode()
    assert "control character" in page and "“display_name”" in page and "<h1>" in page
    assert Profile.objects.get(user=alice).display_name == ""


def test_tab_and_new_lines_are_text(client_for, ttt_match, alice):
    answer = client_for(alice).post(f"/match/{ttt_match.pk}/chat/", {"text": "good\tgame\r\n"})
    assert answer.status_code == 200
    assert ChatMessage.objects.get().text == "good\tgame"  # the view strips the ends


@pytest.mark.parametrize("fields", [
    {"username": "ann\x00", "password1": "a-long-horse-battery", "password2": "a-long-horse-battery"},
    {"username": "ann", "password1": "a-long-horse\x01battery", "password2": "a-long-horse\x01battery"},
    {"username": "ann", "email": "ann@example.org\x00", "password1": "a-long-horse-battery",
     "password2": "a-long-horse-battery"},
    {"user\x00name": "ann", "password1": "a-long-horse-battery", "password2": "a-long-horse-battery"},
])
def test_sign_up_with_a_control_character_creates_nobody(fields):
    answer = Client().post("/accounts/signup/", fields)
    assert answer.status_code == 400 and "control character" in answer.content.decode()
    assert not get_user_model().objects.filter(username__startswith="ann").exists()


def test_moves_log_ins_and_resets_with_a_control_character_are_refused(client_for, ttt_match, alice):
    player = client_for(alice)
    answer = player.post(f"/match/{ttt_match.pk}/move/", {"type": "mark", "cell": "4\x00", "version": "0"},
                         HTTP_HX_REQUEST="true")
    assert answer.status_code == 400 and Match.objects.get(pk=ttt_match.pk).version == 0
    assert Client().post("/accounts/login/", {"username": "alice\x00", "password": "x"}).status_code == 400
    assert Client().post("/accounts/password_reset/", {"email": "a\x00@example.org"}).status_code == 400


@pytest.mark.parametrize("query", ["?q=a%00b", "?next=%00", "?token=a%00b", "?x%00=1", "?q=%C2%85"])
def test_a_query_parameter_with_a_control_character_is_refused(client_for, ttt_match, make_user, query):
    staff = make_user("root", staff=True)
    staff.is_superuser = True
    staff.save()
    for path in ("/admin/core/match/", f"/match/{ttt_match.pk}/", "/accounts/login/", "/"):
        answer = client_for(staff).get(path + query)
        assert answer.status_code == 400, path + query
        assert "control character" in answer.content.decode()


def test_a_cookie_with_a_control_character_is_ignored(client_for, alice):
    client = Client()
    client.cookies["sessionid"] = "abcdefgh\x00ijkl"
    answer = client.get("/")
    assert answer.status_code == 200 and answer.wsgi_request.user.is_anonymous
