from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.group_kind import GroupKind
from ..models.group_member_type import GroupMemberType
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.group_member import GroupMember


T = TypeVar("T", bound="Group")


@_attrs_define
class Group:
    """
    Attributes:
        id (int):
        kind (GroupKind): Never changes.
        name (str): Unique per project and kind, ignoring case.
        position (int | None): Ordering among the project’s groups; null ones come last.
        member_type (GroupMemberType): What the group holds: a deck cards, a stack tokens.
        created_at (datetime.datetime):
        updated_at (datetime.datetime):
        member_count (int | Unset): Only when members are loaded.
        members (list[GroupMember] | Unset): Only when members are loaded; array order is deck order.
    """

    id: int
    kind: GroupKind
    name: str
    position: int | None
    member_type: GroupMemberType
    created_at: datetime.datetime
    updated_at: datetime.datetime
    member_count: int | Unset = UNSET
    members: list[GroupMember] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        kind = self.kind.value

        name = self.name

        position: int | None
        position = self.position

        member_type = self.member_type.value

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()

        member_count = self.member_count

        members: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.members, Unset):
            members = []
            for members_item_data in self.members:
                members_item = members_item_data.to_dict()
                members.append(members_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "kind": kind,
                "name": name,
                "position": position,
                "member_type": member_type,
                "created_at": created_at,
                "updated_at": updated_at,
            }
        )
        if member_count is not UNSET:
            field_dict["member_count"] = member_count
        if members is not UNSET:
            field_dict["members"] = members

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.group_member import GroupMember

        d = dict(src_dict)
        id = d.pop("id")

        kind = GroupKind(d.pop("kind"))

        name = d.pop("name")

        def _parse_position(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        position = _parse_position(d.pop("position"))

        member_type = GroupMemberType(d.pop("member_type"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at"))

        member_count = d.pop("member_count", UNSET)

        _members = d.pop("members", UNSET)
        members: list[GroupMember] | Unset = UNSET
        if _members is not UNSET:
            members = []
            for members_item_data in _members:
                members_item = GroupMember.from_dict(members_item_data)

                members.append(members_item)

        group = cls(
            id=id,
            kind=kind,
            name=name,
            position=position,
            member_type=member_type,
            created_at=created_at,
            updated_at=updated_at,
            member_count=member_count,
            members=members,
        )

        return group
