"""Open sockets follow the session they were opened under.

A socket is authenticated once, when it connects. When that session ends (log-out), stops being
valid (a password change anywhere, which changes the hash every session carries) or its user is
deactivated by staff, every socket of that user is asked to look again: each one whose session no
longer holds closes (:data:`SESSION_CHANGED`), and the page opens a new socket under whatever
session the browser has now: the same player again after their own password change, a visitor
after a log-out. So no socket keeps receiving a seat's private frames, or making its moves, past
the end of the session that let it.
"""

from __future__ import annotations

from importlib import import_module

from django.conf import settings
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY, get_user_model
from django.contrib.auth.signals import user_logged_out
from django.db import transaction
from django.db.models.signals import post_save
from django.utils.crypto import constant_time_compare

from .notify import account_group, send_many

#: The close code of a socket whose session changed; the page reconnects (see meeplehall.js).
SESSION_CHANGED = 4001


def account_changed(user_id: int, ended_session: str = "") -> None:
    """Ask every socket of ``user_id`` to check its session (``ended_session`` ended for sure)."""
    send_many([(account_group(user_id), {"type": "account.changed", "ended": ended_session or ""})])


def still_valid(session_key: str | None, user_id: int) -> bool:
    """Whether the stored session ``session_key`` still logs ``user_id`` in, as Django's own
    authentication would decide on the next request: it exists, names the user, the user is
    active, and its password hash is the user's current one."""
    if not session_key:
        return False
    session = import_module(settings.SESSION_ENGINE).SessionStore(session_key)
    if str(session.get(SESSION_KEY)) != str(user_id) or not session.get(BACKEND_SESSION_KEY):
        return False
    user = get_user_model().objects.filter(pk=user_id, is_active=True).first()
    stored = session.get(HASH_SESSION_KEY)
    return user is not None and bool(stored) and constant_time_compare(stored, user.get_session_auth_hash())


def _logged_out(sender, request, user, **kwargs) -> None:
    if user is not None and user.pk is not None:
        account_changed(user.pk, getattr(request.session, "session_key", "") or "")


def _user_saved(sender, instance, update_fields=None, **kwargs) -> None:
    """A saved user may have a new password or be deactivated; a log-in's ``last_login`` is not
    worth waking anyone's sockets for."""
    if update_fields is not None and set(update_fields) <= {"last_login"}:
        return
    user_id = instance.pk
    transaction.on_commit(lambda: account_changed(user_id))


def connect_signals() -> None:
    """Called once from ``CoreConfig.ready``."""
    user_logged_out.connect(_logged_out, dispatch_uid="meeplehall-sockets-logged-out")
    post_save.connect(_user_saved, sender=get_user_model(), dispatch_uid="meeplehall-sockets-user-saved")
