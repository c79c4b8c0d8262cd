from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.delivery_detail import DeliveryDetail


T = TypeVar("T", bound="GetWebhookDeliveryResponse200")


@_attrs_define
class GetWebhookDeliveryResponse200:
    """
    Attributes:
        data (DeliveryDetail):
    """

    data: DeliveryDetail

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
        from ..models.delivery_detail import DeliveryDetail

        d = dict(src_dict)
        data = DeliveryDetail.from_dict(d.pop("data"))

        get_webhook_delivery_response_200 = cls(
            data=data,
        )

        return get_webhook_delivery_response_200
