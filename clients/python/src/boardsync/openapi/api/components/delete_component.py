from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.delete_component_response_200 import DeleteComponentResponse200
from ...models.problem import Problem
from ...types import Response


def _get_kwargs(
    project: int,
    unique_id: str,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "delete",
        "url": "/api/v1/projects/{project}/components/{unique_id}".format(
            project=quote(str(project), safe=""),
            unique_id=quote(str(unique_id), safe=""),
        ),
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> DeleteComponentResponse200 | Problem | None:
    if response.status_code == 200:
        response_200 = DeleteComponentResponse200.from_dict(response.json())

        return response_200

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

    if response.status_code == 409:
        response_409 = Problem.from_dict(response.json())

        return response_409

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
) -> Response[DeleteComponentResponse200 | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    project: int,
    unique_id: str,
    *,
    client: AuthenticatedClient,
) -> Response[DeleteComponentResponse200 | Problem]:
    """Delete one component the calling app created, by its unique_id

     A `unique_id` is one path segment here: one holding `/` or `\\` (which no gateway lets through, even
    percent-encoded) is removed by `DELETE components?type=` or a batch with `remove_missing` instead.

    Args:
        project (int):
        unique_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[DeleteComponentResponse200 | Problem]
    """

    kwargs = _get_kwargs(
        project=project,
        unique_id=unique_id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    project: int,
    unique_id: str,
    *,
    client: AuthenticatedClient,
) -> DeleteComponentResponse200 | Problem | None:
    """Delete one component the calling app created, by its unique_id

     A `unique_id` is one path segment here: one holding `/` or `\\` (which no gateway lets through, even
    percent-encoded) is removed by `DELETE components?type=` or a batch with `remove_missing` instead.

    Args:
        project (int):
        unique_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        DeleteComponentResponse200 | Problem
    """

    return sync_detailed(
        project=project,
        unique_id=unique_id,
        client=client,
    ).parsed


async def asyncio_detailed(
    project: int,
    unique_id: str,
    *,
    client: AuthenticatedClient,
) -> Response[DeleteComponentResponse200 | Problem]:
    """Delete one component the calling app created, by its unique_id

     A `unique_id` is one path segment here: one holding `/` or `\\` (which no gateway lets through, even
    percent-encoded) is removed by `DELETE components?type=` or a batch with `remove_missing` instead.

    Args:
        project (int):
        unique_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[DeleteComponentResponse200 | Problem]
    """

    kwargs = _get_kwargs(
        project=project,
        unique_id=unique_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    project: int,
    unique_id: str,
    *,
    client: AuthenticatedClient,
) -> DeleteComponentResponse200 | Problem | None:
    """Delete one component the calling app created, by its unique_id

     A `unique_id` is one path segment here: one holding `/` or `\\` (which no gateway lets through, even
    percent-encoded) is removed by `DELETE components?type=` or a batch with `remove_missing` instead.

    Args:
        project (int):
        unique_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        DeleteComponentResponse200 | Problem
    """

    return (
        await asyncio_detailed(
            project=project,
            unique_id=unique_id,
            client=client,
        )
    ).parsed
