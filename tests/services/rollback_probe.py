"""A database error in the middle of a move, run in a process of its own against a given backend.

``python -m tests.services.rollback_probe`` with DATABASE_URL (and REDIS_URL) set: it seats two
players, then posts a legal move through the real view (Django's test client) while the database
fails at two points inside ``submit_move``'s transaction: appending the Move row, and saving the
state snapshot after the Move row was written. Each time the answer must be a 500 and the match
exactly as before (no Move row, same version, same state); then the same move, with the database
healthy again, must go through on the same connection. Prints one JSON object with what it saw.
"""

from __future__ import annotations

import json
import os
import uuid
from unittest import mock

import django

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
django.setup()

from django.contrib.auth import get_user_model  # noqa: E402
from django.db import DatabaseError  # noqa: E402
from django.test import Client  # noqa: E402

from core.models import Match, Move  # noqa: E402
from core.services.tables import create_table, join_table  # noqa: E402


def snapshot(match_id: int) -> dict:
    match = Match.objects.get(pk=match_id)
    return {"version": match.version, "state": match.state, "status": match.status,
            "moves": Move.objects.filter(match_id=match_id).count()}


def main() -> dict:
    users = get_user_model().objects
    tag = uuid.uuid4().hex[:8]
    ann = users.create_user(f"rb-ann-{tag}", password="x-long-password-1")
    ben = users.create_user(f"rb-ben-{tag}", password="x-long-password-1")
    match = join_table(create_table(ann, "tictactoe", 2).pk, ben)
    client = Client(raise_request_exception=False)
    client.force_login(ann)
    body = {"move": json.dumps({"type": "mark", "cell": 4}), "version": "0"}
    url = f"/match/{match.pk}/move/"
    before = snapshot(match.pk)
    report = {"before": before, "failures": {}}

    real_save = Match.save

    def failing_save(self, *args, **kwargs):
        if self.pk == match.pk and Move.objects.filter(match_id=match.pk).exists():
            raise DatabaseError("simulated: could not write the snapshot")
        return real_save(self, *args, **kwargs)

    broken = {
        "move_insert": mock.patch.object(
            Move.objects, "create", side_effect=DatabaseError("simulated: disk full")),
        "snapshot_save": mock.patch.object(Match, "save", failing_save),
    }
    for where, patch in broken.items():
        with patch:
            status = client.post(url, body, HTTP_HX_REQUEST="true").status_code
        report["failures"][where] = {"status": status, "after": snapshot(match.pk)}
    answer = client.post(url, body, HTTP_HX_REQUEST="true")
    report["healthy"] = {"status": answer.status_code, "after": snapshot(match.pk)}
    return report


if __name__ == "__main__":
    print(json.dumps(main()))
