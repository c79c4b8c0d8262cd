"""A refusal as the error of its family, so a tool catches by what it can do about it."""

from __future__ import annotations

import httpx

from .errors import BoardsyncError
from .retries import parse_retry_after


class ValidationError(BoardsyncError):
    """400, 413, 415 or 422: the request itself is wrong; ``field_errors`` names the fields of a ``validation_failed``."""


class NotFoundError(BoardsyncError):
    """404 or 410: absent, or not the caller's (never told apart), or a changes cursor that expired."""


class ConflictError(BoardsyncError):
    """409 or 423: the project is locked (``project_locked``), or a request with the same Idempotency-Key still runs."""


class RateLimitedError(BoardsyncError):
    """429 ``rate_limited``: wait ``retry_after_seconds`` (the client already waited out what its retry policy allows)."""

    def __init__(self, response: httpx.Response) -> None:
        super().__init__(response)
        #: The answer's ``Retry-After`` in seconds, when it had one.
        self.retry_after_seconds: float | None = parse_retry_after(response.headers.get("retry-after"))


class QuotaError(BoardsyncError):
    """The designer's plan does not allow it: ``plan_limit_reached`` (projects) or ``storage_quota_exceeded`` (artwork)."""


class AuthError(BoardsyncError):
    """401 or 403: the token is invalid, expired or revoked, lacks the scope, or the app may not (``forbidden``)."""


_QUOTA_CODES = {"plan_limit_reached", "storage_quota_exceeded"}
_BY_STATUS: dict[int, type[BoardsyncError]] = {
    **dict.fromkeys((400, 413, 415, 422), ValidationError),
    **dict.fromkeys((401, 403), AuthError),
    **dict.fromkeys((404, 410), NotFoundError),
    **dict.fromkeys((409, 423), ConflictError),
    429: RateLimitedError,
}


def refusal(response: httpx.Response) -> BoardsyncError:
    """The error a refused answer is raised as: its family by its code, else by its status; a 5xx stays a ``BoardsyncError``."""
    plain = BoardsyncError(response)
    family = QuotaError if plain.code in _QUOTA_CODES else _BY_STATUS.get(response.status_code, BoardsyncError)
    return plain if family is BoardsyncError else family(response)
