"""When a failed request is sent again, and how long the client waits first."""

from __future__ import annotations

import asyncio
import random
import re
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from email.utils import parsedate_to_datetime

import httpx

from .errors import BoardsyncNetworkError

# RFC 9110 §9.2.2: sending one of these twice has the effect of sending it once.
_IDEMPOTENT_METHODS = frozenset({"GET", "HEAD", "OPTIONS", "PUT", "DELETE"})
# A gateway's or a busy service's answer: the request may not have been carried out, or not yet.
_TRANSIENT_STATUSES = frozenset({502, 503, 504})


@dataclass(frozen=True)
class RetryPolicy:
    """Tries after the first, the longest ``Retry-After`` waited out, and the backoff without one."""

    max_retries: int = 3
    max_wait_seconds: float = 60
    backoff_base_seconds: float = 0.5
    backoff_max_seconds: float = 8


# The operations that honour an Idempotency-Key: every POST of the API. A key on a POST elsewhere (the OAuth
# endpoints) is sent but does not make it safe to repeat.
_HONOURS_IDEMPOTENCY_KEY = re.compile(r"/api/v1/.*")


def is_safe_to_repeat(request: httpx.Request) -> bool:
    """An idempotent method, or a POST with an ``Idempotency-Key`` the API honours."""
    if request.method in _IDEMPOTENT_METHODS:
        return True
    return "Idempotency-Key" in request.headers and _HONOURS_IDEMPOTENCY_KEY.fullmatch(request.url.path) is not None


def with_idempotency_key(request: httpx.Request) -> httpx.Request:
    """The request with an ``Idempotency-Key`` when it is an API POST without one: a fresh UUID, made once for
    the logical call, so each retry of it carries the same key and the API does it at most once."""
    if request.method == "POST" and "Idempotency-Key" not in request.headers and _HONOURS_IDEMPOTENCY_KEY.fullmatch(request.url.path):
        request.headers["Idempotency-Key"] = str(uuid.uuid4())
    return request


def retry_delay(
    request: httpx.Request,
    response: httpx.Response | None,
    retries: int,
    policy: RetryPolicy,
    rand: Callable[[], float] = random.random,
) -> float | None:
    """Seconds to wait before sending ``request`` again, or None to stop.

    A 429 was refused before anything was done, so every request waits it out; a 502, 503, 504, or
    no answer at all (``response`` None), may have done the work, so only a request safe to repeat is
    sent again. ``Retry-After`` is honoured up to the policy's longest wait; without one the wait is a
    full-jitter exponential backoff, so many clients refused together do not return together.
    """
    if retries >= policy.max_retries:
        return None
    if response is not None:
        if response.status_code != 429 and not (response.status_code in _TRANSIENT_STATUSES and is_safe_to_repeat(request)):
            return None
        named = parse_retry_after(response.headers.get("Retry-After"))
        if named is not None:
            return None if named > policy.max_wait_seconds else named
    elif not is_safe_to_repeat(request):
        return None
    return rand() * min(policy.backoff_max_seconds, policy.backoff_base_seconds * 2**retries)


def parse_retry_after(value: str | None, now: float | None = None) -> float | None:
    """RFC 9110 §10.2.3: delay-seconds, or an HTTP-date."""
    if value is None:
        return None
    text = value.strip()
    if text.isdigit():
        return float(text)
    try:
        when = parsedate_to_datetime(text).timestamp()
    except (TypeError, ValueError):
        return None
    return max(0.0, when - (time.time() if now is None else now))


class RetryingTransport(httpx.BaseTransport):
    """Sends each request through ``inner``, again as :func:`retry_delay` says; no answer at all ends in a
    :class:`BoardsyncNetworkError`."""

    def __init__(self, inner: httpx.BaseTransport, policy: RetryPolicy, sleep: Callable[[float], None] = time.sleep) -> None:
        self._inner = inner
        self._policy = policy
        self._sleep = sleep

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        request.read()  # the body is sent again as it was
        with_idempotency_key(request)
        retries = 0
        while True:
            try:
                response: httpx.Response | None = self._inner.handle_request(request)
                failure: httpx.TransportError | None = None
            except httpx.TransportError as error:
                response, failure = None, error
            delay = retry_delay(request, response, retries, self._policy)
            if delay is None:
                if failure is not None:
                    raise BoardsyncNetworkError(request, retries + 1, failure) from failure
                assert response is not None
                return response
            if response is not None:
                response.close()
            self._sleep(delay)
            retries += 1

    def close(self) -> None:
        self._inner.close()


class AsyncRetryingTransport(httpx.AsyncBaseTransport):
    """:class:`RetryingTransport` for asyncio (``AsyncChangesFeed``): the same :func:`retry_delay`, waited out
    with ``asyncio.sleep``."""

    def __init__(self, inner: httpx.AsyncBaseTransport, policy: RetryPolicy) -> None:
        self._inner = inner
        self._policy = policy

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        await request.aread()
        with_idempotency_key(request)
        retries = 0
        while True:
            try:
                response: httpx.Response | None = await self._inner.handle_async_request(request)
                failure: httpx.TransportError | None = None
            except httpx.TransportError as error:
                response, failure = None, error
            delay = retry_delay(request, response, retries, self._policy)
            if delay is None:
                if failure is not None:
                    raise BoardsyncNetworkError(request, retries + 1, failure) from failure
                assert response is not None
                return response
            if response is not None:
                await response.aclose()
            await asyncio.sleep(delay)
            retries += 1

    async def aclose(self) -> None:
        await self._inner.aclose()
