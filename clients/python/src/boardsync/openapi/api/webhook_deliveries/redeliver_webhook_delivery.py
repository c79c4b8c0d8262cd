from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.redeliver_webhook_delivery_response_202 import (
    RedeliverWebhookDeliveryResponse202,
)
from ...types import UNSET, Response, Unset


def _get_kwargs(
    webhook: int,
    delivery: str,
    *,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/webhooks/{webhook}/deliveries/{delivery}/redeliver".format(
            webhook=quote(str(webhook), safe=""),
            delivery=quote(str(delivery), safe=""),
        ),
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Problem | RedeliverWebhookDeliveryResponse202 | None:
    if response.status_code == 202:
        response_202 = RedeliverWebhookDeliveryResponse202.from_dict(response.json())

        return response_202

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
) -> Response[Problem | RedeliverWebhookDeliveryResponse202]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    webhook: int,
    delivery: str,
    *,
    client: AuthenticatedClient,
    idempotency_key: str | Unset = UNSET,
) -> Response[Problem | RedeliverWebhookDeliveryResponse202]:
    """Send one delivery again: a new attempt series, same id and body, due now

     Whatever its state, the delivery becomes pending with 0 attempts, so the whole retry schedule
    applies again. Its earlier attempts stay in the log.

    Args:
        webhook (int):
        delivery (str):
        idempotency_key (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | RedeliverWebhookDeliveryResponse202]
    """

    kwargs = _get_kwargs(
        webhook=webhook,
        delivery=delivery,
        idempotency_key=idempotency_key,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    webhook: int,
    delivery: str,
    *,
    client: AuthenticatedClient,
    idempotency_key: str | Unset = UNSET,
) -> Problem | RedeliverWebhookDeliveryResponse202 | None:
    """Send one delivery again: a new attempt series, same id and body, due now

     Whatever its state, the delivery becomes pending with 0 attempts, so the whole retry schedule
    applies again. Its earlier attempts stay in the log.

    Args:
        webhook (int):
        delivery (str):
        idempotency_key (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | RedeliverWebhookDeliveryResponse202
    """

    return sync_detailed(
        webhook=webhook,
        delivery=delivery,
        client=client,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    webhook: int,
    delivery: str,
    *,
    client: AuthenticatedClient,
    idempotency_key: str | Unset = UNSET,
) -> Response[Problem | RedeliverWebhookDeliveryResponse202]:
    """Send one delivery again: a new attempt series, same id and body, due now

     Whatever its state, the delivery becomes pending with 0 attempts, so the whole retry schedule
    applies again. Its earlier attempts stay in the log.

    Args:
        webhook (int):
        delivery (str):
        idempotency_key (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | RedeliverWebhookDeliveryResponse202]
    """

    kwargs = _get_kwargs(
        webhook=webhook,
        delivery=delivery,
        idempotency_key=idempotency_key,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    webhook: int,
    delivery: str,
    *,
    client: AuthenticatedClient,
    idempotency_key: str | Unset = UNSET,
) -> Problem | RedeliverWebhookDeliveryResponse202 | None:
    """Send one delivery again: a new attempt series, same id and body, due now

     Whatever its state, the delivery becomes pending with 0 attempts, so the whole retry schedule
    applies again. Its earlier attempts stay in the log.

    Args:
        webhook (int):
        delivery (str):
        idempotency_key (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | RedeliverWebhookDeliveryResponse202
    """

    return (
        await asyncio_detailed(
            webhook=webhook,
            delivery=delivery,
            client=client,
            idempotency_key=idempotency_key,
        )
    ).parsed
