"""Orchestration: the one place where the database, the rules and the hooks meet.

Views and consumers call these functions; each does its work in one transaction and notifies
the channel groups only after the commit.
"""

from .errors import Refused
from .matches import finish_if_over, start_match, submit_move
from .tables import add_bot, create_table, join_table, leave_table, remove_seat

__all__ = [
    "Refused",
    "add_bot",
    "create_table",
    "finish_if_over",
    "join_table",
    "leave_table",
    "remove_seat",
    "start_match",
    "submit_move",
]
