from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="ReplaceGroupMembersBodyMembersItem")


@_attrs_define
class ReplaceGroupMembersBodyMembersItem:
    """
    Attributes:
        unique_id (int | str): The component’s `unique_id`, in this project (an integer is read as its decimal string).
        count (int | Unset): Copies held; the component’s `quantity` when omitted.
        face_up (bool | None | Unset): true front up, false face down; omit (or null) to deal it as the group is.
    """

    unique_id: int | str
    count: int | Unset = UNSET
    face_up: bool | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        unique_id: int | str
        unique_id = self.unique_id

        count = self.count

        face_up: bool | None | Unset
        if isinstance(self.face_up, Unset):
            face_up = UNSET
        else:
            face_up = self.face_up

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "unique_id": unique_id,
            }
        )
        if count is not UNSET:
            field_dict["count"] = count
        if face_up is not UNSET:
            field_dict["face_up"] = face_up

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_unique_id(data: object) -> int | str:
            return cast(int | str, data)

        unique_id = _parse_unique_id(d.pop("unique_id"))

        count = d.pop("count", UNSET)

        def _parse_face_up(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        face_up = _parse_face_up(d.pop("face_up", UNSET))

        replace_group_members_body_members_item = cls(
            unique_id=unique_id,
            count=count,
            face_up=face_up,
        )

        replace_group_members_body_members_item.additional_properties = d
        return replace_group_members_body_members_item

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
