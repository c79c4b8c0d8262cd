from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.replace_group_members_response_200_data import (
        ReplaceGroupMembersResponse200Data,
    )


T = TypeVar("T", bound="ReplaceGroupMembersResponse200")


@_attrs_define
class ReplaceGroupMembersResponse200:
    """
    Attributes:
        data (ReplaceGroupMembersResponse200Data):
    """

    data: ReplaceGroupMembersResponse200Data

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
        from ..models.replace_group_members_response_200_data import (
            ReplaceGroupMembersResponse200Data,
        )

        d = dict(src_dict)
        data = ReplaceGroupMembersResponse200Data.from_dict(d.pop("data"))

        replace_group_members_response_200 = cls(
            data=data,
        )

        return replace_group_members_response_200
