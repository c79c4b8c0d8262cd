"""What can go wrong, as classes a tool tells apart with ``except``."""

from __future__ import annotations

from typing import Any

import httpx


class BoardsyncError(Exception):
    """An API answer that is not a success: its status and, where the API sent one, its Problem (RFC 9457)."""

    def __init__(self, response: httpx.Response) -> None:
        self.response = response
        self.status = response.status_code
        problem = _problem_of(response)
        self.problem: dict[str, Any] | None = problem
        #: ``validation_failed``, ``not_found``, ``rate_limited`` … or ``http_<status>`` when no Problem came.
        self.code: str = problem["code"] if problem else f"http_{self.status}"
        detail = problem["detail"] if problem else response.reason_phrase
        #: The answer's ``X-Request-Id``: quote it when reporting a problem.
        self.request_id: str | None = response.headers.get("x-request-id")
        super().__init__(f"{self.status} {self.code}: {detail}")

    @property
    def field_errors(self) -> dict[str, list[str]]:
        """For 422 ``validation_failed``: the messages for each field path (``components.3.quantity``)."""
        errors = (self.problem or {}).get("errors")
        return errors if isinstance(errors, dict) else {}


class BatchWriteError(Exception):
    """A later batch of a multi-call write was refused: the batches before it are written (``applied``)."""

    def __init__(self, applied: dict[str, Any], first_row: int, cause: BoardsyncError) -> None:
        super().__init__(f"rows from {first_row} were refused ({cause}); the {first_row} rows before them are written")
        self.applied = applied
        self.first_row = first_row
        self.cause = cause


class BoardsyncNetworkError(Exception):
    """No answer came (the network failed, or every attempt timed out) after the retries allowed.

    Whether the API carried the request out is unknown; ``unique_id``-keyed writes and keyed uploads
    converge when sent again.
    """

    def __init__(self, request: httpx.Request, attempts: int, cause: Exception) -> None:
        self.method = request.method
        self.url = str(request.url)
        self.attempts = attempts
        self.timed_out = isinstance(cause, httpx.TimeoutException)
        reason = "timed out" if self.timed_out else str(cause) or type(cause).__name__
        plural = "" if attempts == 1 else "s"
        super().__init__(f"{self.method} {request.url.path}: no answer ({reason}) after {attempts} attempt{plural}")
        self.__cause__ = cause


class OAuthError(Exception):
    """The token endpoint's refusal (RFC 6749 §5.2)."""

    def __init__(self, code: str, description: str) -> None:
        super().__init__(f"{code}: {description}")
        self.code = code


class WebhookVerificationError(Exception):
    """A delivery whose signature, timestamp or body does not check out: answer it 400 and do nothing with it."""


def _problem_of(response: httpx.Response) -> dict[str, Any] | None:
    if "json" not in response.headers.get("content-type", ""):
        return None
    try:
        body = response.json()
    except ValueError:
        return None
    if isinstance(body, dict) and isinstance(body.get("code"), str) and isinstance(body.get("detail"), str):
        return body
    return None
