"""A write whose answer is lost after the server committed it: the jest suite puts a proxy in front of
the gateway (``BOARDSYNC_CUTTING_URL``) that closes the connection instead of passing on the answer to
the first attempt of every keyed write. The client sends it again with the same ``Idempotency-Key``,
and the server does it once and answers the first result again."""

from __future__ import annotations

import asyncio
import os
import uuid

import pytest

from boardsync import BoardsyncClient
from boardsync.openapi.api.projects import create_project, list_projects
from boardsync.openapi.api.webhooks import list_webhooks, register_webhook
from boardsync.openapi.models import CreateProjectBody, RegisterWebhookBody, RegisterWebhookBodyEventsItem


@pytest.fixture(scope="session")
def cutting_url() -> str:
    url = os.environ.get("BOARDSYNC_CUTTING_URL")
    if not url:
        pytest.fail("BOARDSYNC_CUTTING_URL is not set: the proxy that loses the first answer to each keyed write")
    return url


def projects_named(client: BoardsyncClient, name: str) -> list[int]:
    return [row.id for row in client.paginate(list_projects.sync_detailed, per_page=200) if row.name == name]


def test_a_lost_answer_is_sent_again_and_the_write_done_once(client: BoardsyncClient, cutting_url: str, token: str) -> None:
    name = f"Answer lost {uuid.uuid4()}"
    hooks_before = len(list_webhooks.sync(client=client.api).data)
    with BoardsyncClient(cutting_url, token, timeout=20) as cut:
        created = create_project.sync_detailed(client=cut.api, body=CreateProjectBody(name=name))
        hook = register_webhook.sync_detailed(
            client=cut.api,
            body=RegisterWebhookBody(url="http://127.0.0.1:9/lost", events=[RegisterWebhookBodyEventsItem.COMPONENTS_CHANGED]),
        )
    # Replayed: the first attempt was done, its answer lost, and the retry answered with it.
    assert (created.status_code, created.headers.get("idempotent-replayed")) == (201, "true")
    assert (hook.status_code, hook.headers.get("idempotent-replayed")) == (201, "true")
    assert hook.parsed is not None and hook.parsed.secret.startswith("whsec_")
    assert projects_named(client, name) == [created.parsed.data.id]
    assert len(list_webhooks.sync(client=client.api).data) == hooks_before + 1


def test_the_asyncio_calls_do_the_same(client: BoardsyncClient, cutting_url: str, token: str) -> None:
    name = f"Answer lost, asyncio {uuid.uuid4()}"

    async def create() -> tuple[int, str | None, int]:
        async with BoardsyncClient(cutting_url, token, timeout=20) as cut:
            answer = await create_project.asyncio_detailed(client=cut.api, body=CreateProjectBody(name=name))
            return answer.status_code, answer.headers.get("idempotent-replayed"), answer.parsed.data.id

    status, replayed, project = asyncio.run(create())
    assert (status, replayed) == (201, "true")
    assert projects_named(client, name) == [project]
