"""Site-wide safety: error pages, the Content-Security-Policy, the deploy check (issue 12, 15)."""

from __future__ import annotations

import os
import re
import secrets
import subprocess
import sys
from pathlib import Path

import pytest
from django.test import Client

ROOT = Path(__file__).resolve().parent.parent
TEMPLATE_DIRS = [ROOT / "templates", ROOT / "core" / "templates", *ROOT.glob("plugins/*/*/templates")]

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("url", ["/", "/accounts/login/", "/accounts/signup/"])
def test_latin1_form_post_gets_400_not_500(url):
    """Issue 12.12: "Django 5.2's own 400 handler raises on a POST with charset=latin-1"."""
    anonymous = Client(raise_request_exception=True, enforce_csrf_checks=True)
    anonymous.cookies["csrftoken"] = "a" * 32  # a well-formed cookie, so CSRF reads the body
    response = anonymous.post(url, data="username=a&password=b",
                              content_type="application/x-www-form-urlencoded; charset=latin-1")
    assert response.status_code == 400
    assert b"could not be read" in response.content


def test_bad_request_handler_answers_even_if_its_template_breaks(monkeypatch, rf):
    """The handler of last resort cannot raise: a broken template gives the fixed text."""
    from core.views import errors

    def broken(*args, **kwargs):
        raise RuntimeError("template engine down")

    monkeypatch.setattr(errors, "render_to_string", broken)
    response = errors.bad_request(rf.get("/"))
    assert response.status_code == 400 and b"Bad request" in response.content


def test_missing_match_is_a_site_styled_404(client):
    """Issue 15.10: a missing match showed Django's debug page listing every URL pattern."""
    response = client.get("/match/999999/")
    page = response.content.decode()
    assert response.status_code == 404
    assert "Nothing here" in page and "Meeple Hall" in page and "URLconf" not in page


def test_every_page_sends_a_strict_content_security_policy(client):
    """Issue 12.11: a CSP with no inline script (scripts only from this site, no eval)."""
    policy = client.get("/").headers["Content-Security-Policy"]
    directives = dict(d.strip().split(" ", 1) for d in policy.split(";"))
    assert directives["script-src"] == "'self'"
    assert "unsafe-inline" not in directives["style-src"] and directives["object-src"] == "'none'"
    assert directives["frame-ancestors"] == "'none'"


INLINE_SCRIPT = re.compile(r"<script(?![^>]*\bsrc=)[^>]*>", re.I)
INLINE_HANDLER = re.compile(r"\son[a-z]+\s*=|\shx-on[:-]", re.I)


def _site_templates():
    for folder in TEMPLATE_DIRS:
        yield from sorted(folder.rglob("*.html"))


@pytest.mark.parametrize("path", list(_site_templates()), ids=lambda p: str(p.relative_to(ROOT)))
def test_site_templates_have_no_inline_script(path):
    """Under ``script-src 'self'`` inline script and on*/hx-on handlers would silently not run."""
    text = path.read_text()
    assert not INLINE_SCRIPT.search(text), "inline <script>: move it to static/js/"
    assert not INLINE_HANDLER.search(text), "inline event handler: use a data- attribute and static/js/"


def test_template_comments_in_braces_close_on_their_own_line():
    """Django's ``{# #}`` comment is one line only: one that runs on is printed on the page as
    text (the ski hotel's board showed a comment meant for its readers). Longer comments use
    ``{% comment %}``."""
    open_ended = [f"{path.relative_to(ROOT)}:{number}"
                  for path in _site_templates()
                  for number, line in enumerate(path.read_text().splitlines(), start=1)
                  if line.count("{#") > line.count("#}")]
    assert open_ended == []


def test_deploy_check_leaves_only_the_proxy_side_warnings(tmp_path):
    """`check --deploy` with DEBUG off: only the HTTPS redirect (W008), decided at the TLS
    proxy, and HSTS for subdomains and preloading (W005, W021), decided for the domain, remain,
    as the README's production section says. HSTS itself (W004) is on (issue 49 item 17)."""
    env = dict(os.environ, DEBUG="0", MEEPLEHALL_VAR=str(tmp_path), ALLOWED_HOSTS="hall.example.org",
               DJANGO_SETTINGS_MODULE="config.settings")
    env.pop("SECRET_KEY", None)
    env.pop("SECURE_COOKIES", None)
    done = subprocess.run([sys.executable, "manage.py", "check", "--deploy"], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=60)
    found = set(re.findall(r"\(([a-z_]+\.[EW]\d+)\)", done.stdout + done.stderr))
    assert done.returncode == 0, done.stderr
    assert found == {"security.W005", "security.W008", "security.W021"}, done.stdout + done.stderr


def test_secret_key_is_generated_once_and_kept(tmp_path):
    """Issue 15.10: no development key in the code; a key made on first start is reused after."""
    from config.settings import kept_secret_key

    path = tmp_path / "secret_key"
    first = kept_secret_key(path)
    assert len(first) >= 50 and kept_secret_key(path) == first
    assert path.stat().st_mode & 0o077 == 0, "only the owner may read the key"
    path.write_text(secrets.token_urlsafe(4))
    with pytest.raises(Exception, match="no usable secret key"):
        kept_secret_key(path)


