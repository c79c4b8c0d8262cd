from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.group import Group


T = TypeVar("T", bound="UpdateGroupResponse200")


@_attrs_define
class UpdateGroupResponse200:
    """
    Attributes:
        data (Group):
    """

    data: Group

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
        from ..models.group import Group

        d = dict(src_dict)
        data = Group.from_dict(d.pop("data"))

        update_group_response_200 = cls(
            data=data,
        )

        return update_group_response_200
