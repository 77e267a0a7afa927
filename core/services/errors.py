"""Typed refusals with a message for the person who asked. A refusal changes nothing."""


class Refused(Exception):
    """Base class: ``message`` is shown to the user, ``status`` is the HTTP status to answer with."""

    status = 400

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


class NotAMember(Refused):
    status = 403


class NotYourTurn(Refused):
    status = 409


class StaleVersion(Refused):
    status = 409


class MatchNotActive(Refused):
    status = 409


class IllegalMoveRefused(Refused):
    status = 422


class NotAllowed(Refused):
    status = 403
