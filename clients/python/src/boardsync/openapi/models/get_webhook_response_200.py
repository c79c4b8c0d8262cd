from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.webhook import Webhook


T = TypeVar("T", bound="GetWebhookResponse200")


@_attrs_define
class GetWebhookResponse200:
    """
    Attributes:
        data (Webhook):
    """

    data: Webhook

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
        from ..models.webhook import Webhook

        d = dict(src_dict)
        data = Webhook.from_dict(d.pop("data"))

        get_webhook_response_200 = cls(
            data=data,
        )

        return get_webhook_response_200
