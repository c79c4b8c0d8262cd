"""A deck sync, as a card-generator tool runs it: the rows of a spreadsheet exported as CSV become a
project's cards, keyed on the sheet's own ids, so running it again updates in place and a row
deleted from the sheet is deleted from the project.

    pip install boardsync
    BOARDSYNC_URL=https://boardsync.example BOARDSYNC_TOKEN=bsp_… python deck_sync.py cards.csv

BOARDSYNC_PROJECT names the project to sync; without it one is created, and its id printed for the
next run. The token needs projects:write, components:read and components:write.
"""

from __future__ import annotations

import csv
import json
import os
import sys

from boardsync import BatchWriteError, BoardsyncClient, BoardsyncError
from boardsync.openapi.api.groups import list_groups
from boardsync.openapi.api.projects import create_project
from boardsync.openapi.models import CreateProjectBody, ListGroupsIncludeMembers, ListGroupsKind


def cards_of(path: str) -> list[dict[str, str]]:
    """The sheet: a header row ``id,name,copies,deck,art``, then one card a row."""
    with open(path, newline="", encoding="utf-8") as sheet:
        # Cells go as they are: the service reads "3" as 3, a blank as no value, "A|B" as two decks.
        return [
            {"unique_id": row["id"], "name": row["name"], "quantity": row["copies"], "deck_names": row["deck"], "image_url": row["art"]}
            for row in csv.DictReader(sheet)
        ]


def main() -> int:
    base_url, token = os.environ.get("BOARDSYNC_URL"), os.environ.get("BOARDSYNC_TOKEN")
    if len(sys.argv) != 2 or not base_url or not token:
        print("usage: BOARDSYNC_URL=… BOARDSYNC_TOKEN=bsp_… [BOARDSYNC_PROJECT=id] python deck_sync.py cards.csv", file=sys.stderr)
        return 2
    cards = cards_of(sys.argv[1])
    with BoardsyncClient(base_url, token, timeout=20) as client:
        if os.environ.get("BOARDSYNC_PROJECT"):
            project = int(os.environ["BOARDSYNC_PROJECT"])
        else:
            created = create_project.sync(client=client.api, body=CreateProjectBody(name="Deck sync"))
            if created is None or not hasattr(created, "data"):
                print(f"could not create a project: {created}", file=sys.stderr)
                return 1
            project = created.data.id
            print(f"created project {project}: set BOARDSYNC_PROJECT={project} to sync it again", file=sys.stderr)
        try:
            result = client.write_components(
                project,
                "card",
                cards,
                remove_missing=True,
                on_progress=lambda done, total: print(f"written {done} of {total}", file=sys.stderr),
            )
        except (BoardsyncError, BatchWriteError) as error:
            # A refused row names its field: `components.3.quantity: may not be negative`.
            refusal = error.cause if isinstance(error, BatchWriteError) else error
            print(error, file=sys.stderr)
            for field, messages in refusal.field_errors.items():
                print(f"  {field}: {'; '.join(messages)}", file=sys.stderr)
            return 1
        for problem in result["errors"]:
            print(f"row {problem['index']} ({problem['unique_id']}): {problem['message']}", file=sys.stderr)
        groups = list_groups.sync(
            client=client.api, project=project, kind=ListGroupsKind.DECK, include_members=ListGroupsIncludeMembers.TRUE
        )
        decks = groups.data if groups is not None and hasattr(groups, "data") else []
        summary = {key: result[key] for key in ("created", "updated", "deleted")}
        print(json.dumps({"project": project, **summary, "decks": {deck.name: deck.member_count for deck in decks}}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
