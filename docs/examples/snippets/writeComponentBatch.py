import json
import os

from boardsync import BoardsyncClient

with BoardsyncClient(os.environ.get("BOARDSYNC_URL", "http://localhost:8080"), os.environ["BOARDSYNC_TOKEN"]) as client:
    # Keyed on your own ids: the first run creates, later runs update in place; remove_missing deletes what the sheet lost.
    result = client.write_components(
        int(os.environ["BOARDSYNC_PROJECT"]),
        "card",
        [
            {"unique_id": "sheet-row-17", "name": "Squall", "quantity": 3, "deck_names": ["Weather"]},
            {"unique_id": "sheet-row-18", "name": "Doldrums", "quantity": "2", "deck_names": "Weather|Calm"},
        ],
        remove_missing=True,
    )
    print(json.dumps({key: result[key] for key in ("created", "updated", "deleted")}))
