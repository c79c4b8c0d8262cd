"""A deck sync, as a card-generator tool runs it: the rows of a spreadsheet exported as CSV become a
project's cards, keyed on the sheet's own ids, so running it again updates in place and a row
deleted from the sheet is deleted from the project.

    pip install boardsync
    BOARDSYNC_URL=https://boardsync.example BOARDSYNC_TOKEN=bsp_… python deck_sync.py cards.csv

BOARDSYNC_PROJECT names the project to sync; without it one is created, and its id printed for the
next run. The token needs projects:write, components:read and components:write.

The sheet may be out of date: other tools (the editor, a simulator) write to the project while this
one is not running. Each run keeps its place in the account's changes feed in a file beside the sheet
(``cards.csv.cursor``), and the next run first reports on stderr what changed in boardsync since then,
before the sheet overwrites it: ``since last sync: component gust updated``. Reading the feed needs
components:read alone (cards and decks); changes the token may not see are passed over.
"""

from __future__ import annotations

import csv
import json
import os
import sys
from pathlib import Path

from boardsync import BatchWriteError, BoardsyncClient, BoardsyncError, Change
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


def changes_after(client: BoardsyncClient, cursor: str, project: int) -> tuple[list[Change], str]:
    """The project's changes after ``cursor``, page by page until ``has_more`` is false, and the cursor to
    go on from (past changes this token may not see, too: they are passed over silently)."""
    changes: list[Change] = []
    while True:
        page = client.changes.list(after=cursor, project=project)
        changes += page["data"]
        cursor = page["meta"]["cursor"]
        if not page["meta"]["has_more"]:
            return changes, cursor


def described(change: Change) -> str:
    """``component gust updated``: a component by the sheet's own id, anything else by its name."""
    name = change["unique_id"] or (change["data"] or {}).get("name") or f"#{change['id']}"
    return f"{change['resource']} {name} {change['action']}"


def catch_up(client: BoardsyncClient, state: Path, project: int) -> tuple[str, int]:
    """Reports what changed since the cursor the last run saved; returns where this run reads on from,
    and how many changes it reported. The first run starts from the head, taken before it writes."""
    if not state.exists():
        return client.changes.head(), 0
    try:
        changes, cursor = changes_after(client, state.read_text(encoding="utf-8").strip(), project)
    except BoardsyncError as error:
        # 410: offline for longer than boardsync keeps changes (30 days); 400: the file is another account's.
        if error.code not in ("cursor_expired", "invalid_cursor"):
            raise
        print(f"since last sync: not known ({error.code}); going on from now", file=sys.stderr)
        return client.changes.head(), 0
    for change in changes:
        print(f"since last sync: {described(change)}", file=sys.stderr)
    print(f"since last sync: {len(changes)} change{'' if len(changes) == 1 else 's'} in boardsync", file=sys.stderr)
    return cursor, len(changes)


def main() -> int:
    base_url, token = os.environ.get("BOARDSYNC_URL"), os.environ.get("BOARDSYNC_TOKEN")
    if len(sys.argv) != 2 or not base_url or not token:
        print("usage: BOARDSYNC_URL=… BOARDSYNC_TOKEN=bsp_… [BOARDSYNC_PROJECT=id] python deck_sync.py cards.csv", file=sys.stderr)
        return 2
    cards = cards_of(sys.argv[1])
    state = Path(f"{sys.argv[1]}.cursor")
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
        cursor, reported = catch_up(client, state, project)
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
        # Read on past this run's own writes, so that the next run does not report them back. A personal
        # token's changes name no app to tell them apart by, so a change another tool commits during
        # these few seconds is taken as this run's own, and not reported.
        _, cursor = changes_after(client, cursor, project)
        state.write_text(cursor, encoding="utf-8")
        groups = list_groups.sync(
            client=client.api, project=project, kind=ListGroupsKind.DECK, include_members=ListGroupsIncludeMembers.TRUE
        )
        decks = groups.data if groups is not None and hasattr(groups, "data") else []
        summary = {key: result[key] for key in ("created", "updated", "deleted")}
        listed = {deck.name: deck.member_count for deck in decks}
        print(json.dumps({"project": project, **summary, "decks": listed, "changes_since_last_sync": reported}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
