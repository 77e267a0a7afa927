"""Asking for a rematch, and answering a rematch invite (see core.services.rematch)."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.views.decorators.http import require_POST

from core.access import remember_invite
from core.models import RematchInvite
from core.services import rematch

from .tables import _act


@login_required
@require_POST
def offer(request, pk):
    return _act(request, pk, rematch.offer)


def _let_invitee_in(request, pk) -> None:
    """The rematch table is private while invites are pending: an invite opens it like its link."""
    invite = RematchInvite.objects.filter(table_id=pk, user=request.user).select_related("table").first()
    if invite is not None:
        remember_invite(request.session, invite.table)


@login_required
@require_POST
def accept(request, pk):
    _let_invitee_in(request, pk)
    return _act(request, pk, rematch.accept)


@login_required
@require_POST
def decline(request, pk):
    _let_invitee_in(request, pk)
    return _act(request, pk, rematch.decline)
