"""The HTTP clients every call of ``BoardsyncClient`` goes out on: an answer that is not a success raises."""

from __future__ import annotations

from typing import Any

import httpx

from .refusals import refusal


class RaisingClient(httpx.Client):
    """An ``httpx.Client`` on which any 4xx or 5xx answer raises :class:`BoardsyncError`, once the
    credentials have had their say (a refresh after a 401) and the retries theirs: a generated ``sync()``
    never hands back a ``Problem`` where the resource was expected."""

    def send(self, request: httpx.Request, **options: Any) -> httpx.Response:
        response = super().send(request, **options)
        if response.is_error:
            response.read()  # a streamed answer too: its Problem is small, and reading it closes it
            raise refusal(response)
        return response


class RaisingAsyncClient(httpx.AsyncClient):
    """:class:`RaisingClient` for the generated ``asyncio()`` calls."""

    async def send(self, request: httpx.Request, **options: Any) -> httpx.Response:
        response = await super().send(request, **options)
        if response.is_error:
            await response.aread()
            raise refusal(response)
        return response
