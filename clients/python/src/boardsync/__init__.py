"""boardsync: the Python client for the boardsync API.

``BoardsyncClient`` holds the connection; ``client.changes`` follows the changes feed
(``AsyncChangesFeed`` for asyncio). ``boardsync.openapi`` is generated from the API's OpenAPI
document: ``boardsync.openapi.api`` has every operation (``from boardsync.openapi.api.projects import
create_project``) and ``boardsync.openapi.models`` every schema (``CardInput``, ``Component``, …).
"""

from .async_changes import AsyncChangesFeed
from .auth import OAuthSession, OAuthTokens
from .batches import MAX_BATCH_ROWS
from .changes import ChangesFeed
from .client import BoardsyncClient
from .errors import BatchWriteError, BoardsyncError, BoardsyncNetworkError, OAuthError, WebhookVerificationError
from .feed_wire import Change
from .refusals import AuthError, ConflictError, NotFoundError, QuotaError, RateLimitedError, ValidationError
from .retries import RetryPolicy
from .webhooks import verify_webhook

__all__ = [
    "MAX_BATCH_ROWS",
    "AsyncChangesFeed",
    "AuthError",
    "BatchWriteError",
    "BoardsyncClient",
    "BoardsyncError",
    "BoardsyncNetworkError",
    "Change",
    "ChangesFeed",
    "ConflictError",
    "NotFoundError",
    "OAuthError",
    "OAuthSession",
    "OAuthTokens",
    "QuotaError",
    "RateLimitedError",
    "RetryPolicy",
    "ValidationError",
    "WebhookVerificationError",
    "verify_webhook",
]
