"""The changes feed for asyncio programs: the same head, list and follow as ``client.changes``, on an
``httpx.AsyncClient``, so that following never blocks the event loop. It reuses the credentials
(a personal token, or an ``OAuthSession`` refreshed as for the blocking client) and the retry rules."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncGenerator
from typing import Any

import httpx

from .auth import OAuthSession, PersonalToken
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
from .retries import AsyncRetryingTransport, RetryPolicy


class AsyncChangesFeed:
    """``async with AsyncChangesFeed(url, "bsp_…") as feed: async for change in feed.follow(after=cursor)``.

    ``client.changes.afollow(…)`` makes one for the length of a follow; make your own to share one
    connection pool among several calls. Each call's request is retried as the blocking client's is
    (:class:`RetryPolicy`): a 429 always, a 502/503/504 or a lost answer because every call here is a GET.
    """

    def __init__(
        self,
        base_url: str,
        auth: str | httpx.Auth,
        *,
        timeout: float | httpx.Timeout = 30.0,
        retry: RetryPolicy | None = None,
        transport: httpx.AsyncBaseTransport | None = None,
    ) -> None:
        origin = base_url.rstrip("/")
        credentials = PersonalToken(auth) if isinstance(auth, str) else auth
        if isinstance(credentials, OAuthSession) and not credentials.token_url:
            credentials.token_url = f"{origin}/oauth/token"
        self._retry = retry or RetryPolicy()
        self._http = httpx.AsyncClient(
            base_url=origin,
            auth=credentials,
            timeout=timeout,
            transport=AsyncRetryingTransport(transport or httpx.AsyncHTTPTransport(), self._retry),
            headers={"Accept": "application/json"},
        )

    async def __aenter__(self) -> AsyncChangesFeed:
        return self

    async def __aexit__(self, *_: object) -> None:
        await self.aclose()

    async def aclose(self) -> None:
        await self._http.aclose()

    async def head(self) -> str:
        """The feed's current end (see ``ChangesFeed.head``)."""
        return str(page_or_raise(await self._http.get(HEAD_PATH))["cursor"])

    async def list(
        self, after: str | None = None, project: int | None = None, limit: int | None = None, wait: int | None = None
    ) -> dict[str, Any]:
        """One page after ``after`` (see ``ChangesFeed.list``); ``wait`` holds it until a change exists."""
        query = changes_query(after, project, limit, wait)
        return page_or_raise(await self._http.get(CHANGES_PATH, params=query, timeout=held_timeout(wait, self._http.timeout)))

    async def follow(
        self,
        after: str | None = None,
        project: int | None = None,
        limit: int | None = None,
        mode: FollowMode = "stream",
        stop: asyncio.Event | None = None,
    ) -> AsyncGenerator[Change, None]:
        """Every change after ``after`` (from the head when None), as ``ChangesFeed.follow`` yields them:
        resumed after a 429, a 5xx or a lost connection; ``invalid_cursor`` and ``cursor_expired`` raised."""
        cursor = after if after is not None else await self.head()
        failures = 0
        while not (stop is not None and stop.is_set()):
            try:
                if mode == "long-poll":
                    page = await self.list(after=cursor, project=project, limit=limit, wait=LONG_POLL_SECONDS)
                    for change in page["data"]:
                        yield change
                    cursor, failures = page["meta"]["cursor"], 0
                    continue
                query = changes_query(cursor, project, limit)
                timeout = stream_timeout(self._http.timeout)
                async with self._http.stream(
                    "GET", CHANGES_PATH, params=query, headers=stream_headers(cursor), timeout=timeout
                ) as response:
                    if response.is_error:
                        await response.aread()
                        raise refusal(response)
                    if not is_event_stream(response):
                        mode = "long-poll"  # something in between answered without streaming
                        continue
                    parser = EventStreamParser()
                    delivered = False
                    async for line in response.aiter_lines():
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
                    await asyncio.sleep(QUIET_STREAM_RECONNECT_SECONDS)
            except Exception as error:
                if not is_resumable(error):
                    raise
                failures += 1
                delay = reconnect_delay(error, failures, self._retry)
                if stop is None:
                    await asyncio.sleep(delay)
                else:
                    with contextlib.suppress(TimeoutError):
                        await asyncio.wait_for(stop.wait(), delay)
