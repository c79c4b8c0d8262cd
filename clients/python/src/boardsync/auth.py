"""Credentials: a personal token, or an OAuth session refreshed before it expires and after a 401."""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import AsyncGenerator, Callable, Generator
from dataclasses import dataclass

import httpx

from .errors import OAuthError

# Refreshed this long before it expires, so a request never leaves with a token about to lapse.
_EARLY_SECONDS = 30


class PersonalToken(httpx.Auth):
    """A personal token (``bsp_…``) from the developer settings, sent as a bearer token."""

    def __init__(self, token: str) -> None:
        self._token = token

    def auth_flow(self, request: httpx.Request) -> Generator[httpx.Request, httpx.Response, None]:
        request.headers["Authorization"] = f"Bearer {self._token}"
        yield request


@dataclass
class OAuthTokens:
    access_token: str
    refresh_token: str
    #: Epoch seconds.
    expires_at: float


class OAuthSession(httpx.Auth):
    """An app's tokens for one designer: refreshed (rotating the refresh token) before they expire and
    once after a 401, one refresh at a time; ``on_tokens`` receives each new pair to store.

    Only the answers the flow reads (a 401, the token endpoint's) are read whole: a stream of changes
    passes through as it comes. One refresh at a time under a thread lock for the blocking client and
    an asyncio lock for the async one (a thread lock held across an ``await`` would stall the loop)."""

    def __init__(
        self,
        *,
        client_id: str,
        tokens: OAuthTokens,
        client_secret: str | None = None,
        on_tokens: Callable[[OAuthTokens], None] | None = None,
    ) -> None:
        self.client_id = client_id
        self.tokens = tokens
        self._client_secret = client_secret
        self._on_tokens = on_tokens
        self._lock = threading.Lock()
        self._async_lock: asyncio.Lock | None = None
        self.token_url = ""  # set by the client: {base_url}/oauth/token

    def _lapsing(self) -> bool:
        return self.tokens.expires_at - _EARLY_SECONDS <= time.time()

    def _refresh_request(self) -> httpx.Request:
        form = {"grant_type": "refresh_token", "refresh_token": self.tokens.refresh_token, "client_id": self.client_id}
        if self._client_secret is not None:
            form["client_secret"] = self._client_secret
        return httpx.Request("POST", self.token_url, data=form, headers={"Accept": "application/json"})

    def _take(self, response: httpx.Response) -> None:
        body = response.json() if "json" in response.headers.get("content-type", "") else {}
        if response.status_code != 200:
            raise OAuthError(str(body.get("error", f"http_{response.status_code}")), str(body.get("error_description", "")))
        self.tokens = OAuthTokens(body["access_token"], body["refresh_token"], time.time() + float(body["expires_in"]))
        if self._on_tokens is not None:
            self._on_tokens(self.tokens)

    def sync_auth_flow(self, request: httpx.Request) -> Generator[httpx.Request, httpx.Response, None]:
        if self._lapsing():
            yield from self._refresh(self.tokens.access_token)
        sent_with = self.tokens.access_token
        request.headers["Authorization"] = f"Bearer {sent_with}"
        response = yield request
        if response.status_code == 401:
            response.read()
            yield from self._refresh(sent_with)
            request.headers["Authorization"] = f"Bearer {self.tokens.access_token}"
            yield request

    def _refresh(self, stale: str) -> Generator[httpx.Request, httpx.Response, None]:
        with self._lock:
            if self.tokens.access_token != stale:
                return  # another request refreshed it meanwhile
            response = yield self._refresh_request()
            response.read()
            self._take(response)

    async def async_auth_flow(self, request: httpx.Request) -> AsyncGenerator[httpx.Request, httpx.Response]:
        if self._async_lock is None:
            self._async_lock = asyncio.Lock()
        if self._lapsing():
            stale = self.tokens.access_token
            async with self._async_lock:
                if self.tokens.access_token == stale:
                    refreshed = yield self._refresh_request()
                    await refreshed.aread()
                    self._take(refreshed)
        sent_with = self.tokens.access_token
        request.headers["Authorization"] = f"Bearer {sent_with}"
        response = yield request
        if response.status_code == 401:
            await response.aread()
            async with self._async_lock:
                if self.tokens.access_token == sent_with:
                    refreshed = yield self._refresh_request()
                    await refreshed.aread()
                    self._take(refreshed)
            request.headers["Authorization"] = f"Bearer {self.tokens.access_token}"
            yield request
