"""A webhook registered through the client, delivered to a receiver on this machine, verified with the
client's ``verify_webhook`` (the ``standardwebhooks`` package for the Standard Webhooks signature)."""

from __future__ import annotations

import json
import queue
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from boardsync import BoardsyncClient, WebhookVerificationError, verify_webhook
from boardsync.openapi.api.projects import create_project
from boardsync.openapi.api.webhooks import register_webhook
from boardsync.openapi.models import CreateProjectBody, RegisteredWebhook, RegisterWebhookBody, RegisterWebhookBodyEventsItem

Delivery = tuple[dict[str, str], bytes]


@pytest.fixture
def receiver() -> Iterator[tuple[str, queue.Queue[Delivery]]]:
    received: queue.Queue[Delivery] = queue.Queue()

    class Hook(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
            received.put((dict(self.headers.items()), body))
            self.send_response(204)
            self.end_headers()

        def log_message(self, *_: object) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Hook)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/hooks/boardsync", received
    server.shutdown()


def test_a_delivery_verifies_and_a_tampered_one_does_not(client: BoardsyncClient, receiver: tuple[str, queue.Queue[Delivery]]) -> None:
    url, received = receiver
    webhook = register_webhook.sync(
        client=client.api, body=RegisterWebhookBody(url=url, events=[RegisterWebhookBodyEventsItem.COMPONENTS_CHANGED])
    )
    assert isinstance(webhook, RegisteredWebhook), webhook
    project = create_project.sync(client=client.api, body=CreateProjectBody(name="Python webhooks"))
    assert project is not None and hasattr(project, "data")
    client.write_components(project.data.id, "card", [{"unique_id": "gust", "name": "Gust"}])

    headers, body = received.get(timeout=60)
    event = verify_webhook(webhook.secret, headers, body)
    assert event["event"] == "components.changed"
    assert event["data"]["project_id"] == project.data.id

    tampered = json.dumps({**json.loads(body), "data": {"project_id": 1}}).encode()
    with pytest.raises(WebhookVerificationError):
        verify_webhook(webhook.secret, headers, tampered)
    with pytest.raises(WebhookVerificationError):
        verify_webhook("whsec_" + "A" * 44, headers, body)
    unsigned = {name: value for name, value in headers.items() if "signature" not in name.lower()}
    with pytest.raises(WebhookVerificationError):
        verify_webhook(webhook.secret, unsigned, body)