@pytest.mark.parametrize("url", ["/accounts/password_reset/", "/accounts/password_reset/done/",
                                 "/accounts/reset/MQ/bad-token/", "/accounts/reset/done/"])
def test_password_reset_pages_are_site_styled(client, url):
    """Issue 15.10: the reset pages were styled as "Django administration"."""
    response = client.get(url, follow=True)
    page = response.content.decode()
    assert response.status_code == 200
    assert "Django administration" not in page and "Meeple Hall" in page


def test_password_change_pages_are_site_styled(client_for, alice):
    c = client_for(alice)
    page = c.get("/accounts/password_change/").content.decode()
    assert "Django administration" not in page and "Change your password" in page
    done = c.post("/accounts/password_change/", {
        "old_password": "pw-for-tests-123", "new_password1": "n3w-secret-pass!",
        "new_password2": "n3w-secret-pass!"}, follow=True).content.decode()
    assert "Your password is changed" in done and "Django administration" not in done


def test_reset_mail_links_to_the_confirm_page(client, alice, mailoutbox):
    alice.email = "alice@example.org"
    alice.save()
    alice.profile.confirmed_email = "alice@example.org"  # only confirmed addresses are mailed
    alice.profile.save()
    client.post("/accounts/password_reset/", {"email": "alice@example.org"})
    mail = mailoutbox[0]
    assert mail.subject == "Choose a new Meeple Hall password"
    link = re.search(r"http://testserver(/accounts/reset/\S+/)", mail.body).group(1)
    confirm = client.get(link, follow=True).content.decode()
    assert "Choose a new password" in confirm


def test_your_tables_name_the_other_players(client_for, alice, bob):
    """Issue 15.11: "Your tables" piled up without opponents' names."""
    from core.services.tables import create_table, join_table

    match = create_table(alice, "tictactoe", 2)
    join_table(match.pk, bob)
    page = client_for(alice).get("/").content.decode()
    mine = page[page.index('id="my-matches"'):page.index("<h2>Games</h2>")]
    assert "with bob" in mine and "alice" not in mine


class TestNewTableForm:
    """Issue 15.11: the new-table form's clock, solo options and player-count message."""

    def test_minutes_are_ignored_without_a_clock(self, client_for, alice):
        response = client_for(alice).post("/games/tictactoe/new/", {
            "players": "2", "time_control": "none", "time_per_move": "5", "seat1_who": "random",
            "rated": "on"})
        from core.models import Match

        assert response.status_code == 302
        assert Match.objects.latest("pk").time_per_move == 0

    def test_a_clock_needs_its_length(self, client_for, alice):
        page = client_for(alice).post("/games/tictactoe/new/", {
            "players": "2", "time_control": "realtime", "time_per_move": "", "seat1_who": "open"})
        assert "Say how long each move may take" in page.content.decode()

    def test_invalid_player_count_says_why(self, client_for, alice):
        page = client_for(alice).post("/games/lodge_hotel/new/", {
            "players": "9", "time_control": "none"}).content.decode()
        assert "is played by 1 to 4 players." in page

    def test_solo_only_options_are_marked_for_one_player(self, client_for, alice):
        """site.js hides and disables fields marked data-players for other player counts."""
        page = client_for(alice).get("/games/lodge_hotel/new/").content.decode()
        assert re.search(r'<label data-players="1-1">\s*Solo difficulty level', page)
        assert 'class="clock-length"' in page

    def test_hidden_seats_beyond_the_player_count_are_not_required(self, client_for, alice):
        """Seats past the chosen count are hidden and disabled, so the browser does not send them;
        the form must not refuse the table for fields the player could not see."""
        response = client_for(alice).post("/games/kavango/new/", {
            "players": "2", "time_control": "none", "seat1_who": "random"})
        assert response.status_code == 302, response.content.decode()[:2000]


def test_server_error_page_is_site_styled_and_standalone(rf):
    """Issue 15.10: the 500 page is the portal's own, and needs nothing that could fail again
    (no database, no request context)."""
    from django.views.defaults import server_error

    response = server_error(rf.get("/"))
    page = response.content.decode()
    assert response.status_code == 500
    assert "Something broke on our side" in page and "meeplehall" in page and "Traceback" not in page


def test_processes_starting_together_share_one_key(tmp_path):
    """Several daphne processes started at once without SECRET_KEY all read the same whole key."""
    script = ("import sys; sys.path.insert(0, '.'); from pathlib import Path; "
              "from config.settings import kept_secret_key; "
              f"print(kept_secret_key(Path({str(tmp_path / 'secret_key')!r})))")
    env = dict(os.environ, MEEPLEHALL_VAR=str(tmp_path / "var"), DJANGO_SETTINGS_MODULE="config.settings")
    starts = [subprocess.Popen([sys.executable, "-c", script], cwd=ROOT, env=env, text=True,
                               stdout=subprocess.PIPE) for _ in range(4)]
    keys = {p.communicate(timeout=60)[0].strip() for p in starts}
    assert len(keys) == 1 and len(keys.pop()) >= 50
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []
