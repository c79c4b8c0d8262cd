import json
import os

from boardsync import BoardsyncClient
from boardsync.openapi.api.webhooks import register_webhook
from boardsync.openapi.models import RegisterWebhookBody, RegisterWebhookBodyEventsItem

with BoardsyncClient(os.environ.get("BOARDSYNC_URL", "http://localhost:8080"), os.environ["BOARDSYNC_TOKEN"]) as client:
    events = [RegisterWebhookBodyEventsItem.COMPONENTS_CHANGED, RegisterWebhookBodyEventsItem.PROJECT_UPDATED]
    hook = register_webhook.sync(
        client=client.api,
        body=RegisterWebhookBody(url=os.environ.get("WEBHOOK_URL", "https://tool.example/hooks/boardsync"), events=events),
    )
    # The secret is shown once: store it to verify each delivery (verify_webhook).
    print(json.dumps({"id": hook.id, "secret": hook.secret}))
