from http import HTTPStatus
from typing import Any, cast

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.list_changes_response_200 import ListChangesResponse200
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    after: str | Unset = UNSET,
    project: int | Unset = UNSET,
    limit: int | Unset = UNSET,
    wait: int | Unset = UNSET,
    if_none_match: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(if_none_match, Unset):
        headers["If-None-Match"] = if_none_match

    params: dict[str, Any] = {}

    params["after"] = after

    params["project"] = project

    params["limit"] = limit

    params["wait"] = wait

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/changes",
        "params": params,
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Any | ListChangesResponse200 | Problem | None:
    if response.status_code == 200:
        response_200 = ListChangesResponse200.from_dict(response.json())

        return response_200

    if response.status_code == 304:
        response_304 = cast(Any, None)
        return response_304

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = Problem.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = Problem.from_dict(response.json())

        return response_404

    if response.status_code == 410:
        response_410 = Problem.from_dict(response.json())

        return response_410

    if response.status_code == 422:
        response_422 = Problem.from_dict(response.json())

        return response_422

    if response.status_code == 429:
        response_429 = Problem.from_dict(response.json())

        return response_429

    if response.status_code == 502:
        response_502 = Problem.from_dict(response.json())

        return response_502

    if response.status_code == 503:
        response_503 = Problem.from_dict(response.json())

        return response_503

    if response.status_code == 504:
        response_504 = Problem.from_dict(response.json())

        return response_504

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Any | ListChangesResponse200 | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    after: str | Unset = UNSET,
    project: int | Unset = UNSET,
    limit: int | Unset = UNSET,
    wait: int | Unset = UNSET,
    if_none_match: str | Unset = UNSET,
) -> Response[Any | ListChangesResponse200 | Problem]:
    """The designer’s changes after a cursor, oldest first; with `wait`, held until one exists

     Every change of the designer’s projects, components, decks and stacks, and assets that the token’s
    scopes let it see (`projects:read`, `components:read`, `assets:read`), in commit order; changes it
    may not see are passed over. A `deleted` change is a tombstone (`data` null). Changes are kept for
    `CHANGES_RETENTION` (30 days by default).

    With `Accept: text/event-stream` the same request streams instead (server-sent events): `retry:`
    first, then one `change` event per change, its `data` a Change and its `id` the change’s cursor, and
    a comment at least every 15 s while quiet. A stream ends after at most 60 s, and the client resumes
    with `Last-Event-ID` (which wins over `after`): the token is checked again at every reconnect.
    Streams and held requests (`wait`) of one designer count together against a per-replica share (`429
    too_many_waiting`).

    Args:
        after (str | Unset):
        project (int | Unset):
        limit (int | Unset):
        wait (int | Unset):
        if_none_match (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | ListChangesResponse200 | Problem]
    """

    kwargs = _get_kwargs(
        after=after,
        project=project,
        limit=limit,
        wait=wait,
        if_none_match=if_none_match,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    after: str | Unset = UNSET,
    project: int | Unset = UNSET,
    limit: int | Unset = UNSET,
    wait: int | Unset = UNSET,
    if_none_match: str | Unset = UNSET,
) -> Any | ListChangesResponse200 | Problem | None:
    """The designer’s changes after a cursor, oldest first; with `wait`, held until one exists

     Every change of the designer’s projects, components, decks and stacks, and assets that the token’s
    scopes let it see (`projects:read`, `components:read`, `assets:read`), in commit order; changes it
    may not see are passed over. A `deleted` change is a tombstone (`data` null). Changes are kept for
    `CHANGES_RETENTION` (30 days by default).

    With `Accept: text/event-stream` the same request streams instead (server-sent events): `retry:`
    first, then one `change` event per change, its `data` a Change and its `id` the change’s cursor, and
    a comment at least every 15 s while quiet. A stream ends after at most 60 s, and the client resumes
    with `Last-Event-ID` (which wins over `after`): the token is checked again at every reconnect.
    Streams and held requests (`wait`) of one designer count together against a per-replica share (`429
    too_many_waiting`).

    Args:
        after (str | Unset):
        project (int | Unset):
        limit (int | Unset):
        wait (int | Unset):
        if_none_match (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | ListChangesResponse200 | Problem
    """

    return sync_detailed(
        client=client,
        after=after,
        project=project,
        limit=limit,
        wait=wait,
        if_none_match=if_none_match,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    after: str | Unset = UNSET,
    project: int | Unset = UNSET,
    limit: int | Unset = UNSET,
    wait: int | Unset = UNSET,
    if_none_match: str | Unset = UNSET,
) -> Response[Any | ListChangesResponse200 | Problem]:
    """The designer’s changes after a cursor, oldest first; with `wait`, held until one exists

     Every change of the designer’s projects, components, decks and stacks, and assets that the token’s
    scopes let it see (`projects:read`, `components:read`, `assets:read`), in commit order; changes it
    may not see are passed over. A `deleted` change is a tombstone (`data` null). Changes are kept for
    `CHANGES_RETENTION` (30 days by default).

    With `Accept: text/event-stream` the same request streams instead (server-sent events): `retry:`
    first, then one `change` event per change, its `data` a Change and its `id` the change’s cursor, and
    a comment at least every 15 s while quiet. A stream ends after at most 60 s, and the client resumes
    with `Last-Event-ID` (which wins over `after`): the token is checked again at every reconnect.
    Streams and held requests (`wait`) of one designer count together against a per-replica share (`429
    too_many_waiting`).

    Args:
        after (str | Unset):
        project (int | Unset):
        limit (int | Unset):
        wait (int | Unset):
        if_none_match (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | ListChangesResponse200 | Problem]
    """

    kwargs = _get_kwargs(
        after=after,
        project=project,
        limit=limit,
        wait=wait,
        if_none_match=if_none_match,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    after: str | Unset = UNSET,
    project: int | Unset = UNSET,
    limit: int | Unset = UNSET,
    wait: int | Unset = UNSET,
    if_none_match: str | Unset = UNSET,
) -> Any | ListChangesResponse200 | Problem | None:
    """The designer’s changes after a cursor, oldest first; with `wait`, held until one exists

     Every change of the designer’s projects, components, decks and stacks, and assets that the token’s
    scopes let it see (`projects:read`, `components:read`, `assets:read`), in commit order; changes it
    may not see are passed over. A `deleted` change is a tombstone (`data` null). Changes are kept for
    `CHANGES_RETENTION` (30 days by default).

    With `Accept: text/event-stream` the same request streams instead (server-sent events): `retry:`
    first, then one `change` event per change, its `data` a Change and its `id` the change’s cursor, and
    a comment at least every 15 s while quiet. A stream ends after at most 60 s, and the client resumes
    with `Last-Event-ID` (which wins over `after`): the token is checked again at every reconnect.
    Streams and held requests (`wait`) of one designer count together against a per-replica share (`429
    too_many_waiting`).

    Args:
        after (str | Unset):
        project (int | Unset):
        limit (int | Unset):
        wait (int | Unset):
        if_none_match (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | ListChangesResponse200 | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            after=after,
            project=project,
            limit=limit,
            wait=wait,
            if_none_match=if_none_match,
        )
    ).parsed
