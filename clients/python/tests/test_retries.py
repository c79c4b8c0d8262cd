"""The retry policy and the token refresh, over scripted answers (httpx's MockTransport): what is sent
again, how long it waits, and what comes back when no answer did."""

from __future__ import annotations

import asyncio
import re
import time

import httpx
import pytest

from boardsync import (
    AuthError,
    BoardsyncClient,
    BoardsyncError,
    BoardsyncNetworkError,
    ConflictError,
    NotFoundError,
    OAuthSession,
    OAuthTokens,
    QuotaError,
    RateLimitedError,
    RetryPolicy,
    ValidationError,
)
from boardsync.openapi.api.projects import create_project, get_project
from boardsync.openapi.models import CreateProjectBody
from boardsync.retries import RetryingTransport, parse_retry_after, retry_delay

ORIGIN = "https://boardsync.example"


def scripted(answers: list[httpx.Response | Exception]) -> tuple[RetryingTransport, list[httpx.Request], list[float]]:
    sent: list[httpx.Request] = []
    waited: list[float] = []

    def answer(request: httpx.Request) -> httpx.Response:
        sent.append(request)
        next_answer = answers.pop(0)
        if isinstance(next_answer, Exception):
            raise next_answer
        return next_answer

    return RetryingTransport(httpx.MockTransport(answer), RetryPolicy(), sleep=waited.append), sent, waited


def test_a_429_is_waited_out_for_any_request_a_post_too() -> None:
    transport, sent, waited = scripted([httpx.Response(429, headers={"Retry-After": "2"}), httpx.Response(201)])
    with httpx.Client(transport=transport, base_url=ORIGIN) as http:
        assert http.post("/api/v1/projects", json={"name": "x"}).status_code == 201
    assert [request.content for request in sent] == [b'{"name":"x"}', b'{"name":"x"}'] and waited == [2.0]


def test_every_api_post_gets_one_key_of_its_own_sent_again_on_each_retry() -> None:
    transport, sent, _ = scripted([httpx.Response(503), httpx.ConnectError("refused"), httpx.Response(201), httpx.Response(201)])
    with httpx.Client(transport=transport, base_url=ORIGIN) as http:
        assert http.post("/api/v1/projects", json={"name": "x"}).status_code == 201
        assert http.post("/api/v1/projects", json={"name": "x"}).status_code == 201
    keys = [request.headers.get("Idempotency-Key") for request in sent]
    assert re.fullmatch(r"[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}", keys[0] or "")
    assert keys[0] == keys[1] == keys[2] != keys[3]

    # A caller's own key is the one sent, on every retry.
    transport, sent, _ = scripted([httpx.Response(504), httpx.Response(201)])
    with httpx.Client(transport=transport, base_url=ORIGIN) as http:
        assert http.post("/api/v1/webhooks", json={}, headers={"Idempotency-Key": "mine-1"}).status_code == 201
    assert [request.headers["Idempotency-Key"] for request in sent] == ["mine-1", "mine-1"]


def test_a_post_outside_the_api_gets_no_key_and_is_not_repeated() -> None:
    transport, sent, _ = scripted([httpx.Response(503)])
    with httpx.Client(transport=transport, base_url=ORIGIN) as http:
        assert http.post("/oauth/token", data={"grant_type": "refresh_token"}).status_code == 503
    assert len(sent) == 1 and "Idempotency-Key" not in sent[0].headers


def test_a_503_or_a_lost_answer_is_retried_for_what_is_safe_to_repeat() -> None:
    transport, sent, waited = scripted([httpx.ConnectError("refused"), httpx.Response(502), httpx.Response(200)])
    with httpx.Client(transport=transport, base_url=ORIGIN) as http:
        assert http.get("/api/v1/me").status_code == 200
    assert len(sent) == 3 and all(0 <= wait < 0.5 * 2**retry for retry, wait in enumerate(waited))

    transport, sent, _ = scripted([httpx.ReadTimeout("slow")] * 4)
    with httpx.Client(transport=transport, base_url=ORIGIN) as http, pytest.raises(BoardsyncNetworkError) as lost:
        http.get("/api/v1/me")
    assert (lost.value.attempts, lost.value.timed_out) == (4, True)


def test_retry_after_is_honoured_up_to_the_longest_wait() -> None:
    get = httpx.Request("GET", f"{ORIGIN}/api/v1/me")
    assert retry_delay(get, httpx.Response(429, headers={"Retry-After": "61"}), 0, RetryPolicy()) is None
    assert retry_delay(get, httpx.Response(500), 0, RetryPolicy()) is None
    assert retry_delay(get, httpx.Response(503), 2, RetryPolicy(backoff_max_seconds=1), rand=lambda: 0.5) == 0.5
    assert parse_retry_after("Wed, 25 Nov 2026 10:00:30 GMT", now=1795600800.0) == 30.0
    assert parse_retry_after("soon") is None


