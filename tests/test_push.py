"""Web Push (issue 42), the server's side against a push endpoint on the loopback.

The test plays the browser: it makes the key pair and authentication secret a browser makes,
registers the subscription, and reads what the portal posts to the endpoint the way a push
service and then the browser would: the VAPID token checked against the site's key (RFC 8292),
the payload decrypted (RFC 8291, aes128gcm). What arrives says only what the mail says.
"""

from __future__ import annotations

import base64
import json
import os
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import http_ece
import pytest
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature

from core.models import PushSubscription
from core.services import push, submit_move
from core.services.notices import deliver_due
from core.services.tables import create_table, join_table

pytestmark = pytest.mark.django_db


def b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


class PushService(BaseHTTPRequestHandler):
    """A push endpoint: keeps what it is sent and answers as told (201, or 410 once forgotten)."""

    received: list = []
    answer = 201

    def do_POST(self):  # noqa: N802 (http.server's name)
        body = self.rfile.read(int(self.headers["Content-Length"]))
        type(self).received.append((self.path, {k.lower(): v for k, v in self.headers.items()}, body))
        self.send_response(type(self).answer)
        self.end_headers()

    def log_message(self, *args):
        pass


@pytest.fixture
def endpoint():
    PushService.received, PushService.answer = [], 201
    server = ThreadingHTTPServer(("127.0.0.1", 0), PushService)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()


def a_browser():
    """The keys a browser makes when it subscribes: (private key, p256dh, auth secret)."""
    key = ec.generate_private_key(ec.SECP256R1())
    public = key.public_key().public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
    return key, b64(public), os.urandom(16)


def verified_claims(authorization: str) -> dict:
    """The VAPID token's claims, after checking its ES256 signature with the key it names."""
    fields = dict(part.strip().split("=", 1) for part in authorization.removeprefix("vapid ").split(","))
    assert fields["k"] == push.application_server_key()
    head, claims, signature = fields["t"].split(".")
    raw = unb64(signature)
    der = encode_dss_signature(int.from_bytes(raw[:32], "big"), int.from_bytes(raw[32:], "big"))
    public = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), unb64(fields["k"]))
    public.verify(der, f"{head}.{claims}".encode(), ec.ECDSA(hashes.SHA256()))  # raises if forged
    return json.loads(unb64(claims))


def test_a_turn_is_pushed_encrypted_and_signed_to_the_browser_that_asked(alice, bob, endpoint, settings):
    settings.SITE_URL = "http://hall.test"
    key, p256dh, auth = a_browser()
    PushSubscription.objects.create(user=bob, endpoint=f"{endpoint}/push/bob", p256dh=p256dh, auth=b64(auth))
    match = join_table(create_table(alice, "tictactoe", 2, time_control="correspondence", time_per_move=2).pk, bob)
    submit_move(match.pk, alice, {"type": "mark", "cell": 4}, 0)
    assert deliver_due() == 1  # bob has no address at all: the push is his notice
    ((path, headers, body),) = PushService.received
    assert path == "/push/bob" and headers["content-encoding"] == "aes128gcm" and int(headers["ttl"]) > 0
    claims = verified_claims(headers["authorization"])
    assert claims["aud"] == endpoint and claims["sub"] == settings.WEBPUSH_CONTACT and claims["exp"] > time.time()
    notice = json.loads(http_ece.decrypt(body, private_key=key, auth_secret=auth, version="aes128gcm"))
    assert notice == {"title": f"Your turn: Tic-tac-toe #{match.pk}", "body": f"It is your turn at Tic-tac-toe #{match.pk}.",
                      "url": f"http://hall.test/match/{match.pk}/"}


def test_a_subscription_the_push_service_forgot_is_dropped(alice, bob, endpoint):
    _, p256dh, auth = a_browser()
    PushSubscription.objects.create(user=bob, endpoint=f"{endpoint}/push/gone", p256dh=p256dh, auth=b64(auth))
    PushService.answer = 410
    match = join_table(create_table(alice, "tictactoe", 2, time_control="correspondence", time_per_move=2).pk, bob)
    submit_move(match.pk, alice, {"type": "mark", "cell": 4}, 0)
    deliver_due()
    assert len(PushService.received) == 1 and not PushSubscription.objects.filter(user=bob).exists()


@pytest.mark.parametrize("endpoint, why", [
    ("http://push.example.com/x", "HTTPS"),
    ("https://127.0.0.1/x", "public address"),
    ("https://10.0.0.7/x", "public address"),
    ("https://localhost/x", "public address"),
    ("https://[::1]/x", "public address"),
    ("ftp://push.example.com/x", "HTTPS"),
    (42, "not a push service"),
])
def test_a_subscription_that_would_make_the_server_post_elsewhere_is_refused(alice, client_for, endpoint, why):
    _, p256dh, auth = a_browser()
    answer = client_for(alice).post("/accounts/push/", json.dumps(
        {"endpoint": endpoint, "keys": {"p256dh": p256dh, "auth": b64(auth)}}), content_type="application/json")
    assert answer.status_code == 400 and why in answer.json()["error"]
    assert not PushSubscription.objects.exists()


def test_the_settings_page_hands_over_and_takes_back_a_subscription(alice, bob, client_for):
    _, p256dh, auth = a_browser()
    page = client_for(alice)
    assert push.application_server_key() in page.get("/accounts/notices/").content.decode()
    real = {"endpoint": "https://push.example.com/send/abc", "keys": {"p256dh": p256dh, "auth": b64(auth)}}
    for bad in ({**real, "keys": {"p256dh": "AAAA", "auth": b64(auth)}}, {**real, "keys": None}, [real], "x" * 5000):
        answer = page.post("/accounts/push/", json.dumps(bad), content_type="application/json")
        assert answer.status_code == 400
    assert page.post("/accounts/push/", b"{not json", content_type="application/json").status_code == 400
    assert page.post("/accounts/push/", json.dumps(real), content_type="application/json").json() == {"ok": True}
    assert PushSubscription.objects.get().user == alice
    client_for(bob).post("/accounts/push/", json.dumps({"endpoint": real["endpoint"], "remove": True}),
                         content_type="application/json")
    assert PushSubscription.objects.exists()  # bob cannot take alice's away
    page.post("/accounts/push/", json.dumps({"endpoint": real["endpoint"], "remove": True}), content_type="application/json")
    assert not PushSubscription.objects.exists()
    worker = page.get("/push-worker.js")
    assert worker["Service-Worker-Allowed"] == "/" and "showNotification" in worker.content.decode()
