from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.list_components_response_200 import ListComponentsResponse200
from ...models.list_components_type import ListComponentsType
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    project: int,
    *,
    type_: ListComponentsType | Unset = UNSET,
    name: str | Unset = UNSET,
    unique_id: str | Unset = UNSET,
    page: int | Unset = UNSET,
    per_page: int | Unset = UNSET,
    if_none_match: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(if_none_match, Unset):
        headers["If-None-Match"] = if_none_match

    params: dict[str, Any] = {}

    json_type_: str | Unset = UNSET
    if not isinstance(type_, Unset):
        json_type_ = type_.value

    params["type"] = json_type_

    params["name"] = name

    params["unique_id"] = unique_id

    params["page"] = page

    params["per_page"] = per_page

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/projects/{project}/components".format(
            project=quote(str(project), safe=""),
        ),
        "params": params,
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Any | ListComponentsResponse200 | Problem | None:
    if response.status_code == 200:
        response_200 = ListComponentsResponse200.from_dict(response.json())

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
) -> Response[Any | ListComponentsResponse200 | Problem]:
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
    type_: ListComponentsType | Unset = UNSET,
    name: str | Unset = UNSET,
    unique_id: str | Unset = UNSET,
    page: int | Unset = UNSET,
    per_page: int | Unset = UNSET,
    if_none_match: str | Unset = UNSET,
) -> Response[Any | ListComponentsResponse200 | Problem]:
    """List a project’s components, grouped by type, then the designer’s ordering

     Paged: `per_page` defaults to 50 and is clamped to 200. The exact-match filters find a row wherever
    it sits in the ordering.

    Args:
        project (int):
        type_ (ListComponentsType | Unset):
        name (str | Unset):
        unique_id (str | Unset):
        page (int | Unset):
        per_page (int | Unset):
        if_none_match (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | ListComponentsResponse200 | Problem]
    """

    kwargs = _get_kwargs(
        project=project,
        type_=type_,
        name=name,
        unique_id=unique_id,
        page=page,
        per_page=per_page,
        if_none_match=if_none_match,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    project: int,
    *,
    client: AuthenticatedClient,
    type_: ListComponentsType | Unset = UNSET,
    name: str | Unset = UNSET,
    unique_id: str | Unset = UNSET,
    page: int | Unset = UNSET,
    per_page: int | Unset = UNSET,
    if_none_match: str | Unset = UNSET,
) -> Any | ListComponentsResponse200 | Problem | None:
    """List a project’s components, grouped by type, then the designer’s ordering

     Paged: `per_page` defaults to 50 and is clamped to 200. The exact-match filters find a row wherever
    it sits in the ordering.

    Args:
        project (int):
        type_ (ListComponentsType | Unset):
        name (str | Unset):
        unique_id (str | Unset):
        page (int | Unset):
        per_page (int | Unset):
        if_none_match (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | ListComponentsResponse200 | Problem
    """

    return sync_detailed(
        project=project,
        client=client,
        type_=type_,
        name=name,
        unique_id=unique_id,
        page=page,
        per_page=per_page,
        if_none_match=if_none_match,
    ).parsed


async def asyncio_detailed(
    project: int,
    *,
    client: AuthenticatedClient,
    type_: ListComponentsType | Unset = UNSET,
    name: str | Unset = UNSET,
    unique_id: str | Unset = UNSET,
    page: int | Unset = UNSET,
    per_page: int | Unset = UNSET,
    if_none_match: str | Unset = UNSET,
) -> Response[Any | ListComponentsResponse200 | Problem]:
    """List a project’s components, grouped by type, then the designer’s ordering

     Paged: `per_page` defaults to 50 and is clamped to 200. The exact-match filters find a row wherever
    it sits in the ordering.

    Args:
        project (int):
        type_ (ListComponentsType | Unset):
        name (str | Unset):
        unique_id (str | Unset):
        page (int | Unset):
        per_page (int | Unset):
        if_none_match (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | ListComponentsResponse200 | Problem]
    """

    kwargs = _get_kwargs(
        project=project,
        type_=type_,
        name=name,
        unique_id=unique_id,
        page=page,
        per_page=per_page,
        if_none_match=if_none_match,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    project: int,
    *,
    client: AuthenticatedClient,
    type_: ListComponentsType | Unset = UNSET,
    name: str | Unset = UNSET,
    unique_id: str | Unset = UNSET,
    page: int | Unset = UNSET,
    per_page: int | Unset = UNSET,
    if_none_match: str | Unset = UNSET,
) -> Any | ListComponentsResponse200 | Problem | None:
    """List a project’s components, grouped by type, then the designer’s ordering

     Paged: `per_page` defaults to 50 and is clamped to 200. The exact-match filters find a row wherever
    it sits in the ordering.

    Args:
        project (int):
        type_ (ListComponentsType | Unset):
        name (str | Unset):
        unique_id (str | Unset):
        page (int | Unset):
        per_page (int | Unset):
        if_none_match (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | ListComponentsResponse200 | Problem
    """

    return (
        await asyncio_detailed(
            project=project,
            client=client,
            type_=type_,
            name=name,
            unique_id=unique_id,
            page=page,
            per_page=per_page,
            if_none_match=if_none_match,
        )
    ).parsed
