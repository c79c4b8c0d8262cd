from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="PageLinks")


@_attrs_define
class PageLinks:
    """
    Attributes:
        first (str):
        last (str):
        prev (None | str):
        next_ (None | str):
    """

    first: str
    last: str
    prev: None | str
    next_: None | str

    def to_dict(self) -> dict[str, Any]:
        first = self.first

        last = self.last

        prev: None | str
        prev = self.prev

        next_: None | str
        next_ = self.next_

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "first": first,
                "last": last,
                "prev": prev,
                "next": next_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        first = d.pop("first")

        last = d.pop("last")

        def _parse_prev(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        prev = _parse_prev(d.pop("prev"))

        def _parse_next_(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        next_ = _parse_next_(d.pop("next"))

        page_links = cls(
            first=first,
            last=last,
            prev=prev,
            next_=next_,
        )

        return page_links
