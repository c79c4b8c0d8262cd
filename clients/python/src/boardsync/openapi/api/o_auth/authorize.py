from http import HTTPStatus
from typing import Any, Literal, cast

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    response_type: Literal["code"],
    client_id: str,
    redirect_uri: str,
    scope: str,
    state: str | Unset = UNSET,
    code_challenge: str,
    code_challenge_method: Literal["S256"],
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["response_type"] = response_type

    params["client_id"] = client_id

    params["redirect_uri"] = redirect_uri

    params["scope"] = scope

    params["state"] = state

    params["code_challenge"] = code_challenge

    params["code_challenge_method"] = code_challenge_method

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/oauth/authorize",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Any | str | None:
    if response.status_code == 200:
        response_200 = response.text
        return response_200

    if response.status_code == 302:
        response_302 = cast(Any, None)
        return response_302

    if response.status_code == 400:
        response_400 = response.text
        return response_400

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Any | str]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    response_type: Literal["code"],
    client_id: str,
    redirect_uri: str,
    scope: str,
    state: str | Unset = UNSET,
    code_challenge: str,
    code_challenge_method: Literal["S256"],
) -> Response[Any | str]:
    """Step 1: send the designer here to sign in and consent

     A browser page, not an API call. Signed in, the designer sees the consent page; approving redirects
    to `redirect_uri` with `code` and `state`, refusing with `error=access_denied`. An unknown app or
    redirect URI is shown on the page and never redirected.

    Args:
        response_type (Literal['code']):
        client_id (str):
        redirect_uri (str):
        scope (str):
        state (str | Unset):
        code_challenge (str):
        code_challenge_method (Literal['S256']):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | str]
    """

    kwargs = _get_kwargs(
        response_type=response_type,
        client_id=client_id,
        redirect_uri=redirect_uri,
        scope=scope,
        state=state,
        code_challenge=code_challenge,
        code_challenge_method=code_challenge_method,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    response_type: Literal["code"],
    client_id: str,
    redirect_uri: str,
    scope: str,
    state: str | Unset = UNSET,
    code_challenge: str,
    code_challenge_method: Literal["S256"],
) -> Any | str | None:
    """Step 1: send the designer here to sign in and consent

     A browser page, not an API call. Signed in, the designer sees the consent page; approving redirects
    to `redirect_uri` with `code` and `state`, refusing with `error=access_denied`. An unknown app or
    redirect URI is shown on the page and never redirected.

    Args:
        response_type (Literal['code']):
        client_id (str):
        redirect_uri (str):
        scope (str):
        state (str | Unset):
        code_challenge (str):
        code_challenge_method (Literal['S256']):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | str
    """

    return sync_detailed(
        client=client,
        response_type=response_type,
        client_id=client_id,
        redirect_uri=redirect_uri,
        scope=scope,
        state=state,
        code_challenge=code_challenge,
        code_challenge_method=code_challenge_method,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    response_type: Literal["code"],
    client_id: str,
    redirect_uri: str,
    scope: str,
    state: str | Unset = UNSET,
    code_challenge: str,
    code_challenge_method: Literal["S256"],
) -> Response[Any | str]:
    """Step 1: send the designer here to sign in and consent

     A browser page, not an API call. Signed in, the designer sees the consent page; approving redirects
    to `redirect_uri` with `code` and `state`, refusing with `error=access_denied`. An unknown app or
    redirect URI is shown on the page and never redirected.

    Args:
        response_type (Literal['code']):
        client_id (str):
        redirect_uri (str):
        scope (str):
        state (str | Unset):
        code_challenge (str):
        code_challenge_method (Literal['S256']):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | str]
    """

    kwargs = _get_kwargs(
        response_type=response_type,
        client_id=client_id,
        redirect_uri=redirect_uri,
        scope=scope,
        state=state,
        code_challenge=code_challenge,
        code_challenge_method=code_challenge_method,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    response_type: Literal["code"],
    client_id: str,
    redirect_uri: str,
    scope: str,
    state: str | Unset = UNSET,
    code_challenge: str,
    code_challenge_method: Literal["S256"],
) -> Any | str | None:
    """Step 1: send the designer here to sign in and consent

     A browser page, not an API call. Signed in, the designer sees the consent page; approving redirects
    to `redirect_uri` with `code` and `state`, refusing with `error=access_denied`. An unknown app or
    redirect URI is shown on the page and never redirected.

    Args:
        response_type (Literal['code']):
        client_id (str):
        redirect_uri (str):
        scope (str):
        state (str | Unset):
        code_challenge (str):
        code_challenge_method (Literal['S256']):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | str
    """

    return (
        await asyncio_detailed(
            client=client,
            response_type=response_type,
            client_id=client_id,
            redirect_uri=redirect_uri,
            scope=scope,
            state=state,
            code_challenge=code_challenge,
            code_challenge_method=code_challenge_method,
        )
    ).parsed
