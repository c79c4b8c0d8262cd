"""Credentials: a personal token, or an OAuth session refreshed before it expires and after a 401."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Generator
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
    once after a 401, one refresh at a time; ``on_tokens`` receives each new pair to store."""

    requires_response_body = True

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
        self.token_url = ""  # set by the client: {base_url}/oauth/token

    def auth_flow(self, request: httpx.Request) -> Generator[httpx.Request, httpx.Response, None]:
        if self.tokens.expires_at - _EARLY_SECONDS <= time.time():
            yield from self._refresh(self.tokens.access_token)
        sent_with = self.tokens.access_token
        request.headers["Authorization"] = f"Bearer {sent_with}"
        response = yield request
        if response.status_code == 401:
            yield from self._refresh(sent_with)
            request.headers["Authorization"] = f"Bearer {self.tokens.access_token}"
            yield request

    def _refresh(self, stale: str) -> Generator[httpx.Request, httpx.Response, None]:
        with self._lock:
            if self.tokens.access_token != stale:
                return  # another request refreshed it meanwhile
            form = {"grant_type": "refresh_token", "refresh_token": self.tokens.refresh_token, "client_id": self.client_id}
            if self._client_secret is not None:
                form["client_secret"] = self._client_secret
            response = yield httpx.Request("POST", self.token_url, data=form, headers={"Accept": "application/json"})
            body = response.json() if "json" in response.headers.get("content-type", "") else {}
            if response.status_code != 200:
                raise OAuthError(str(body.get("error", f"http_{response.status_code}")), str(body.get("error_description", "")))
            self.tokens = OAuthTokens(body["access_token"], body["refresh_token"], time.time() + float(body["expires_in"]))
            if self._on_tokens is not None:
                self._on_tokens(self.tokens)
