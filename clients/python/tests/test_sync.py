"""A deck sync against the running system, through the installed wheel alone."""

from __future__ import annotations

import base64
import uuid

import pytest

from boardsync import BatchWriteError, BoardsyncClient, BoardsyncError
from boardsync.openapi.api.components import list_components
from boardsync.openapi.api.projects import create_project
from boardsync.openapi.models import CardInput, Component, CreateProjectBody, DiceInput, ListComponentsType, Project

ONE_PIXEL_PNG = base64.b64decode("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==")


def new_project(client: BoardsyncClient, name: str) -> int:
    answer = create_project.sync(client=client.api, body=CreateProjectBody(name=name))
    assert answer is not None and hasattr(answer, "data"), answer
    return answer.data.id


def card_names(client: BoardsyncClient, project: int) -> list[str]:
    rows = client.paginate(list_components.sync_detailed, project=project, type_=ListComponentsType.CARD, per_page=2)
    return sorted(row.name for row in rows)


def test_lists_every_row_typed_as_its_resource(client: BoardsyncClient) -> None:
    project = new_project(client, f"Typed lists {uuid.uuid4()}")
    client.write_components(project, "card", [{"unique_id": str(index), "name": f"Card {index}"} for index in range(3)])
    client.write_components(project, "token", [{"unique_id": "t", "name": "Meeple"}])
    cards = list(client.components(project, component_type="card"))
    assert all(isinstance(row, Component) for row in cards)
    assert sorted(row.name for row in cards) == ["Card 0", "Card 1", "Card 2"]
    assert [row.name for row in client.components(project, unique_id="t")] == ["Meeple"]
    assert project in [row.id for row in client.projects() if isinstance(row, Project)]
    assert list(client.assets(project)) == []


def test_syncs_a_deck_keyed_on_the_sheets_ids_and_converges_when_run_again(client: BoardsyncClient) -> None:
    project = new_project(client, "Python deck")
    sheet = [
        {"unique_id": "gust", "name": "Gust", "quantity": "3", "deck_names": "Weather"},
        CardInput(unique_id="squall", name="Squall", quantity=2, deck_names=["Weather", "Storms"]),
        {"unique_id": "doldrums", "name": "Doldrums", "quantity": "", "deck_names": "Calm"},
    ]
    first = client.write_components(project, "card", sheet, remove_missing=True)
    assert (first["created"], first["updated"], first["deleted"]) == (3, 0, 0)

    again = client.write_components(project, "card", sheet[:2], remove_missing=True)
    assert (again["created"], again["updated"], again["deleted"]) == (0, 2, 1)
    assert card_names(client, project) == ["Gust", "Squall"]


def test_splits_any_number_of_rows_into_calls_and_removes_across_them(client: BoardsyncClient) -> None:
    project = new_project(client, "Python batches")
    rows = [{"unique_id": f"row-{index}", "name": f"Card {index}"} for index in range(5)]
    progress: list[tuple[int, int]] = []
    written = client.write_components(project, "card", rows, batch_size=2, on_progress=lambda done, total: progress.append((done, total)))
    assert written["created"] == 5
    assert progress == [(2, 5), (4, 5), (5, 5)]
    trimmed = client.write_components(project, "card", rows[:3], batch_size=2, remove_missing=True)
    assert (trimmed["updated"], trimmed["deleted"]) == (3, 2)
    assert card_names(client, project) == ["Card 0", "Card 1", "Card 2"]


def test_types_rows_per_type_with_the_generated_models(client: BoardsyncClient) -> None:
    project = new_project(client, "Python dice")
    die = DiceInput(name="Wind die", unique_id="die-1", size=6, die_faces="https://art.example/1.png|https://art.example/2.png")
    client.write_components(project, "dice", [die])
    [row] = list(client.paginate(list_components.sync_detailed, project=project, type_=ListComponentsType.DICE))
    assert (row.unique_id, row.size, row.die_faces) == ("die-1", "d6", ["https://art.example/1.png", "https://art.example/2.png"])


def test_a_refused_row_raises_with_its_field_and_writes_nothing(client: BoardsyncClient) -> None:
    project = new_project(client, "Python refusals")
    with pytest.raises(BoardsyncError) as refused:
        client.write_components(project, "card", [{"unique_id": "a", "name": "A"}, {"unique_id": "b", "quantity": -1}])
    assert refused.value.status == 422 and refused.value.code == "validation_failed"
    assert {"components.1.name", "components.1.quantity"} <= set(refused.value.field_errors)
    assert card_names(client, project) == []

    with pytest.raises(BatchWriteError) as later:
        client.write_components(project, "card", [{"unique_id": "a", "name": "A"}, {"unique_id": "b"}], batch_size=1)
    assert (later.value.first_row, later.value.applied["created"], later.value.cause.status) == (1, 1, 422)


def test_uploads_artwork_a_card_then_shows(client: BoardsyncClient) -> None:
    project = new_project(client, "Python art")
    key = str(uuid.uuid4())
    stored = client.upload_asset(project, ONE_PIXEL_PNG, "dot.png", idempotency_key=key)
    repeated = client.upload_asset(project, ONE_PIXEL_PNG, "dot.png", idempotency_key=key)
    assert stored["url"] == repeated["url"] and stored["size"] == len(ONE_PIXEL_PNG)
    client.write_components(project, "card", [{"unique_id": "dot", "name": "Dot", "image_url": stored["url"]}])
    [card] = list(client.paginate(list_components.sync_detailed, project=project))
    assert card.image_url == stored["url"]
