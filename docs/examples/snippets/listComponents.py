import json
import os

from boardsync import BoardsyncClient
from boardsync.openapi.api.components import list_components
from boardsync.openapi.models import ListComponentsType

with BoardsyncClient(os.environ.get("BOARDSYNC_URL", "http://localhost:8080"), os.environ["BOARDSYNC_TOKEN"]) as client:
    # Every page, following links.next.
    cards = client.paginate(
        list_components.sync_detailed, project=int(os.environ["BOARDSYNC_PROJECT"]), type_=ListComponentsType.CARD, per_page=200
    )
    for card in cards:
        print(json.dumps({"unique_id": card.unique_id, "name": card.name, "deck_names": card.deck_names}))
