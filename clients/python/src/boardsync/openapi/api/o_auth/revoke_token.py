from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.revoke_token_body import RevokeTokenBody
from ...models.revoke_token_response_200 import RevokeTokenResponse200
from ...models.revoke_token_response_400 import RevokeTokenResponse400
from ...models.revoke_token_response_401 import RevokeTokenResponse401
from ...types import Response


def _get_kwargs(
    *,
    body: RevokeTokenBody,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/oauth/revoke",
    }

    _kwargs["data"] = body.to_dict()
    headers["Content-Type"] = "application/x-www-form-urlencoded"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> RevokeTokenResponse200 | RevokeTokenResponse400 | RevokeTokenResponse401 | None:
    if response.status_code == 200:
        response_200 = RevokeTokenResponse200.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = RevokeTokenResponse400.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = RevokeTokenResponse401.from_dict(response.json())

        return response_401

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[RevokeTokenResponse200 | RevokeTokenResponse400 | RevokeTokenResponse401]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: RevokeTokenBody,
) -> Response[RevokeTokenResponse200 | RevokeTokenResponse400 | RevokeTokenResponse401]:
    """Revoke an access or refresh token the app holds (RFC 7009); the grant’s other tokens go with it

    Args:
        body (RevokeTokenBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[RevokeTokenResponse200 | RevokeTokenResponse400 | RevokeTokenResponse401]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    body: RevokeTokenBody,
) -> RevokeTokenResponse200 | RevokeTokenResponse400 | RevokeTokenResponse401 | None:
    """Revoke an access or refresh token the app holds (RFC 7009); the grant’s other tokens go with it

    Args:
        body (RevokeTokenBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        RevokeTokenResponse200 | RevokeTokenResponse400 | RevokeTokenResponse401
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: RevokeTokenBody,
) -> Response[RevokeTokenResponse200 | RevokeTokenResponse400 | RevokeTokenResponse401]:
    """Revoke an access or refresh token the app holds (RFC 7009); the grant’s other tokens go with it

    Args:
        body (RevokeTokenBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[RevokeTokenResponse200 | RevokeTokenResponse400 | RevokeTokenResponse401]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: RevokeTokenBody,
) -> RevokeTokenResponse200 | RevokeTokenResponse400 | RevokeTokenResponse401 | None:
    """Revoke an access or refresh token the app holds (RFC 7009); the grant’s other tokens go with it

    Args:
        body (RevokeTokenBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        RevokeTokenResponse200 | RevokeTokenResponse400 | RevokeTokenResponse401
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
