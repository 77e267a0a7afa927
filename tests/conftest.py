"""Shared fixtures: users, logged-in clients, tables of any installed game."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from core.models import Profile
from core.services.tables import create_table


@pytest.fixture
def make_user(db):
    def make(name: str, staff: bool = False):
        user = get_user_model().objects.create_user(name, password="pw-for-tests-123", is_staff=staff)
        Profile.objects.create(user=user)
        return user

    return make


@pytest.fixture
def alice(make_user):
    return make_user("alice")


@pytest.fixture
def bob(make_user):
    return make_user("bob")


@pytest.fixture
def carol(make_user):
    return make_user("carol")


@pytest.fixture
def client_for(client, db):
    from django.test import Client

    def make(user):
        c = Client()
        c.force_login(user)
        return c

    return make


@pytest.fixture
def ttt_match(alice, bob):
    """An active tic-tac-toe match: alice is X (seat 0), bob is O (seat 1)."""
    from core.services.tables import join_table

    match = create_table(alice, "tictactoe", 2)
    return join_table(match.pk, bob)
