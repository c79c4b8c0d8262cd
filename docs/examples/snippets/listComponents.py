import json
import os

from boardsync import BoardsyncClient

with BoardsyncClient(os.environ.get("BOARDSYNC_URL", "http://localhost:8080"), os.environ["BOARDSYNC_TOKEN"]) as client:
    # Every page, following links.next; each row a typed Component.
    for card in client.components(int(os.environ["BOARDSYNC_PROJECT"]), component_type="card"):
        print(json.dumps({"unique_id": card.unique_id, "name": card.name, "deck_names": card.deck_names}))
