"""Checking that a webhook delivery came from boardsync, before acting on it."""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import json
import re
import time
from collections.abc import Mapping
from datetime import UTC, datetime
from typing import Any

from standardwebhooks.webhooks import Webhook

from .errors import WebhookVerificationError

# ASCII only: ``str.isdigit`` and ``\d`` also take other scripts' digits, and ``int`` reads some of them.
_SECONDS = re.compile(r"[0-9]{1,12}", re.ASCII)
_SVC_SIGNATURE = re.compile(r"sha256=[0-9a-f]{64}", re.ASCII)
_BASE64 = re.compile(r"(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?", re.ASCII)
_SECRET_PREFIX = "whsec_"


def verify_webhook(
    secret: str, headers: Mapping[str, str], body: bytes | str, *, tolerance_seconds: int = 300, now: float | None = None
) -> dict[str, Any]:
    """The delivery's event (``id``, ``event``, ``created_at``, ``data``), once every signature it carries holds.

    It must carry at least one of the two: boardsync's own ``X-SVC-Signature`` (``sha256=`` hex HMAC of
    ``{timestamp}.{body}``, keyed with the secret as shown) and the Standard Webhooks
    ``webhook-signature`` (``v1,`` base64 HMAC of ``{id}.{timestamp}.{body}``, the signed content as the
    ``standardwebhooks`` package builds it). Each timestamp must be ASCII digits within the tolerance, and
    the body's ``id`` must be the delivery id the headers name. Pass the body exactly as received: parsing
    and re-serialising JSON changes its bytes. Anything wrong with the delivery, however malformed, raises
    ``WebhookVerificationError`` and nothing else.
    """
    raw = body.encode() if isinstance(body, str) else body
    header = {name.lower(): value for name, value in headers.items()}
    if not all(isinstance(value, str) for value in header.values()):
        raise WebhookVerificationError("Every header value must be one string (join repeated headers first).")
    current = time.time() if now is None else now
    ids: list[str] = []
    schemes = 0

    if "x-svc-signature" in header:
        schemes += 1
        timestamp = _fresh(header.get("x-svc-timestamp"), current, tolerance_seconds, "X-SVC-Timestamp")
        signature = header["x-svc-signature"].strip().lower()
        if not _SVC_SIGNATURE.fullmatch(signature):
            raise WebhookVerificationError("X-SVC-Signature is not `sha256=` followed by 64 hex digits.")
        expected = "sha256=" + hmac.new(secret.encode(), f"{timestamp}.".encode() + raw, hashlib.sha256).hexdigest()
        if not hmac.compare_digest(signature.encode(), expected.encode()):
            raise WebhookVerificationError("X-SVC-Signature does not match.")
        if "x-svc-delivery" in header:
            ids.append(header["x-svc-delivery"])

    if "webhook-signature" in header:
        schemes += 1
        delivery = header.get("webhook-id", "")
        if delivery == "":
            raise WebhookVerificationError("webhook-signature comes without webhook-id.")
        timestamp = _fresh(header.get("webhook-timestamp"), current, tolerance_seconds, "webhook-timestamp")
        expected_bytes = _base64(_standard_signature(secret, delivery, timestamp, raw).split(",", 1)[1])
        candidates = [entry[3:] for entry in header["webhook-signature"].split(" ") if entry.startswith("v1,")]
        if not any(_BASE64.fullmatch(candidate) and hmac.compare_digest(_base64(candidate), expected_bytes) for candidate in candidates):
            raise WebhookVerificationError("No v1 signature in webhook-signature matches.")
        ids.append(delivery)

    if schemes == 0:
        raise WebhookVerificationError("The delivery carries no signature: neither X-SVC-Signature nor webhook-signature.")
    try:
        event = json.loads(raw)
    except (ValueError, RecursionError) as error:
        raise WebhookVerificationError("The body is not JSON.") from error
    if not isinstance(event, dict) or any(delivery != event.get("id") for delivery in ids):
        raise WebhookVerificationError("The body's id is not the delivery id its headers name.")
    return event


def _standard_signature(secret: str, delivery: str, timestamp: int, raw: bytes) -> str:
    encoded = secret[len(_SECRET_PREFIX) :] if secret.startswith(_SECRET_PREFIX) else secret
    if encoded == "" or not _BASE64.fullmatch(encoded):
        raise WebhookVerificationError('The secret is not "whsec_" followed by base64 text.')
    try:
        text = raw.decode()
    except UnicodeDecodeError as error:
        raise WebhookVerificationError("The body is not UTF-8 text.") from error
    # The package's clock is its own: the timestamp is checked against ``now`` above, so it only signs here.
    return Webhook(_base64(encoded)).sign(delivery, datetime.fromtimestamp(timestamp, tz=UTC), text)


def _base64(text: str) -> bytes:
    try:
        return base64.b64decode(text, validate=True)
    except (binascii.Error, ValueError) as error:
        raise WebhookVerificationError("A base64 value (the secret or a signature) is malformed.") from error


def _fresh(value: str | None, now: float, tolerance: int, name: str) -> int:
    if value is None or not _SECONDS.fullmatch(value):
        raise WebhookVerificationError(f"{name} is missing or not whole seconds in ASCII digits.")
    timestamp = int(value)
    if abs(now - timestamp) > tolerance:
        raise WebhookVerificationError(f"{name} is more than {tolerance} s from now.")
    return timestamp
