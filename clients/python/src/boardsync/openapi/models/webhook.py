from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.webhook_events_item import WebhookEventsItem

T = TypeVar("T", bound="Webhook")


@_attrs_define
class Webhook:
    """
    Attributes:
        id (int):
        url (str):
        events (list[WebhookEventsItem]):
        is_active (bool): False once WEBHOOK_DEACTIVATE_AFTER attempts in a row failed (15 by default); it then gets no
            deliveries.
        last_delivered_at (datetime.datetime | None):
        last_status (int | None):
        consecutive_failures (int):
        created_at (datetime.datetime):
    """

    id: int
    url: str
    events: list[WebhookEventsItem]
    is_active: bool
    last_delivered_at: datetime.datetime | None
    last_status: int | None
    consecutive_failures: int
    created_at: datetime.datetime

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        url = self.url

        events = []
        for events_item_data in self.events:
            events_item = events_item_data.value
            events.append(events_item)

        is_active = self.is_active

        last_delivered_at: None | str
        if isinstance(self.last_delivered_at, datetime.datetime):
            last_delivered_at = self.last_delivered_at.isoformat()
        else:
            last_delivered_at = self.last_delivered_at

        last_status: int | None
        last_status = self.last_status

        consecutive_failures = self.consecutive_failures

        created_at = self.created_at.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "url": url,
                "events": events,
                "is_active": is_active,
                "last_delivered_at": last_delivered_at,
                "last_status": last_status,
                "consecutive_failures": consecutive_failures,
                "created_at": created_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id")

        url = d.pop("url")

        events = []
        _events = d.pop("events")
        for events_item_data in _events:
            events_item = WebhookEventsItem(events_item_data)

            events.append(events_item)

        is_active = d.pop("is_active")

        def _parse_last_delivered_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                last_delivered_at_type_0 = datetime.datetime.fromisoformat(data)

                return last_delivered_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        last_delivered_at = _parse_last_delivered_at(d.pop("last_delivered_at"))

        def _parse_last_status(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        last_status = _parse_last_status(d.pop("last_status"))

        consecutive_failures = d.pop("consecutive_failures")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        webhook = cls(
            id=id,
            url=url,
            events=events,
            is_active=is_active,
            last_delivered_at=last_delivered_at,
            last_status=last_status,
            consecutive_failures=consecutive_failures,
            created_at=created_at,
        )

        return webhook
