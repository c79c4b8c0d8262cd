from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.change import Change
    from ..models.list_changes_response_200_links import ListChangesResponse200Links
    from ..models.list_changes_response_200_meta import ListChangesResponse200Meta


T = TypeVar("T", bound="ListChangesResponse200")


@_attrs_define
class ListChangesResponse200:
    """
    Attributes:
        data (list[Change]):
        links (ListChangesResponse200Links):
        meta (ListChangesResponse200Meta):
    """

    data: list[Change]
    links: ListChangesResponse200Links
    meta: ListChangesResponse200Meta

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
        from ..models.change import Change
        from ..models.list_changes_response_200_links import ListChangesResponse200Links
        from ..models.list_changes_response_200_meta import ListChangesResponse200Meta

        d = dict(src_dict)
        data = []
        _data = d.pop("data")
        for data_item_data in _data:
            data_item = Change.from_dict(data_item_data)

            data.append(data_item)

        links = ListChangesResponse200Links.from_dict(d.pop("links"))

        meta = ListChangesResponse200Meta.from_dict(d.pop("meta"))

        list_changes_response_200 = cls(
            data=data,
            links=links,
            meta=meta,
        )

        return list_changes_response_200
