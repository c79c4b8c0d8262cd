import json
import os
from pathlib import Path

from boardsync import BoardsyncClient

with BoardsyncClient(os.environ.get("BOARDSYNC_URL", "http://localhost:8080"), os.environ["BOARDSYNC_TOKEN"]) as client:
    # Sent with an Idempotency-Key, so a retry stores nothing twice; the url goes in a component's image_url.
    art = client.upload_asset(int(os.environ["BOARDSYNC_PROJECT"]), Path("squall.png"), convert_to="webp")
    print(json.dumps({"url": art["url"], "size": art["size"]}))
