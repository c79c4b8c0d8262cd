from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.create_group_body import CreateGroupBody
from ...models.create_group_response_200 import CreateGroupResponse200
from ...models.create_group_response_201 import CreateGroupResponse201
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    project: int,
    *,
    body: CreateGroupBody,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/projects/{project}/groups".format(
            project=quote(str(project), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> CreateGroupResponse200 | CreateGroupResponse201 | Problem | None:
    if response.status_code == 200:
        response_200 = CreateGroupResponse200.from_dict(response.json())

        return response_200

    if response.status_code == 201:
        response_201 = CreateGroupResponse201.from_dict(response.json())

        return response_201

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

    if response.status_code == 413:
        response_413 = Problem.from_dict(response.json())

        return response_413

    if response.status_code == 415:
        response_415 = Problem.from_dict(response.json())

        return response_415

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
) -> Response[CreateGroupResponse200 | CreateGroupResponse201 | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    project: int,
    *,
    client: AuthenticatedClient,
    body: CreateGroupBody,
    idempotency_key: str | Unset = UNSET,
) -> Response[CreateGroupResponse200 | CreateGroupResponse201 | Problem]:
    """Create a deck or stack at the end of the group order, or find the one of that name

    Args:
        project (int):
        idempotency_key (str | Unset):
        body (CreateGroupBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CreateGroupResponse200 | CreateGroupResponse201 | Problem]
    """

    kwargs = _get_kwargs(
        project=project,
        body=body,
        idempotency_key=idempotency_key,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    project: int,
    *,
    client: AuthenticatedClient,
    body: CreateGroupBody,
    idempotency_key: str | Unset = UNSET,
) -> CreateGroupResponse200 | CreateGroupResponse201 | Problem | None:
    """Create a deck or stack at the end of the group order, or find the one of that name

    Args:
        project (int):
        idempotency_key (str | Unset):
        body (CreateGroupBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CreateGroupResponse200 | CreateGroupResponse201 | Problem
    """

    return sync_detailed(
        project=project,
        client=client,
        body=body,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    project: int,
    *,
    client: AuthenticatedClient,
    body: CreateGroupBody,
    idempotency_key: str | Unset = UNSET,
) -> Response[CreateGroupResponse200 | CreateGroupResponse201 | Problem]:
    """Create a deck or stack at the end of the group order, or find the one of that name

    Args:
        project (int):
        idempotency_key (str | Unset):
        body (CreateGroupBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CreateGroupResponse200 | CreateGroupResponse201 | Problem]
    """

    kwargs = _get_kwargs(
        project=project,
        body=body,
        idempotency_key=idempotency_key,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    project: int,
    *,
    client: AuthenticatedClient,
    body: CreateGroupBody,
    idempotency_key: str | Unset = UNSET,
) -> CreateGroupResponse200 | CreateGroupResponse201 | Problem | None:
    """Create a deck or stack at the end of the group order, or find the one of that name

    Args:
        project (int):
        idempotency_key (str | Unset):
        body (CreateGroupBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CreateGroupResponse200 | CreateGroupResponse201 | Problem
    """

    return (
        await asyncio_detailed(
            project=project,
            client=client,
            body=body,
            idempotency_key=idempotency_key,
        )
    ).parsed
