from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.page_meta_links_item import PageMetaLinksItem


T = TypeVar("T", bound="PageMeta")


@_attrs_define
class PageMeta:
    """
    Attributes:
        current_page (int):
        last_page (int):
        per_page (int):
        from_ (int | None):
        to (int | None):
        total (int):
        path (str):
        links (list[PageMetaLinksItem]):
    """

    current_page: int
    last_page: int
    per_page: int
    from_: int | None
    to: int | None
    total: int
    path: str
    links: list[PageMetaLinksItem]

    def to_dict(self) -> dict[str, Any]:
        current_page = self.current_page

        last_page = self.last_page

        per_page = self.per_page

        from_: int | None
        from_ = self.from_

        to: int | None
        to = self.to

        total = self.total

        path = self.path

        links = []
        for links_item_data in self.links:
            links_item = links_item_data.to_dict()
            links.append(links_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "current_page": current_page,
                "last_page": last_page,
                "per_page": per_page,
                "from": from_,
                "to": to,
                "total": total,
                "path": path,
                "links": links,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.page_meta_links_item import PageMetaLinksItem

        d = dict(src_dict)
        current_page = d.pop("current_page")

        last_page = d.pop("last_page")

        per_page = d.pop("per_page")

        def _parse_from_(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        from_ = _parse_from_(d.pop("from"))

        def _parse_to(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        to = _parse_to(d.pop("to"))

        total = d.pop("total")

        path = d.pop("path")

        links = []
        _links = d.pop("links")
        for links_item_data in _links:
            links_item = PageMetaLinksItem.from_dict(links_item_data)

            links.append(links_item)

        page_meta = cls(
            current_page=current_page,
            last_page=last_page,
            per_page=per_page,
            from_=from_,
            to=to,
            total=total,
            path=path,
            links=links,
        )

        return page_meta
