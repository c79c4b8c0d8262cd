from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.delete_components_response_200 import DeleteComponentsResponse200
from ...models.delete_components_type import DeleteComponentsType
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    project: int,
    *,
    type_: DeleteComponentsType | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    json_type_: str | Unset = UNSET
    if not isinstance(type_, Unset):
        json_type_ = type_.value

    params["type"] = json_type_

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "delete",
        "url": "/api/v1/projects/{project}/components".format(
            project=quote(str(project), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> DeleteComponentsResponse200 | Problem | None:
    if response.status_code == 200:
        response_200 = DeleteComponentsResponse200.from_dict(response.json())

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
) -> Response[DeleteComponentsResponse200 | Problem]:
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
    type_: DeleteComponentsType | Unset = UNSET,
) -> Response[DeleteComponentsResponse200 | Problem]:
    """Delete the components the calling app created, of one type or all

     Only rows stamped with the caller’s source tag go; hand-made, imported and other apps’ rows stay.

    Args:
        project (int):
        type_ (DeleteComponentsType | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[DeleteComponentsResponse200 | Problem]
    """

    kwargs = _get_kwargs(
        project=project,
        type_=type_,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    project: int,
    *,
    client: AuthenticatedClient,
    type_: DeleteComponentsType | Unset = UNSET,
) -> DeleteComponentsResponse200 | Problem | None:
    """Delete the components the calling app created, of one type or all

     Only rows stamped with the caller’s source tag go; hand-made, imported and other apps’ rows stay.

    Args:
        project (int):
        type_ (DeleteComponentsType | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        DeleteComponentsResponse200 | Problem
    """

    return sync_detailed(
        project=project,
        client=client,
        type_=type_,
    ).parsed


async def asyncio_detailed(
    project: int,
    *,
    client: AuthenticatedClient,
    type_: DeleteComponentsType | Unset = UNSET,
) -> Response[DeleteComponentsResponse200 | Problem]:
    """Delete the components the calling app created, of one type or all

     Only rows stamped with the caller’s source tag go; hand-made, imported and other apps’ rows stay.

    Args:
        project (int):
        type_ (DeleteComponentsType | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[DeleteComponentsResponse200 | Problem]
    """

    kwargs = _get_kwargs(
        project=project,
        type_=type_,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    project: int,
    *,
    client: AuthenticatedClient,
    type_: DeleteComponentsType | Unset = UNSET,
) -> DeleteComponentsResponse200 | Problem | None:
    """Delete the components the calling app created, of one type or all

     Only rows stamped with the caller’s source tag go; hand-made, imported and other apps’ rows stay.

    Args:
        project (int):
        type_ (DeleteComponentsType | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        DeleteComponentsResponse200 | Problem
    """

    return (
        await asyncio_detailed(
            project=project,
            client=client,
            type_=type_,
        )
    ).parsed
