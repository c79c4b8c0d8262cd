"""Checking that a webhook delivery came from boardsync, before acting on it."""

from __future__ import annotations

import hashlib
import hmac
import json
import time
from collections.abc import Mapping
from typing import Any

from standardwebhooks.webhooks import Webhook
from standardwebhooks.webhooks import WebhookVerificationError as StandardVerificationError

from .errors import WebhookVerificationError


def verify_webhook(
    secret: str, headers: Mapping[str, str], body: bytes | str, *, tolerance_seconds: int = 300, now: float | None = None
) -> dict[str, Any]:
    """The delivery's event (``id``, ``event``, ``created_at``, ``data``), once every signature it carries holds.

    It must carry at least one of the two: boardsync's own ``X-SVC-Signature`` (``sha256=`` hex HMAC of
    ``{timestamp}.{body}``, keyed with the secret as shown) and the Standard Webhooks
    ``webhook-signature`` (checked by the ``standardwebhooks`` package). Each timestamp must be within
    the tolerance, and the body's ``id`` must be the delivery id the headers name. Pass the body
    exactly as received: parsing and re-serialising JSON changes its bytes.
    """
    raw = body.encode() if isinstance(body, str) else body
    header = {name.lower(): value for name, value in headers.items()}
    current = time.time() if now is None else now
    ids: list[str] = []
    schemes = 0

    if "x-svc-signature" in header:
        schemes += 1
        timestamp = _fresh(header.get("x-svc-timestamp"), current, tolerance_seconds, "X-SVC-Timestamp")
        signature = header["x-svc-signature"].strip().lower()
        expected = "sha256=" + hmac.new(secret.encode(), f"{timestamp}.".encode() + raw, hashlib.sha256).hexdigest()
        if not hmac.compare_digest(signature, expected):
            raise WebhookVerificationError("X-SVC-Signature does not match.")
        if "x-svc-delivery" in header:
            ids.append(header["x-svc-delivery"])

    if "webhook-signature" in header:
        schemes += 1
        _fresh(header.get("webhook-timestamp"), current, tolerance_seconds, "webhook-timestamp")
        standard = {name: header.get(name, "") for name in ("webhook-id", "webhook-timestamp", "webhook-signature")}
        try:
            Webhook(secret).verify(raw, standard)
        except StandardVerificationError as error:
            raise WebhookVerificationError(f"webhook-signature: {error}") from error
        ids.append(header.get("webhook-id", ""))

    if schemes == 0:
        raise WebhookVerificationError("The delivery carries no signature: neither X-SVC-Signature nor webhook-signature.")
    try:
        event = json.loads(raw)
    except ValueError as error:
        raise WebhookVerificationError("The body is not JSON.") from error
    if not isinstance(event, dict) or any(delivery != event.get("id") for delivery in ids):
        raise WebhookVerificationError("The body's id is not the delivery id its headers name.")
    return event


def _fresh(value: str | None, now: float, tolerance: int, name: str) -> int:
    if value is None or not value.strip().isdigit():
        raise WebhookVerificationError(f"{name} is missing or not whole seconds.")
    timestamp = int(value)
    if abs(now - timestamp) > tolerance:
        raise WebhookVerificationError(f"{name} is more than {tolerance} s from now.")
    return timestamp
