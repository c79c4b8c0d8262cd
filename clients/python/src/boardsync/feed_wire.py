"""The changes feed on the wire, shared by the blocking and the asyncio follower: its query, how long a
held answer may take, which failures are resumed and after how long, and server-sent events read line
by line (the HTML standard's parsing), so the two followers cannot drift apart."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal

import httpx

from .errors import BoardsyncError, BoardsyncNetworkError
from .refusals import refusal
from .retries import RetryPolicy, parse_retry_after

#: One change: ``cursor``, ``occurred_at``, ``project_id``, ``resource``, ``action``, ``id``, ``unique_id``, ``app``, ``data``.
Change = dict[str, Any]
#: ``stream`` (server-sent events, the default; long-polls by itself where an answer does not stream) or ``long-poll``.
FollowMode = Literal["long-poll", "stream"]

#: The wait of one long-poll: long enough to be cheap while nothing happens, short enough for proxies in between.
LONG_POLL_SECONDS = 25
#: What the server's ``retry:`` asks: the wait before opening again a stream that ended with nothing.
QUIET_STREAM_RECONNECT_SECONDS = 1.0
# A held answer comes only after its wait: the read timeout outlives the wait by this much, so a quiet
# feed is never taken for a lost connection (the client's ordinary 30 s would cut a 60 s wait short).
HELD_MARGIN_SECONDS = 35
# A quiet stream sends a comment at least every 15 s: three times that with no byte means it is gone.
STREAM_READ_SECONDS = 45

CHANGES_PATH = "/api/v1/changes"
HEAD_PATH = "/api/v1/changes/head"


def changes_query(after: str | None, project: int | None, limit: int | None, wait: int | None = None) -> dict[str, str | int]:
    """The query of ``GET changes``, without what was left out."""
    named = {"after": after, "project": project, "limit": limit, "wait": wait}
    return {name: value for name, value in named.items() if value is not None}


def held_timeout(wait: int | None, ordinary: httpx.Timeout) -> httpx.Timeout:
    """The ordinary timeout, or for a long-poll one whose read outlasts the wait (the server clamps it to 60)."""
    if not wait or wait <= 0:
        return ordinary
    return httpx.Timeout(ordinary.connect, read=min(wait, 60) + HELD_MARGIN_SECONDS, write=ordinary.write, pool=ordinary.pool)


def stream_timeout(ordinary: httpx.Timeout) -> httpx.Timeout:
    """A stream is quiet between heartbeats: a read may wait that long, and more, without being lost."""
    return httpx.Timeout(ordinary.connect, read=STREAM_READ_SECONDS, write=ordinary.write, pool=ordinary.pool)


def stream_headers(cursor: str) -> dict[str, str]:
    """Asks for server-sent events from ``cursor`` (``Last-Event-ID`` wins over ``after`` on the server)."""
    return {"Accept": "text/event-stream", "Last-Event-ID": cursor}


def is_event_stream(response: httpx.Response) -> bool:
    """False when something in between answered the stream's request without streaming: poll instead."""
    return str(response.headers.get("content-type", "")).startswith("text/event-stream")


def is_resumable(error: Exception) -> bool:
    """A 429, a 5xx or no answer at all: the feed is followed again after a wait. Any other refusal
    (``400 invalid_cursor``, ``410 cursor_expired``, 401, 403) will not mend by waiting: it is the caller's."""
    if isinstance(error, BoardsyncError):
        return error.status == 429 or error.status >= 500
    return isinstance(error, BoardsyncNetworkError | httpx.TransportError)


def reconnect_delay(error: Exception, failures: int, policy: RetryPolicy, rand: Callable[[], float] = random.random) -> float:
    """A 429's ``Retry-After`` (up to the policy's longest wait), else a full-jitter exponential backoff,
    so many tools cut off together (a restarted server) do not all come back in the same second."""
    if isinstance(error, BoardsyncError):
        named = parse_retry_after(error.response.headers.get("Retry-After"))
        if named is not None and named > 0:
            return min(named, policy.max_wait_seconds)
    return rand() * min(policy.backoff_max_seconds, policy.backoff_base_seconds * 2.0 ** max(failures - 1, 0))


def page_or_raise(response: httpx.Response) -> dict[str, Any]:
    """A page's JSON, or the refusal as a :class:`BoardsyncError` (its ``code``: ``invalid_cursor`` …)."""
    if response.is_error:
        raise refusal(response)
    body: dict[str, Any] = response.json()
    return body


@dataclass(frozen=True)
class ServerSentEvent:
    """One event: its name (``message`` when none was given), the last id seen, and its data lines joined."""

    event: str
    id: str | None
    data: str


class EventStreamParser:
    """Server-sent events from the lines of a ``text/event-stream`` body (``field: value``, a blank line
    ends an event, ``:`` starts a comment), fed one line at a time so that a blocking and an asyncio
    reader share it."""

    def __init__(self) -> None:
        self._event = "message"
        self._data: list[str] = []
        self._id: str | None = None

    def line(self, line: str) -> ServerSentEvent | None:
        """The event this line completes, if it does."""
        if line == "":
            event = ServerSentEvent(self._event, self._id, "\n".join(self._data)) if self._data else None
            self._event, self._data = "message", []
            return event
        if line.startswith(":"):
            return None  # a heartbeat
        field, _, value = line.partition(":")
        value = value.removeprefix(" ")
        if field == "event":
            self._event = value
        elif field == "data":
            self._data.append(value)
        elif field == "id" and "\0" not in value:
            self._id = value
        return None


def change_of(event: ServerSentEvent) -> Change | None:
    """The change a ``change`` event carries; None for any other event."""
    if event.event != "change":
        return None
    change: Change = json.loads(event.data)
    return change
