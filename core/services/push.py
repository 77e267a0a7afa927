"""Web Push: the notices a player gets by mail, also shown by the browsers they asked for them.

The standard protocol (RFC 8030, payload encrypted with RFC 8291's aes128gcm, the site known to
push services by a VAPID key, RFC 8292) through pywebpush. The VAPID key is made once into
``var/`` like the secret key, or given as ``WEBPUSH_VAPID_PRIVATE_KEY``. A push says what the
mail says (the table, whose turn, the result) and carries the table's address; a browser's
push service that answers 404 or 410 has forgotten the subscription, which is then dropped.
"""

from __future__ import annotations

import base64
import json
import logging
from pathlib import Path

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from django.conf import settings
from py_vapid import Vapid
from pywebpush import WebPushException, webpush

from core.keys import kept
from core.models import PushSubscription

log = logging.getLogger(__name__)
TTL_SECONDS = 24 * 3600
GONE = {404, 410}


def _new_pem() -> str:
    key = ec.generate_private_key(ec.SECP256R1())
    return key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                             serialization.NoEncryption()).decode()


def private_pem() -> str:
    return settings.WEBPUSH_VAPID_PRIVATE_KEY or kept(Path(settings.VAR_DIR) / "vapid_private_key.pem", _new_pem)


def vapid() -> Vapid:
    return Vapid.from_pem(private_pem().encode())


def application_server_key() -> str:
    """The public key a browser subscribes with (uncompressed point, base64url, no padding)."""
    point = vapid().public_key.public_bytes(serialization.Encoding.X962,
                                            serialization.PublicFormat.UncompressedPoint)
    return base64.urlsafe_b64encode(point).decode().rstrip("=")


def send(subscriptions: list[PushSubscription], title: str, body: str, url: str) -> int:
    """Push one notice to each subscription; the number the push services accepted. A refusal is
    logged and kept on the subscription, never raised: the mail goes on regardless."""
    data = json.dumps({"title": title, "body": body, "url": url})
    signer, accepted = vapid(), 0
    for subscription in subscriptions:
        info = {"endpoint": subscription.endpoint,
                "keys": {"p256dh": subscription.p256dh, "auth": subscription.auth}}
        try:
            webpush(info, data=data, vapid_private_key=signer, vapid_claims={"sub": settings.WEBPUSH_CONTACT},
                    ttl=TTL_SECONDS, timeout=10)
        except WebPushException as exc:
            status = getattr(exc.response, "status_code", None)
            if status in GONE:
                subscription.delete()
            else:
                PushSubscription.objects.filter(pk=subscription.pk).update(last_error=str(exc)[:300])
                log.warning("a push to %s failed: %s", subscription.endpoint[:60], exc)
            continue
        except Exception as exc:  # unreachable push service, a key the browser sent wrong
            PushSubscription.objects.filter(pk=subscription.pk).update(last_error=str(exc)[:300])
            log.warning("a push to %s failed: %s", subscription.endpoint[:60], exc)
            continue
        accepted += 1
    return accepted
