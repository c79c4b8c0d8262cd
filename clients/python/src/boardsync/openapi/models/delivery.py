from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.delivery_status import DeliveryStatus

T = TypeVar("T", bound="Delivery")


@_attrs_define
class Delivery:
    """
    Attributes:
        id (str): The delivery id: the UUID sent as `X-SVC-Delivery` and `webhook-id`, the same on every attempt.
        event (str): `components.changed`, `project.updated`, or `webhook.ping`.
        status (DeliveryStatus): `pending` while attempts remain; `succeeded` or `failed` once settled.
        attempts (int): Attempts in the current series (a redelivery starts again at 0).
        in_progress (bool): A worker holds it right now: an attempt may be in flight.
        created_at (datetime.datetime):
        next_attempt_at (datetime.datetime | None): When a pending delivery is due; null once settled.
        last_attempt_at (datetime.datetime | None): The latest attempt’s time; null before any.
        last_status (int | None): The HTTP status the receiver answered; null when no complete answer came.
        last_error_class (None | str): Why no answer counted: `timeout`, `connection`, `refused_address` (the URL now
            resolves to a private address), `unsignable`, `secret_unreadable` (the signing secret opens under none of the
            service's keys: nothing was sent); else null.
    """

    id: str
    event: str
    status: DeliveryStatus
    attempts: int
    in_progress: bool
    created_at: datetime.datetime
    next_attempt_at: datetime.datetime | None
    last_attempt_at: datetime.datetime | None
    last_status: int | None
    last_error_class: None | str

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        event = self.event

        status = self.status.value

        attempts = self.attempts

        in_progress = self.in_progress

        created_at = self.created_at.isoformat()

        next_attempt_at: None | str
        if isinstance(self.next_attempt_at, datetime.datetime):
            next_attempt_at = self.next_attempt_at.isoformat()
        else:
            next_attempt_at = self.next_attempt_at

        last_attempt_at: None | str
        if isinstance(self.last_attempt_at, datetime.datetime):
            last_attempt_at = self.last_attempt_at.isoformat()
        else:
            last_attempt_at = self.last_attempt_at

        last_status: int | None
        last_status = self.last_status

        last_error_class: None | str
        last_error_class = self.last_error_class

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "event": event,
                "status": status,
                "attempts": attempts,
                "in_progress": in_progress,
                "created_at": created_at,
                "next_attempt_at": next_attempt_at,
                "last_attempt_at": last_attempt_at,
                "last_status": last_status,
                "last_error_class": last_error_class,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id")

        event = d.pop("event")

        status = DeliveryStatus(d.pop("status"))

        attempts = d.pop("attempts")

        in_progress = d.pop("in_progress")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        def _parse_next_attempt_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                next_attempt_at_type_0 = datetime.datetime.fromisoformat(data)

                return next_attempt_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        next_attempt_at = _parse_next_attempt_at(d.pop("next_attempt_at"))

        def _parse_last_attempt_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                last_attempt_at_type_0 = datetime.datetime.fromisoformat(data)

                return last_attempt_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        last_attempt_at = _parse_last_attempt_at(d.pop("last_attempt_at"))

        def _parse_last_status(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        last_status = _parse_last_status(d.pop("last_status"))

        def _parse_last_error_class(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        last_error_class = _parse_last_error_class(d.pop("last_error_class"))

        delivery = cls(
            id=id,
            event=event,
            status=status,
            attempts=attempts,
            in_progress=in_progress,
            created_at=created_at,
            next_attempt_at=next_attempt_at,
            last_attempt_at=last_attempt_at,
            last_status=last_status,
            last_error_class=last_error_class,
        )

        return delivery
