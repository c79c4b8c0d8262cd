"""boardsync: the Python client for the boardsync API.

``BoardsyncClient`` holds the connection. ``boardsync.openapi`` is generated from the API's OpenAPI
document: ``boardsync.openapi.api`` has every operation (``from boardsync.openapi.api.projects import
create_project``) and ``boardsync.openapi.models`` every schema (``CardInput``, ``Component``, …).
"""

from .auth import OAuthSession, OAuthTokens
from .batches import MAX_BATCH_ROWS
from .client import BoardsyncClient
from .errors import BatchWriteError, BoardsyncError, BoardsyncNetworkError, OAuthError, WebhookVerificationError
from .retries import RetryPolicy
from .webhooks import verify_webhook

__all__ = [
    "MAX_BATCH_ROWS",
    "BatchWriteError",
    "BoardsyncClient",
    "BoardsyncError",
    "BoardsyncNetworkError",
    "OAuthError",
    "OAuthSession",
    "OAuthTokens",
    "RetryPolicy",
    "WebhookVerificationError",
    "verify_webhook",
]