def test_an_oauth_session_refreshes_before_expiry_and_after_a_401() -> None:
    issued: list[OAuthTokens] = []
    seen: list[str] = []

    def answer(request: httpx.Request) -> httpx.Response:
        if request.url.path == "/oauth/token":
            count = len(issued) + 1
            return httpx.Response(200, json={"access_token": f"bsa_{count}", "refresh_token": f"bsr_{count}", "expires_in": 3600})
        seen.append(request.headers["Authorization"])
        return httpx.Response(401 if request.headers["Authorization"] == "Bearer bsa_1" else 200, json={})

    session = OAuthSession(client_id="app", tokens=OAuthTokens("bsa_0", "bsr_0", time.time() + 5), on_tokens=issued.append)
    client = BoardsyncClient(ORIGIN, session, transport=httpx.MockTransport(answer))
    assert client.api.get_httpx_client().get("/api/v1/me").status_code == 200
    # bsa_0 was about to lapse: refreshed first; bsa_1 then refused once: refreshed again, and replayed.
    assert seen == ["Bearer bsa_1", "Bearer bsa_2"]
    assert [tokens.refresh_token for tokens in issued] == ["bsr_1", "bsr_2"]


def test_the_generated_asyncio_calls_authenticate_and_retry_as_the_blocking_ones_do() -> None:
    sent: list[httpx.Request] = []
    unset = ["short_description", "description", "player_count_min", "player_count_max", "playtime_minutes", "min_age", "genre", "theme"]
    unset += ["primary_mechanic", "edition", "logo_url", "backdrop_url", "website_url", "catalog_id"]
    stamp = "2026-11-29T10:00:00.000Z"
    project = {"id": 7, "name": "Tide Runners", "is_locked": False, "component_count": 0, "created_at": stamp, "updated_at": stamp}
    answers = [httpx.Response(503), httpx.Response(200, json={"data": {**project, **dict.fromkeys(unset)}})]

    def answer(request: httpx.Request) -> httpx.Response:
        sent.append(request)
        return answers.pop(0)

    async def fetch() -> object:
        async with BoardsyncClient(
            ORIGIN, "bsp_async", async_transport=httpx.MockTransport(answer), retry=RetryPolicy(backoff_base_seconds=0.01)
        ) as client:
            return await get_project.asyncio(project=7, client=client.api)

    fetched = asyncio.run(fetch())
    assert [request.headers["Authorization"] for request in sent] == ["Bearer bsp_async", "Bearer bsp_async"]
    assert fetched is not None and fetched.data.id == 7


def test_a_refusal_raises_from_the_generated_calls_instead_of_coming_back_as_a_problem() -> None:
    problem = {
        "type": "about:blank",
        "title": "Service Unavailable",
        "status": 503,
        "code": "service_unavailable",
        "detail": "The catalog is away.",
    }

    def answer(request: httpx.Request) -> httpx.Response:
        return httpx.Response(503, json=problem, headers={"Content-Type": "application/problem+json", "X-Request-Id": "req-1"})

    async def create_async() -> object:
        async with BoardsyncClient(ORIGIN, "bsp_x", async_transport=httpx.MockTransport(answer)) as client:
            return await create_project.asyncio(client=client.api, body=CreateProjectBody(name="Tide Runners"))

    with BoardsyncClient(ORIGIN, "bsp_x", transport=httpx.MockTransport(answer)) as client, pytest.raises(BoardsyncError) as refused:
        create_project.sync(client=client.api, body=CreateProjectBody(name="Tide Runners"))
    assert (refused.value.status, refused.value.code) == (503, "service_unavailable")
    with pytest.raises(BoardsyncError) as refused_async:
        asyncio.run(create_async())
    assert (refused_async.value.status, refused_async.value.code) == (503, "service_unavailable")


@pytest.mark.parametrize(
    ("status", "code", "family"),
    [
        (422, "validation_failed", ValidationError),
        (401, "invalid_token", AuthError),
        (403, "plan_limit_reached", QuotaError),
        (422, "storage_quota_exceeded", QuotaError),
        (404, "not_found", NotFoundError),
        (409, "project_locked", ConflictError),
        (429, "rate_limited", RateLimitedError),
        (500, "internal_error", BoardsyncError),
    ],
)
def test_a_refusal_is_raised_as_the_error_of_its_family(status: int, code: str, family: type[BoardsyncError]) -> None:
    problem = {"type": "about:blank", "title": "Refused", "status": status, "code": code, "detail": f"{code}."}
    headers = {"Content-Type": "application/problem+json", "X-Request-Id": "req-9", "Retry-After": "0"}
    policy = RetryPolicy(max_retries=0)
    transport = httpx.MockTransport(lambda _: httpx.Response(status, json=problem, headers=headers))
    with BoardsyncClient(ORIGIN, "bsp_x", transport=transport, retry=policy) as client, pytest.raises(BoardsyncError) as refused:
        client.api.get_httpx_client().get("/api/v1/projects/7")
    assert (type(refused.value), refused.value.code, refused.value.request_id) == (family, code, "req-9")
