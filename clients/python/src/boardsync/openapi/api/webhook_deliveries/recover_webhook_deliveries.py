from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.recover_webhook_deliveries_body import RecoverWebhookDeliveriesBody
from ...models.recover_webhook_deliveries_response_202 import (
    RecoverWebhookDeliveriesResponse202,
)
from ...types import UNSET, Response, Unset


def _get_kwargs(
    webhook: int,
    *,
    body: RecoverWebhookDeliveriesBody,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/webhooks/{webhook}/recover".format(
            webhook=quote(str(webhook), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Problem | RecoverWebhookDeliveriesResponse202 | None:
    if response.status_code == 202:
        response_202 = RecoverWebhookDeliveriesResponse202.from_dict(response.json())

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
) -> Response[Problem | RecoverWebhookDeliveriesResponse202]:
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
    body: RecoverWebhookDeliveriesBody,
    idempotency_key: str | Unset = UNSET,
) -> Response[Problem | RecoverWebhookDeliveriesResponse202]:
    """Send again every failed delivery created in a time window

     Each failed delivery of the webhook created in `[since, until)` starts a new attempt series, as a
    redelivery does; succeeded and pending ones, and pings, are left alone.

    Args:
        webhook (int):
        idempotency_key (str | Unset):
        body (RecoverWebhookDeliveriesBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | RecoverWebhookDeliveriesResponse202]
    """

    kwargs = _get_kwargs(
        webhook=webhook,
        body=body,
        idempotency_key=idempotency_key,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    webhook: int,
    *,
    client: AuthenticatedClient,
    body: RecoverWebhookDeliveriesBody,
    idempotency_key: str | Unset = UNSET,
) -> Problem | RecoverWebhookDeliveriesResponse202 | None:
    """Send again every failed delivery created in a time window

     Each failed delivery of the webhook created in `[since, until)` starts a new attempt series, as a
    redelivery does; succeeded and pending ones, and pings, are left alone.

    Args:
        webhook (int):
        idempotency_key (str | Unset):
        body (RecoverWebhookDeliveriesBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | RecoverWebhookDeliveriesResponse202
    """

    return sync_detailed(
        webhook=webhook,
        client=client,
        body=body,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    webhook: int,
    *,
    client: AuthenticatedClient,
    body: RecoverWebhookDeliveriesBody,
    idempotency_key: str | Unset = UNSET,
) -> Response[Problem | RecoverWebhookDeliveriesResponse202]:
    """Send again every failed delivery created in a time window

     Each failed delivery of the webhook created in `[since, until)` starts a new attempt series, as a
    redelivery does; succeeded and pending ones, and pings, are left alone.

    Args:
        webhook (int):
        idempotency_key (str | Unset):
        body (RecoverWebhookDeliveriesBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | RecoverWebhookDeliveriesResponse202]
    """

    kwargs = _get_kwargs(
        webhook=webhook,
        body=body,
        idempotency_key=idempotency_key,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    webhook: int,
    *,
    client: AuthenticatedClient,
    body: RecoverWebhookDeliveriesBody,
    idempotency_key: str | Unset = UNSET,
) -> Problem | RecoverWebhookDeliveriesResponse202 | None:
    """Send again every failed delivery created in a time window

     Each failed delivery of the webhook created in `[since, until)` starts a new attempt series, as a
    redelivery does; succeeded and pending ones, and pings, are left alone.

    Args:
        webhook (int):
        idempotency_key (str | Unset):
        body (RecoverWebhookDeliveriesBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | RecoverWebhookDeliveriesResponse202
    """

    return (
        await asyncio_detailed(
            webhook=webhook,
            client=client,
            body=body,
            idempotency_key=idempotency_key,
        )
    ).parsed
