from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="PageMetaLinksItem")


@_attrs_define
class PageMetaLinksItem:
    """
    Attributes:
        url (None | str):
        label (str):
        page (int | None):
        active (bool):
    """

    url: None | str
    label: str
    page: int | None
    active: bool

    def to_dict(self) -> dict[str, Any]:
        url: None | str
        url = self.url

        label = self.label

        page: int | None
        page = self.page

        active = self.active

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "url": url,
                "label": label,
                "page": page,
                "active": active,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_url(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        url = _parse_url(d.pop("url"))

        label = d.pop("label")

        def _parse_page(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        page = _parse_page(d.pop("page"))

        active = d.pop("active")

        page_meta_links_item = cls(
            url=url,
            label=label,
            page=page,
            active=active,
        )

        return page_meta_links_item
