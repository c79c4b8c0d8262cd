from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="ListChangesResponse200Meta")


@_attrs_define
class ListChangesResponse200Meta:
    """
    Attributes:
        cursor (str): Pass as `after` next time: past every change answered and every change this token may not see.
        has_more (bool): More changes are already waiting after `cursor`.
    """

    cursor: str
    has_more: bool

    def to_dict(self) -> dict[str, Any]:
        cursor = self.cursor

        has_more = self.has_more

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "cursor": cursor,
                "has_more": has_more,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        cursor = d.pop("cursor")

        has_more = d.pop("has_more")

        list_changes_response_200_meta = cls(
            cursor=cursor,
            has_more=has_more,
        )

        return list_changes_response_200_meta
