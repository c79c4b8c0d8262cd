from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...types import Response


def _get_kwargs(
    designer: str,
    project: str,
    token: str,
    name: str,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/assets/designers/{designer}/projects/{project}/{token}/{name}".format(
            designer=quote(str(designer), safe=""),
            project=quote(str(project), safe=""),
            token=quote(str(token), safe=""),
            name=quote(str(name), safe=""),
        ),
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Any | Problem | None:
    if response.status_code == 304:
        response_304 = cast(Any, None)
        return response_304

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())

        return response_400

    if response.status_code == 404:
        response_404 = Problem.from_dict(response.json())

        return response_404

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Any | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    designer: str,
    project: str,
    token: str,
    name: str,
    *,
    client: AuthenticatedClient,
) -> Response[Any | Problem]:
    """Read a stored image by its public URL (an asset’s `url`)

    Args:
        designer (str):
        project (str):
        token (str):
        name (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Problem]
    """

    kwargs = _get_kwargs(
        designer=designer,
        project=project,
        token=token,
        name=name,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    designer: str,
    project: str,
    token: str,
    name: str,
    *,
    client: AuthenticatedClient,
) -> Any | Problem | None:
    """Read a stored image by its public URL (an asset’s `url`)

    Args:
        designer (str):
        project (str):
        token (str):
        name (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Problem
    """

    return sync_detailed(
        designer=designer,
        project=project,
        token=token,
        name=name,
        client=client,
    ).parsed


async def asyncio_detailed(
    designer: str,
    project: str,
    token: str,
    name: str,
    *,
    client: AuthenticatedClient,
) -> Response[Any | Problem]:
    """Read a stored image by its public URL (an asset’s `url`)

    Args:
        designer (str):
        project (str):
        token (str):
        name (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Problem]
    """

    kwargs = _get_kwargs(
        designer=designer,
        project=project,
        token=token,
        name=name,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    designer: str,
    project: str,
    token: str,
    name: str,
    *,
    client: AuthenticatedClient,
) -> Any | Problem | None:
    """Read a stored image by its public URL (an asset’s `url`)

    Args:
        designer (str):
        project (str):
        token (str):
        name (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Problem
    """

    return (
        await asyncio_detailed(
            designer=designer,
            project=project,
            token=token,
            name=name,
            client=client,
        )
    ).parsed
