import json
import os

from boardsync import BoardsyncClient
from boardsync.openapi.api.projects import create_project
from boardsync.openapi.models import CreateProjectBody

with BoardsyncClient(os.environ.get("BOARDSYNC_URL", "http://localhost:8080"), os.environ["BOARDSYNC_TOKEN"]) as client:
    project = create_project.sync(
        client=client.api, body=CreateProjectBody(name="Tide Runners", player_count_min=2, player_count_max=4)
    ).data
    print(json.dumps({"id": project.id, "name": project.name}))
