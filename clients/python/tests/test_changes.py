"""The changes feed against the running system, as a tool with no public URL follows it: from the head,
again from a cursor kept while offline, page by page, by stream, and from asyncio. Each read is
narrowed to the test's own project, so the other tests' writes never show."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Generator
from contextlib import aclosing

import pytest

from boardsync import BoardsyncClient, BoardsyncError, Change
from boardsync.openapi.api.projects import create_project
from boardsync.openapi.models import CreateProjectBody

# Each test is over in seconds: a feed that says nothing this long is a failure, not a slow answer.
WITHIN_SECONDS = 8


def new_project(client: BoardsyncClient, name: str) -> int:
    answer = create_project.sync(client=client.api, body=CreateProjectBody(name=name))
    assert answer is not None and hasattr(answer, "data"), answer
    return answer.data.id


def take(changes: Generator[Change, None, None], count: int) -> list[Change]:
    """The first ``count`` changes, then the following ends. Taken on a thread of its own, so that a
    feed gone quiet fails the test within seconds instead of holding it for a whole read timeout."""
    taken: list[Change] = []
    failure: list[BaseException] = []

    def read() -> None:
        try:
            for change in changes:
                taken.append(change)
                if len(taken) == count:
                    break
        except BaseException as error:
            failure.append(error)
        finally:
            changes.close()

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    reader.join(WITHIN_SECONDS)
    if failure:
        raise failure[0]
    assert len(taken) == count, f"{len(taken)} of {count} changes within {WITHIN_SECONDS} s: {taken}"
    return taken


def test_follows_from_the_head_and_sees_a_project_created(client: BoardsyncClient) -> None:
    head = client.changes.head()
    project = new_project(client, "Python followed")
    [change] = take(client.changes.follow(after=head, project=project), 1)
    assert (change["resource"], change["action"], change["id"], change["data"]["name"]) == (
        "project",
        "created",
        project,
        "Python followed",
    )


def test_resumes_from_a_kept_cursor_after_writes_made_while_offline(client: BoardsyncClient) -> None:
    head = client.changes.head()
    project = new_project(client, "Python offline")
    [created] = take(client.changes.follow(after=head, project=project, mode="long-poll"), 1)
    kept = created["cursor"]
    # Offline: others write on; the tool comes back with the cursor it kept.
    client.write_components(project, "card", [{"unique_id": "c1", "name": "Squall"}])
    client.write_components(project, "card", [{"unique_id": "c2", "name": "Gale"}])
    caught_up = take(client.changes.follow(after=kept, project=project, mode="long-poll"), 2)
    assert [(change["resource"], change["unique_id"]) for change in caught_up] == [("component", "c1"), ("component", "c2")]

    # And what comes next is waited for (a long-poll), then answered when it is written.
    threading.Timer(1.0, client.write_components, args=(project, "card", [{"unique_id": "c3", "name": "Calm"}])).start()
    [live] = take(client.changes.follow(after=caught_up[-1]["cursor"], project=project, mode="long-poll"), 1)
    assert live["unique_id"] == "c3"


def test_lists_page_by_page_with_has_more(client: BoardsyncClient) -> None:
    head = client.changes.head()
    project = new_project(client, "Python paged")
    client.write_components(project, "token", [{"unique_id": "t1", "name": "T"}])
    first = client.changes.list(after=head, project=project, limit=1)
    assert [change["resource"] for change in first["data"]] == ["project"] and first["meta"]["has_more"] is True
    second = client.changes.list(after=first["meta"]["cursor"], project=project, limit=1)
    assert [change["unique_id"] for change in second["data"]] == ["t1"]
    rest = client.changes.list(after=second["meta"]["cursor"], project=project)
    assert (rest["data"], rest["meta"]["has_more"]) == ([], False)


def test_a_forged_cursor_is_a_boardsync_error_invalid_cursor(client: BoardsyncClient) -> None:
    with pytest.raises(BoardsyncError) as listed:
        client.changes.list(after="forged")
    assert (listed.value.status, listed.value.code) == (400, "invalid_cursor")
    with pytest.raises(BoardsyncError) as followed:
        take(client.changes.follow(after="forged"), 1)
    assert followed.value.code == "invalid_cursor"


def test_follows_by_stream(client: BoardsyncClient) -> None:
    head = client.changes.head()
    project = new_project(client, "Python streamed")
    answered: list[str] = []
    client.api.get_httpx_client().event_hooks["response"].append(lambda response: answered.append(response.headers.get("content-type", "")))
    # The project's creation is waiting when the stream opens; the card is written while it is open.
    threading.Timer(1.0, client.write_components, args=(project, "card", [{"unique_id": "s1", "name": "Spray"}])).start()
    streamed = take(client.changes.follow(after=head, project=project, mode="stream"), 2)
    assert [(change["resource"], change["action"]) for change in streamed] == [("project", "created"), ("component", "created")]
    # Streamed indeed: follow polls instead, silently, when the answer is no event stream.
    assert any(kind.startswith("text/event-stream") for kind in answered), answered


def test_follows_from_asyncio(client: BoardsyncClient) -> None:
    head = client.changes.head()
    project = new_project(client, "Python asyncio")

    async def first_two() -> list[Change]:
        taken: list[Change] = []
        async with aclosing(client.changes.afollow(after=head, project=project)) as changes:
            async for change in changes:
                taken.append(change)
                if len(taken) == 1:
                    # Written while the next long-poll waits, by the blocking client on a thread of its own.
                    threading.Timer(1.0, client.write_components, args=(project, "card", [{"unique_id": "a1", "name": "Eddy"}])).start()
                if len(taken) == 2:
                    return taken
        return taken

    taken = asyncio.run(asyncio.wait_for(first_two(), WITHIN_SECONDS))
    assert [(change["resource"], change["unique_id"]) for change in taken] == [("project", None), ("component", "a1")]
