from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="ListChangesResponse200Links")


@_attrs_define
class ListChangesResponse200Links:
    """
    Attributes:
        next_ (str): This request again from `meta.cursor`: follow it to read on, now or later.
    """

    next_: str

    def to_dict(self) -> dict[str, Any]:
        next_ = self.next_

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "next": next_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        next_ = d.pop("next")

        list_changes_response_200_links = cls(
            next_=next_,
        )

        return list_changes_response_200_links
