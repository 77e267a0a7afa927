"""A NUL byte against a real daphne, on the embedded default and on PostgreSQL (issue 49 item 14).

PostgreSQL refuses NUL in text, so a chat line, ``/u/a%00b/`` and ``/invite/a%00b/`` answered 500
there (SQLite stored the NUL). Through the wire, on both backends: a path is not found, a field is
refused with a sentence, a cookie is ignored; nothing is stored and nothing answers 500.
"""

from __future__ import annotations

import pytest

from tests.services.web import PASSWORD, Browser, query

pytestmark = pytest.mark.services


def test_nul_bytes_are_refused_readably_and_never_reach_the_database(portal, name):
    anonymous = Browser(portal.url)
    for path in ("/u/a%00b/", "/invite/a%00b/", "/u/a%01b/", "/match/1/?token=a%00b"):
        answer = anonymous.get(path)
        assert answer.status == (400 if "?" in path else 404), (path, answer.status, answer.body[:300])

    ann = Browser(portal.url).signup(name("ann"))
    match_id = ann.new_table()
    refused = ann.post(f"/match/{match_id}/chat/", {"text": "a\x00b"}, htmx=True)
    assert refused.status == 400 and "control character" in refused.body
    assert ann.post(f"/match/{match_id}/chat/", {"text": "good luck"}, htmx=True).status == 200
    stored = query(portal.env["DATABASE_URL"], "SELECT text FROM core_chatmessage WHERE match_id = %s",
                   (match_id,))
    assert stored == [("good luck",)]

    newcomer = Browser(portal.url)
    newcomer.get("/accounts/signup/")
    bad_name = name("nul") + "\x00"
    answer = newcomer.post("/accounts/signup/", {"username": bad_name, "password1": PASSWORD,
                                                 "password2": PASSWORD})
    assert answer.status == 400 and "control character" in answer.body
    assert query(portal.env["DATABASE_URL"], "SELECT count(*) FROM auth_user WHERE username = %s",
                 (bad_name.rstrip("\x00"),)) == [(0,)]

    cookie = anonymous.request("GET", "/", headers={"Cookie": "sessionid=abcdefgh\x00ijkl"})
    assert cookie.status in (200, 400), cookie.status  # the session cookie is ignored (or daphne refuses it)
