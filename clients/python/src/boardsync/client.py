"""The client: every generated operation on one HTTP client that authenticates, times out and retries."""

from __future__ import annotations

import functools
import uuid
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any, Literal

import httpx

from . import listings
from .auth import OAuthSession, PersonalToken
from .batches import MAX_BATCH_ROWS, write_components
from .changes import ChangesFeed
from .openapi.client import AuthenticatedClient
from .openapi.models import Asset, Component, Delivery, Project
from .pagination import paginate
from .raising import RaisingAsyncClient, RaisingClient
from .retries import AsyncRetryingTransport, RetryingTransport, RetryPolicy


class BoardsyncClient:
    """A tool's connection to one boardsync gateway for one designer.

    ``client.api`` is the generated client: pass it to any operation of ``boardsync.api``
    (``get_project.sync(project=7, client=client.api)``). Each attempt is abandoned after ``timeout``
    seconds; a 429 is waited out for every request, and a 502/503/504 or a lost answer is retried for
    requests safe to repeat (see :class:`RetryPolicy`), by the generated ``sync`` and ``asyncio`` calls
    alike. An answer that is still not a success raises :class:`BoardsyncError` (with its status, code and
    Problem), from ``sync``, ``sync_detailed``, ``asyncio`` and the helpers here alike.
    ``client.changes`` is the changes feed (:class:`ChangesFeed`): ``head``, ``list``, ``follow`` and,
    for asyncio, ``afollow``. A tool that makes ``asyncio`` calls closes the client with
    ``async with`` (or ``await client.aclose()``), which closes the connections of both.
    """

    def __init__(
        self,
        base_url: str,
        auth: str | OAuthSession,
        *,
        timeout: float = 30.0,
        retry: RetryPolicy | None = None,
        transport: httpx.BaseTransport | None = None,
        async_transport: httpx.AsyncBaseTransport | None = None,
    ) -> None:
        self.base_url = base_url.rstrip("/")
        policy = retry or RetryPolicy()
        credentials: httpx.Auth
        if isinstance(auth, OAuthSession):
            auth.token_url = f"{self.base_url}/oauth/token"
            credentials = auth
        else:
            credentials = PersonalToken(auth)
        # The generated asyncio calls get the same credentials, timeout and retries as the blocking ones.
        shared: dict[str, Any] = {
            "base_url": self.base_url,
            "auth": credentials,
            "timeout": timeout,
            "headers": {"Accept": "application/json"},
        }
        self._http = RaisingClient(transport=RetryingTransport(transport or httpx.HTTPTransport(), policy), **shared)
        self._async_http = RaisingAsyncClient(
            transport=AsyncRetryingTransport(async_transport or httpx.AsyncHTTPTransport(), policy), **shared
        )
        self.api = AuthenticatedClient(base_url=self.base_url, token="")
        self.api.set_httpx_client(self._http)
        self.api.set_async_httpx_client(self._async_http)
        self.changes = ChangesFeed(self._http, self.base_url, credentials, policy)

    def __enter__(self) -> BoardsyncClient:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    async def __aenter__(self) -> BoardsyncClient:
        return self

    async def __aexit__(self, *_: object) -> None:
        await self.aclose()

    def close(self) -> None:
        self._http.close()

    async def aclose(self) -> None:
        await self._async_http.aclose()
        self._http.close()

    def paginate(self, operation: Callable[..., Any], /, **arguments: Any) -> Iterator[Any]:
        """Every row of a list operation: ``client.paginate(list_components.sync_detailed, project=7, per_page=200)``.
        The lists' own methods (``projects``, ``components``, ``assets``, ``deliveries``) type their rows."""
        return paginate(operation, client=self.api, **arguments)

    def projects(self) -> Iterator[Project]:
        """Every project of the designer's, newest first, typed."""
        return listings.projects(self.api)

    def components(
        self, project: int, *, component_type: str | None = None, name: str | None = None, unique_id: str | None = None
    ) -> Iterator[Component]:
        """Every component of a project, typed; ``component_type``, ``name`` and ``unique_id`` filter exactly."""
        return listings.components(self.api, project, component_type=component_type, name=name, unique_id=unique_id)

    def assets(self, project: int) -> Iterator[Asset]:
        """Every file in a project's storage folder, newest first, typed."""
        return listings.assets(self.api, project)

    def deliveries(self, webhook: int, *, status: str | None = None) -> Iterator[Delivery]:
        """Every delivery of one of the app's webhooks, newest first (``failed``, ``pending`` or ``succeeded`` only when given), typed."""
        return listings.deliveries(self.api, webhook, status=status)

    def write_components(
        self,
        project: int,
        component_type: str,
        rows: Sequence[Any],
        *,
        remove_missing: bool = False,
        match_by_name: bool = False,
        internalize_images: bool = False,
        batch_size: int = MAX_BATCH_ROWS,
        on_progress: Callable[[int, int], None] | None = None,
    ) -> dict[str, Any]:
        """Any number of rows of one type (dicts, or the generated ``CardInput``… models) in calls of at
        most 500, with one write result for all; ``errors``' ``index`` counts from the first row."""
        return write_components(
            self.api,
            self._own_source,
            project,
            component_type,
            rows,
            remove_missing=remove_missing,
            match_by_name=match_by_name,
            internalize_images=internalize_images,
            batch_size=batch_size,
            on_progress=on_progress,
        )

    def upload_asset(
        self,
        project: int,
        file: bytes | Path,
        filename: str | None = None,
        *,
        convert_to: Literal["webp", "avif"] | None = None,
        idempotency_key: str | None = None,
    ) -> dict[str, Any]:
        """Stores an image's bytes in the project (``POST assets``). The ``Idempotency-Key`` (a fresh UUID
        by default) makes it safe to retry: a repeat answers the first 201 again and stores nothing."""
        data = file.read_bytes() if isinstance(file, Path) else file
        name = filename or (file.name if isinstance(file, Path) else "upload")
        form = {f"convert_to_{convert_to}": "true"} if convert_to else {}
        response = self._http.post(
            f"/api/v1/projects/{project}/assets",
            files={"file": (name, data)},
            data=form,
            headers={"Idempotency-Key": idempotency_key or str(uuid.uuid4())},
        )
        return _data_of(response)

    def mirror_asset(
        self,
        project: int,
        url: str,
        *,
        convert_to: Literal["webp", "avif"] | None = None,
        idempotency_key: str | None = None,
    ) -> dict[str, Any]:
        """Has the service fetch a public http(s) image into the project's storage (``POST assets/from-url``)."""
        body = {"url": url, "convert_to_webp": convert_to == "webp", "convert_to_avif": convert_to == "avif"}
        response = self._http.post(
            f"/api/v1/projects/{project}/assets/from-url",
            json=body,
            headers={"Idempotency-Key": idempotency_key or str(uuid.uuid4())},
        )
        return _data_of(response)

    @functools.cached_property
    def _source(self) -> str:
        """The source tag this token's writes carry (docs/rules.md "Components": ``source``), from ``/me``."""
        return str(_data_of(self._http.get("/api/v1/me"))["token"]["app"])

    def _own_source(self) -> str:
        return self._source


def _data_of(response: httpx.Response) -> dict[str, Any]:
    """A success's body, unwrapped from ``{data: …}`` (a refusal raised in :class:`RaisingClient` already)."""
    body = response.json()
    return body["data"] if isinstance(body, dict) and "data" in body and len(body) == 1 else body
