from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.delete_webhook_response_200 import DeleteWebhookResponse200
from ...models.problem import Problem
from ...types import Response


def _get_kwargs(
    webhook: int,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "delete",
        "url": "/api/v1/webhooks/{webhook}".format(
            webhook=quote(str(webhook), safe=""),
        ),
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> DeleteWebhookResponse200 | Problem | None:
    if response.status_code == 200:
        response_200 = DeleteWebhookResponse200.from_dict(response.json())

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
) -> Response[DeleteWebhookResponse200 | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    webhook: int,
    *,
    client: AuthenticatedClient,
) -> Response[DeleteWebhookResponse200 | Problem]:
    """Delete one of the calling app’s webhooks, and every delivery still queued for it

    Args:
        webhook (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[DeleteWebhookResponse200 | Problem]
    """

    kwargs = _get_kwargs(
        webhook=webhook,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    webhook: int,
    *,
    client: AuthenticatedClient,
) -> DeleteWebhookResponse200 | Problem | None:
    """Delete one of the calling app’s webhooks, and every delivery still queued for it

    Args:
        webhook (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        DeleteWebhookResponse200 | Problem
    """

    return sync_detailed(
        webhook=webhook,
        client=client,
    ).parsed


async def asyncio_detailed(
    webhook: int,
    *,
    client: AuthenticatedClient,
) -> Response[DeleteWebhookResponse200 | Problem]:
    """Delete one of the calling app’s webhooks, and every delivery still queued for it

    Args:
        webhook (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[DeleteWebhookResponse200 | Problem]
    """

    kwargs = _get_kwargs(
        webhook=webhook,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    webhook: int,
    *,
    client: AuthenticatedClient,
) -> DeleteWebhookResponse200 | Problem | None:
    """Delete one of the calling app’s webhooks, and every delivery still queued for it

    Args:
        webhook (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        DeleteWebhookResponse200 | Problem
    """

    return (
        await asyncio_detailed(
            webhook=webhook,
            client=client,
        )
    ).parsed
