from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.delivery import Delivery


T = TypeVar("T", bound="RedeliverWebhookDeliveryResponse202")


@_attrs_define
class RedeliverWebhookDeliveryResponse202:
    """
    Attributes:
        data (Delivery):
    """

    data: Delivery

    def to_dict(self) -> dict[str, Any]:
        data = self.data.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "data": data,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.delivery import Delivery

        d = dict(src_dict)
        data = Delivery.from_dict(d.pop("data"))

        redeliver_webhook_delivery_response_202 = cls(
            data=data,
        )

        return redeliver_webhook_delivery_response_202
