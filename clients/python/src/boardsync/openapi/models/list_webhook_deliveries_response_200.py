from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.delivery import Delivery
    from ..models.page_links import PageLinks
    from ..models.page_meta import PageMeta


T = TypeVar("T", bound="ListWebhookDeliveriesResponse200")


@_attrs_define
class ListWebhookDeliveriesResponse200:
    """
    Attributes:
        data (list[Delivery]):
        links (PageLinks):
        meta (PageMeta):
    """

    data: list[Delivery]
    links: PageLinks
    meta: PageMeta

    def to_dict(self) -> dict[str, Any]:
        data = []
        for data_item_data in self.data:
            data_item = data_item_data.to_dict()
            data.append(data_item)

        links = self.links.to_dict()

        meta = self.meta.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "data": data,
                "links": links,
                "meta": meta,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.delivery import Delivery
        from ..models.page_links import PageLinks
        from ..models.page_meta import PageMeta

        d = dict(src_dict)
        data = []
        _data = d.pop("data")
        for data_item_data in _data:
            data_item = Delivery.from_dict(data_item_data)

            data.append(data_item)

        links = PageLinks.from_dict(d.pop("links"))

        meta = PageMeta.from_dict(d.pop("meta"))

        list_webhook_deliveries_response_200 = cls(
            data=data,
            links=links,
            meta=meta,
        )

        return list_webhook_deliveries_response_200
