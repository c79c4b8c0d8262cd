from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.replace_group_members_body import ReplaceGroupMembersBody
from ...models.replace_group_members_response_200 import ReplaceGroupMembersResponse200
from ...types import Response


def _get_kwargs(
    project: int,
    group: int,
    *,
    body: ReplaceGroupMembersBody,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "put",
        "url": "/api/v1/projects/{project}/groups/{group}/members".format(
            project=quote(str(project), safe=""),
            group=quote(str(group), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Problem | ReplaceGroupMembersResponse200 | None:
    if response.status_code == 200:
        response_200 = ReplaceGroupMembersResponse200.from_dict(response.json())

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
) -> Response[Problem | ReplaceGroupMembersResponse200]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    project: int,
    group: int,
    *,
    client: AuthenticatedClient,
    body: ReplaceGroupMembersBody,
) -> Response[Problem | ReplaceGroupMembersResponse200]:
    """Replace a group’s whole membership, in deck order

     Up to 10,000 entries, each naming a component of this project once (`count` for copies). A deck
    holds only cards, a stack only tokens, all of one shape/mask. A refused call changes nothing.

    Args:
        project (int):
        group (int):
        body (ReplaceGroupMembersBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | ReplaceGroupMembersResponse200]
    """

    kwargs = _get_kwargs(
        project=project,
        group=group,
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    project: int,
    group: int,
    *,
    client: AuthenticatedClient,
    body: ReplaceGroupMembersBody,
) -> Problem | ReplaceGroupMembersResponse200 | None:
    """Replace a group’s whole membership, in deck order

     Up to 10,000 entries, each naming a component of this project once (`count` for copies). A deck
    holds only cards, a stack only tokens, all of one shape/mask. A refused call changes nothing.

    Args:
        project (int):
        group (int):
        body (ReplaceGroupMembersBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | ReplaceGroupMembersResponse200
    """

    return sync_detailed(
        project=project,
        group=group,
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    project: int,
    group: int,
    *,
    client: AuthenticatedClient,
    body: ReplaceGroupMembersBody,
) -> Response[Problem | ReplaceGroupMembersResponse200]:
    """Replace a group’s whole membership, in deck order

     Up to 10,000 entries, each naming a component of this project once (`count` for copies). A deck
    holds only cards, a stack only tokens, all of one shape/mask. A refused call changes nothing.

    Args:
        project (int):
        group (int):
        body (ReplaceGroupMembersBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | ReplaceGroupMembersResponse200]
    """

    kwargs = _get_kwargs(
        project=project,
        group=group,
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    project: int,
    group: int,
    *,
    client: AuthenticatedClient,
    body: ReplaceGroupMembersBody,
) -> Problem | ReplaceGroupMembersResponse200 | None:
    """Replace a group’s whole membership, in deck order

     Up to 10,000 entries, each naming a component of this project once (`count` for copies). A deck
    holds only cards, a stack only tokens, all of one shape/mask. A refused call changes nothing.

    Args:
        project (int):
        group (int):
        body (ReplaceGroupMembersBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | ReplaceGroupMembersResponse200
    """

    return (
        await asyncio_detailed(
            project=project,
            group=group,
            client=client,
            body=body,
        )
    ).parsed
