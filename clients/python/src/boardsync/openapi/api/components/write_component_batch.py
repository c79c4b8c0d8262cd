from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.bag_batch_input import BagBatchInput
from ...models.board_batch_input import BoardBatchInput
from ...models.card_batch_input import CardBatchInput
from ...models.coin_batch_input import CoinBatchInput
from ...models.counter_batch_input import CounterBatchInput
from ...models.dice_batch_input import DiceBatchInput
from ...models.pack_batch_input import PackBatchInput
from ...models.problem import Problem
from ...models.rulebook_batch_input import RulebookBatchInput
from ...models.spinner_batch_input import SpinnerBatchInput
from ...models.timer_batch_input import TimerBatchInput
from ...models.token_batch_input import TokenBatchInput
from ...models.write_result import WriteResult
from ...types import UNSET, Response, Unset


def _get_kwargs(
    project: int,
    *,
    body: BagBatchInput
    | BoardBatchInput
    | CardBatchInput
    | CoinBatchInput
    | CounterBatchInput
    | DiceBatchInput
    | PackBatchInput
    | RulebookBatchInput
    | SpinnerBatchInput
    | TimerBatchInput
    | TokenBatchInput,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/projects/{project}/components/batch".format(
            project=quote(str(project), safe=""),
        ),
    }

    if (
        isinstance(body, CardBatchInput)
        or isinstance(body, TokenBatchInput)
        or isinstance(body, DiceBatchInput)
        or isinstance(body, BoardBatchInput)
        or isinstance(body, RulebookBatchInput)
        or isinstance(body, SpinnerBatchInput)
        or isinstance(body, CoinBatchInput)
        or isinstance(body, BagBatchInput)
        or isinstance(body, CounterBatchInput)
        or isinstance(body, TimerBatchInput)
    ):
        _kwargs["json"] = body.to_dict()
    else:
        _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Problem | WriteResult | None:
    if response.status_code == 200:
        response_200 = WriteResult.from_dict(response.json())

        return response_200

    if response.status_code == 201:
        response_201 = WriteResult.from_dict(response.json())

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
) -> Response[Problem | WriteResult]:
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
    body: BagBatchInput
    | BoardBatchInput
    | CardBatchInput
    | CoinBatchInput
    | CounterBatchInput
    | DiceBatchInput
    | PackBatchInput
    | RulebookBatchInput
    | SpinnerBatchInput
    | TimerBatchInput
    | TokenBatchInput,
    idempotency_key: str | Unset = UNSET,
) -> Response[Problem | WriteResult]:
    """Create or update up to 500 components of one type in one transaction

     Rows are matched by `unique_id` (created on first sight, updated in place after), or by name when a
    row has no `unique_id` or `match_by_name` is set. `deck_names` / `stack_names` create missing decks
    or stacks and set membership; a card or token that cannot join one is still written and listed in
    `errors`. One transaction and one `components.changed` event (none when nothing changed).
    `remove_missing` then deletes this app’s components of the type the batch left out.

    **Deprecated** since 2026-11-28: The field `die_face_urls` — use `die_faces` (the same list of face
    images) instead; no removal is scheduled. A request that uses it is answered with `Deprecation` and
    `Link: <…>; rel="deprecation"` headers.

    Args:
        project (int):
        idempotency_key (str | Unset):
        body (BagBatchInput | BoardBatchInput | CardBatchInput | CoinBatchInput |
            CounterBatchInput | DiceBatchInput | PackBatchInput | RulebookBatchInput |
            SpinnerBatchInput | TimerBatchInput | TokenBatchInput): Up to 500 components of one
            `type`: each row is that type’s schema.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | WriteResult]
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
    body: BagBatchInput
    | BoardBatchInput
    | CardBatchInput
    | CoinBatchInput
    | CounterBatchInput
    | DiceBatchInput
    | PackBatchInput
    | RulebookBatchInput
    | SpinnerBatchInput
    | TimerBatchInput
    | TokenBatchInput,
    idempotency_key: str | Unset = UNSET,
) -> Problem | WriteResult | None:
    """Create or update up to 500 components of one type in one transaction

     Rows are matched by `unique_id` (created on first sight, updated in place after), or by name when a
    row has no `unique_id` or `match_by_name` is set. `deck_names` / `stack_names` create missing decks
    or stacks and set membership; a card or token that cannot join one is still written and listed in
    `errors`. One transaction and one `components.changed` event (none when nothing changed).
    `remove_missing` then deletes this app’s components of the type the batch left out.

    **Deprecated** since 2026-11-28: The field `die_face_urls` — use `die_faces` (the same list of face
    images) instead; no removal is scheduled. A request that uses it is answered with `Deprecation` and
    `Link: <…>; rel="deprecation"` headers.

    Args:
        project (int):
        idempotency_key (str | Unset):
        body (BagBatchInput | BoardBatchInput | CardBatchInput | CoinBatchInput |
            CounterBatchInput | DiceBatchInput | PackBatchInput | RulebookBatchInput |
            SpinnerBatchInput | TimerBatchInput | TokenBatchInput): Up to 500 components of one
            `type`: each row is that type’s schema.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | WriteResult
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
    body: BagBatchInput
    | BoardBatchInput
    | CardBatchInput
    | CoinBatchInput
    | CounterBatchInput
    | DiceBatchInput
    | PackBatchInput
    | RulebookBatchInput
    | SpinnerBatchInput
    | TimerBatchInput
    | TokenBatchInput,
    idempotency_key: str | Unset = UNSET,
) -> Response[Problem | WriteResult]:
    """Create or update up to 500 components of one type in one transaction

     Rows are matched by `unique_id` (created on first sight, updated in place after), or by name when a
    row has no `unique_id` or `match_by_name` is set. `deck_names` / `stack_names` create missing decks
    or stacks and set membership; a card or token that cannot join one is still written and listed in
    `errors`. One transaction and one `components.changed` event (none when nothing changed).
    `remove_missing` then deletes this app’s components of the type the batch left out.

    **Deprecated** since 2026-11-28: The field `die_face_urls` — use `die_faces` (the same list of face
    images) instead; no removal is scheduled. A request that uses it is answered with `Deprecation` and
    `Link: <…>; rel="deprecation"` headers.

    Args:
        project (int):
        idempotency_key (str | Unset):
        body (BagBatchInput | BoardBatchInput | CardBatchInput | CoinBatchInput |
            CounterBatchInput | DiceBatchInput | PackBatchInput | RulebookBatchInput |
            SpinnerBatchInput | TimerBatchInput | TokenBatchInput): Up to 500 components of one
            `type`: each row is that type’s schema.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | WriteResult]
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
    body: BagBatchInput
    | BoardBatchInput
    | CardBatchInput
    | CoinBatchInput
    | CounterBatchInput
    | DiceBatchInput
    | PackBatchInput
    | RulebookBatchInput
    | SpinnerBatchInput
    | TimerBatchInput
    | TokenBatchInput,
    idempotency_key: str | Unset = UNSET,
) -> Problem | WriteResult | None:
    """Create or update up to 500 components of one type in one transaction

     Rows are matched by `unique_id` (created on first sight, updated in place after), or by name when a
    row has no `unique_id` or `match_by_name` is set. `deck_names` / `stack_names` create missing decks
    or stacks and set membership; a card or token that cannot join one is still written and listed in
    `errors`. One transaction and one `components.changed` event (none when nothing changed).
    `remove_missing` then deletes this app’s components of the type the batch left out.

    **Deprecated** since 2026-11-28: The field `die_face_urls` — use `die_faces` (the same list of face
    images) instead; no removal is scheduled. A request that uses it is answered with `Deprecation` and
    `Link: <…>; rel="deprecation"` headers.

    Args:
        project (int):
        idempotency_key (str | Unset):
        body (BagBatchInput | BoardBatchInput | CardBatchInput | CoinBatchInput |
            CounterBatchInput | DiceBatchInput | PackBatchInput | RulebookBatchInput |
            SpinnerBatchInput | TimerBatchInput | TokenBatchInput): Up to 500 components of one
            `type`: each row is that type’s schema.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | WriteResult
    """

    return (
        await asyncio_detailed(
            project=project,
            client=client,
            body=body,
            idempotency_key=idempotency_key,
        )
    ).parsed
