"""``verify_webhook`` against the webhook test vectors every verifier of boardsync is held to
(``clients/webhook-test-vectors.json``, signed by the webhook service's own code): each is accepted or
refused as it says, and a refusal is always ``WebhookVerificationError``, however malformed the input."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from boardsync import WebhookVerificationError, verify_webhook

# Beside the clients in the repository; the wheel's test run, which copies these tests elsewhere, names it.
VECTORS = Path(os.environ.get("BOARDSYNC_WEBHOOK_VECTORS", Path(__file__).resolve().parents[2] / "webhook-test-vectors.json"))
CASES: list[dict[str, Any]] = json.loads(VECTORS.read_text(encoding="utf-8"))["vectors"]


@pytest.mark.parametrize("vector", CASES, ids=[case["name"] for case in CASES])
def test_a_vector_is_accepted_or_refused_as_it_says(vector: dict[str, Any]) -> None:
    def verify() -> dict[str, Any]:
        return verify_webhook(vector["secret"], vector["headers"], vector["body"].encode(), now=vector["now"])

    if vector["valid"]:
        assert verify()["id"] == vector["id"]
    else:
        with pytest.raises(WebhookVerificationError):
            verify()


def test_the_vectors_cover_both_schemes_good_and_bad() -> None:
    assert len(CASES) >= 20
    assert {case["valid"] for case in CASES} == {True, False}
