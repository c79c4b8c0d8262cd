from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.exchange_token_body_type_0 import ExchangeTokenBodyType0
from ...models.exchange_token_body_type_1 import ExchangeTokenBodyType1
from ...models.exchange_token_response_200 import ExchangeTokenResponse200
from ...models.exchange_token_response_400 import ExchangeTokenResponse400
from ...models.exchange_token_response_401 import ExchangeTokenResponse401
from ...models.exchange_token_response_429 import ExchangeTokenResponse429
from ...models.exchange_token_response_500 import ExchangeTokenResponse500
from ...types import Response


def _get_kwargs(
    *,
    body: ExchangeTokenBodyType0 | ExchangeTokenBodyType1,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/oauth/token",
    }

    _kwargs["data"] = body.to_dict()
    headers["Content-Type"] = "application/x-www-form-urlencoded"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> (
    ExchangeTokenResponse200
    | ExchangeTokenResponse400
    | ExchangeTokenResponse401
    | ExchangeTokenResponse429
    | ExchangeTokenResponse500
    | None
):
    if response.status_code == 200:
        response_200 = ExchangeTokenResponse200.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = ExchangeTokenResponse400.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = ExchangeTokenResponse401.from_dict(response.json())

        return response_401

    if response.status_code == 429:
        response_429 = ExchangeTokenResponse429.from_dict(response.json())

        return response_429

    if response.status_code == 500:
        response_500 = ExchangeTokenResponse500.from_dict(response.json())

        return response_500

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[
    ExchangeTokenResponse200
    | ExchangeTokenResponse400
    | ExchangeTokenResponse401
    | ExchangeTokenResponse429
    | ExchangeTokenResponse500
]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: ExchangeTokenBodyType0 | ExchangeTokenBodyType1,
) -> Response[
    ExchangeTokenResponse200
    | ExchangeTokenResponse400
    | ExchangeTokenResponse401
    | ExchangeTokenResponse429
    | ExchangeTokenResponse500
]:
    """Steps 2 and 3: exchange a code (with its PKCE verifier) or a refresh token for tokens

    Args:
        body (ExchangeTokenBodyType0 | ExchangeTokenBodyType1):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ExchangeTokenResponse200 | ExchangeTokenResponse400 | ExchangeTokenResponse401 | ExchangeTokenResponse429 | ExchangeTokenResponse500]
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
    body: ExchangeTokenBodyType0 | ExchangeTokenBodyType1,
) -> (
    ExchangeTokenResponse200
    | ExchangeTokenResponse400
    | ExchangeTokenResponse401
    | ExchangeTokenResponse429
    | ExchangeTokenResponse500
    | None
):
    """Steps 2 and 3: exchange a code (with its PKCE verifier) or a refresh token for tokens

    Args:
        body (ExchangeTokenBodyType0 | ExchangeTokenBodyType1):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ExchangeTokenResponse200 | ExchangeTokenResponse400 | ExchangeTokenResponse401 | ExchangeTokenResponse429 | ExchangeTokenResponse500
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: ExchangeTokenBodyType0 | ExchangeTokenBodyType1,
) -> Response[
    ExchangeTokenResponse200
    | ExchangeTokenResponse400
    | ExchangeTokenResponse401
    | ExchangeTokenResponse429
    | ExchangeTokenResponse500
]:
    """Steps 2 and 3: exchange a code (with its PKCE verifier) or a refresh token for tokens

    Args:
        body (ExchangeTokenBodyType0 | ExchangeTokenBodyType1):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ExchangeTokenResponse200 | ExchangeTokenResponse400 | ExchangeTokenResponse401 | ExchangeTokenResponse429 | ExchangeTokenResponse500]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: ExchangeTokenBodyType0 | ExchangeTokenBodyType1,
) -> (
    ExchangeTokenResponse200
    | ExchangeTokenResponse400
    | ExchangeTokenResponse401
    | ExchangeTokenResponse429
    | ExchangeTokenResponse500
    | None
):
    """Steps 2 and 3: exchange a code (with its PKCE verifier) or a refresh token for tokens

    Args:
        body (ExchangeTokenBodyType0 | ExchangeTokenBodyType1):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ExchangeTokenResponse200 | ExchangeTokenResponse400 | ExchangeTokenResponse401 | ExchangeTokenResponse429 | ExchangeTokenResponse500
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
