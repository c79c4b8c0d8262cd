from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="GetChangesHeadResponse200")


@_attrs_define
class GetChangesHeadResponse200:
    """
    Attributes:
        cursor (str): The feed’s current end: changes committed after this answer come after it.
    """

    cursor: str

    def to_dict(self) -> dict[str, Any]:
        cursor = self.cursor

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "cursor": cursor,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        cursor = d.pop("cursor")

        get_changes_head_response_200 = cls(
            cursor=cursor,
        )

        return get_changes_head_response_200
