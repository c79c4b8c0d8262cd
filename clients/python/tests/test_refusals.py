"""The system's refusals as a tool meets them through the installed wheel: each raised as its family,
with its code, field errors and request id, from the blocking and asyncio calls alike; a 304 is no
refusal."""

from __future__ import annotations

import asyncio
import uuid

import pytest

from boardsync import AuthError, BoardsyncClient, NotFoundError, ValidationError
from boardsync.openapi.api.projects import create_project, get_project
from boardsync.openapi.models import CreateProjectBody


def test_each_refusal_raises_its_family_with_code_fields_and_request_id(client: BoardsyncClient, base_url: str, token: str) -> None:
    with pytest.raises(NotFoundError) as missing:
        get_project.sync(client=client.api, project=2147483000)
    assert missing.value.code == "not_found" and missing.value.request_id

    with pytest.raises(ValidationError) as invalid:
        create_project.sync(client=client.api, body=CreateProjectBody(name="x", player_count_min=5, player_count_max=2))
    assert invalid.value.code == "validation_failed" and invalid.value.field_errors

    with BoardsyncClient(base_url, "bsp_not_a_token") as stranger, pytest.raises(AuthError) as unknown:
        get_project.sync(client=stranger.api, project=1)
    assert (unknown.value.status, unknown.value.request_id is not None) == (401, True)

    async def missing_async() -> None:
        async with BoardsyncClient(base_url, token) as other:
            await get_project.asyncio(client=other.api, project=2147483000)

    with pytest.raises(NotFoundError):
        asyncio.run(missing_async())


def test_a_key_sent_again_with_another_body_is_a_validation_error_naming_it(client: BoardsyncClient) -> None:
    key = str(uuid.uuid4())
    http = client.api.get_httpx_client()
    assert http.post("/api/v1/projects", json={"name": f"Keyed {key}"}, headers={"Idempotency-Key": key}).status_code == 201
    with pytest.raises(ValidationError) as reused:
        http.post("/api/v1/projects", json={"name": "Another"}, headers={"Idempotency-Key": key})
    assert (reused.value.status, reused.value.code) == (422, "idempotency_key_reused")


def test_a_read_not_modified_is_an_answer_not_a_refusal(client: BoardsyncClient) -> None:
    project = create_project.sync(client=client.api, body=CreateProjectBody(name="Polled")).data.id
    first = get_project.sync_detailed(client=client.api, project=project)
    etag = first.headers["etag"]
    again = get_project.sync_detailed(client=client.api, project=project, if_none_match=etag)
    assert (again.status_code, again.parsed) == (304, None)
