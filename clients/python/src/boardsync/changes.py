"""``client.changes``: the changes feed (contract 1.1.0), for a tool that has no public URL for webhooks
or was offline for a while: where the designer's data stands now (``head``), what changed after a
cursor it kept (``list``), and every change as it commits (``follow``), resumed after each failure."""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import AsyncGenerator, Generator
from contextlib import aclosing
from typing import Any

import httpx

from .async_changes import AsyncChangesFeed
from .feed_wire import (
    CHANGES_PATH,
    HEAD_PATH,
    LONG_POLL_SECONDS,
    QUIET_STREAM_RECONNECT_SECONDS,
    Change,
    EventStreamParser,
    FollowMode,
    change_of,
    changes_query,
    held_timeout,
    is_event_stream,
    is_resumable,
    page_or_raise,
    reconnect_delay,
    stream_headers,
    stream_timeout,
)
from .refusals import refusal
from .retries import RetryPolicy


class ChangesFeed:
    """The feed through the client's own connection (its credentials, timeout and retries); the requests
    held open (a long-poll, a stream) get a read timeout of their own that outlives their wait."""

    def __init__(self, http: httpx.Client, base_url: str, auth: httpx.Auth, retry: RetryPolicy) -> None:
        self._http = http
        self._base_url = base_url
        self._auth = auth
        self._retry = retry

    def head(self) -> str:
        """The feed's current end. Take it *before* listing what you keep, then follow from it: nothing
        committed in between is missed."""
        return str(page_or_raise(self._http.get(HEAD_PATH))["cursor"])

    def list(
        self, after: str | None = None, project: int | None = None, limit: int | None = None, wait: int | None = None
    ) -> dict[str, Any]:
        """One page: ``{"data": [change…], "links": {"next": …}, "meta": {"cursor": …, "has_more": …}}``.

        Changes after ``after`` (from the oldest kept when None), oldest first; pass ``meta.cursor`` as
        ``after`` next, until ``has_more`` is false. ``wait`` (seconds, at most 60) holds the request
        until a change exists. A refusal raises :class:`BoardsyncError`: ``code`` ``invalid_cursor``
        (400) or ``cursor_expired`` (410: list what you keep again, and go on from a new head).
        """
        query = changes_query(after, project, limit, wait)
        return page_or_raise(self._http.get(CHANGES_PATH, params=query, timeout=held_timeout(wait, self._http.timeout)))

    def follow(
        self,
        after: str | None = None,
        project: int | None = None,
        limit: int | None = None,
        mode: FollowMode = "stream",
        stop: threading.Event | None = None,
    ) -> Generator[Change, None, None]:
        """Every change after ``after`` (from the head when None), as it commits, for as long as you iterate.

        Reads server-sent events by default (``mode="long-poll"`` polls with ``wait=25``), resuming with
        ``Last-Event-ID`` after the server ends a stream (at most every 60 s), and polls instead when
        something in between does not stream. A 429, a 5xx or a lost connection is followed again after
        ``Retry-After`` or a jittered backoff, for ever; ``400 invalid_cursor`` and ``410 cursor_expired``
        raise :class:`BoardsyncError`. Keep each change's ``cursor`` and pass it as ``after`` when you start
        again. ``stop`` is looked at between answers (within a long-poll's wait or a heartbeat of being
        set); leaving the loop ends the following at once.
        """
        cursor = after if after is not None else self.head()
        failures = 0
        while not (stop is not None and stop.is_set()):
            try:
                if mode == "long-poll":
                    page = self.list(after=cursor, project=project, limit=limit, wait=LONG_POLL_SECONDS)
                    for change in page["data"]:
                        yield change
                    cursor, failures = page["meta"]["cursor"], 0
                    continue
                query = changes_query(cursor, project, limit)
                timeout = stream_timeout(self._http.timeout)
                with self._http.stream("GET", CHANGES_PATH, params=query, headers=stream_headers(cursor), timeout=timeout) as response:
                    if response.is_error:
                        response.read()
                        raise refusal(response)
                    if not is_event_stream(response):
                        mode = "long-poll"
                        continue
                    parser = EventStreamParser()
                    delivered = False
                    for line in response.iter_lines():
                        if stop is not None and stop.is_set():
                            return  # looked at on every line, heartbeats too
                        event = parser.line(line)
                        change = None if event is None else change_of(event)
                        if event is None or change is None:
                            continue
                        cursor, failures, delivered = event.id or change["cursor"], 0, True
                        yield change
                # The server ended the stream (its time bound): resume from the last event, at once after a
                # stream that carried changes; after an empty one (a stopping server ends each it opens), after its retry.
                if not delivered:
                    if stop is not None:
                        stop.wait(QUIET_STREAM_RECONNECT_SECONDS)
                    else:
                        time.sleep(QUIET_STREAM_RECONNECT_SECONDS)
            except Exception as error:
                if not is_resumable(error):
                    raise
                failures += 1
                delay = reconnect_delay(error, failures, self._retry)
                if stop is not None:
                    stop.wait(delay)
                else:
                    time.sleep(delay)

    async def afollow(
        self,
        after: str | None = None,
        project: int | None = None,
        limit: int | None = None,
        mode: FollowMode = "stream",
        stop: asyncio.Event | None = None,
    ) -> AsyncGenerator[Change, None]:
        """:meth:`follow` as an async generator, on an ``httpx.AsyncClient`` of its own with these credentials
        (an asyncio program must not block its loop on the blocking client): ``async for change in
        client.changes.afollow(after=cursor)``. ``stop`` is an ``asyncio.Event``; cancelling the task works too."""
        async with (
            AsyncChangesFeed(self._base_url, self._auth, timeout=self._http.timeout, retry=self._retry) as feed,
            aclosing(feed.follow(after=after, project=project, limit=limit, mode=mode, stop=stop)) as changes,
        ):
            async for change in changes:
                yield change
