from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="RecoverWebhookDeliveriesResponse202")


@_attrs_define
class RecoverWebhookDeliveriesResponse202:
    """
    Attributes:
        recovered (int): How many failed deliveries were queued again.
    """

    recovered: int

    def to_dict(self) -> dict[str, Any]:
        recovered = self.recovered

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "recovered": recovered,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        recovered = d.pop("recovered")

        recover_webhook_deliveries_response_202 = cls(
            recovered=recovered,
        )

        return recover_webhook_deliveries_response_202
