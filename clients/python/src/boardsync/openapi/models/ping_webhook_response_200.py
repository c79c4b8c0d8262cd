from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import (
    Any,
    Literal,
    Self,
    TypeVar,
    cast,
)

from attrs import define as _attrs_define

T = TypeVar("T", bound="PingWebhookResponse200")


@_attrs_define
class PingWebhookResponse200:
    """
    Attributes:
        delivery_id (str): The delivery id: the UUID sent as `X-SVC-Delivery` and `webhook-id`, the same on every
            attempt.
        event (Literal['webhook.ping']):
        attempted_at (datetime.datetime):
        status (int | None): The HTTP status the receiver answered; null when no complete answer came.
        duration_ms (int):
        error_class (None | str): Why no answer counted: `timeout`, `connection`, `refused_address` (the URL now
            resolves to a private address), `unsignable`, `secret_unreadable` (the signing secret opens under none of the
            service's keys: nothing was sent); else null.
        response_excerpt (None | str): At most 1 KB of the answer’s body, as text; null when it had none.
        succeeded (bool): Whether the receiver answered 2xx; a 500 is still a 200 here, with false.
    """

    delivery_id: str
    event: Literal["webhook.ping"]
    attempted_at: datetime.datetime
    status: int | None
    duration_ms: int
    error_class: None | str
    response_excerpt: None | str
    succeeded: bool

    def to_dict(self) -> dict[str, Any]:
        delivery_id = self.delivery_id

        event = self.event

        attempted_at = self.attempted_at.isoformat()

        status: int | None
        status = self.status

        duration_ms = self.duration_ms

        error_class: None | str
        error_class = self.error_class

        response_excerpt: None | str
        response_excerpt = self.response_excerpt

        succeeded = self.succeeded

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "delivery_id": delivery_id,
                "event": event,
                "attempted_at": attempted_at,
                "status": status,
                "duration_ms": duration_ms,
                "error_class": error_class,
                "response_excerpt": response_excerpt,
                "succeeded": succeeded,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        delivery_id = d.pop("delivery_id")

        event = cast(Literal["webhook.ping"], d.pop("event"))
        if event != "webhook.ping":
            raise ValueError(f"event must match const 'webhook.ping', got '{event}'")

        attempted_at = datetime.datetime.fromisoformat(d.pop("attempted_at"))

        def _parse_status(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        status = _parse_status(d.pop("status"))

        duration_ms = d.pop("duration_ms")

        def _parse_error_class(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        error_class = _parse_error_class(d.pop("error_class"))

        def _parse_response_excerpt(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        response_excerpt = _parse_response_excerpt(d.pop("response_excerpt"))

        succeeded = d.pop("succeeded")

        ping_webhook_response_200 = cls(
            delivery_id=delivery_id,
            event=event,
            attempted_at=attempted_at,
            status=status,
            duration_ms=duration_ms,
            error_class=error_class,
            response_excerpt=response_excerpt,
            succeeded=succeeded,
        )

        return ping_webhook_response_200
