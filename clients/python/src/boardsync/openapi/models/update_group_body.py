from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.update_group_body_kind import UpdateGroupBodyKind
from ..types import UNSET, Unset

T = TypeVar("T", bound="UpdateGroupBody")


@_attrs_define
class UpdateGroupBody:
    """
    Attributes:
        name (str | Unset): A new name; one another group of the kind holds (ignoring case) is refused with 409
            `name_taken`.
        position (int | None | Unset): Ordering among the project’s groups; null moves it after those that have one.
        kind (UpdateGroupBodyKind | Unset): Only the group’s own kind is accepted: a kind never changes.
    """

    name: str | Unset = UNSET
    position: int | None | Unset = UNSET
    kind: UpdateGroupBodyKind | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        position: int | None | Unset
        if isinstance(self.position, Unset):
            position = UNSET
        else:
            position = self.position

        kind: str | Unset = UNSET
        if not isinstance(self.kind, Unset):
            kind = self.kind.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if name is not UNSET:
            field_dict["name"] = name
        if position is not UNSET:
            field_dict["position"] = position
        if kind is not UNSET:
            field_dict["kind"] = kind

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        name = d.pop("name", UNSET)

        def _parse_position(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        position = _parse_position(d.pop("position", UNSET))

        _kind = d.pop("kind", UNSET)
        kind: UpdateGroupBodyKind | Unset
        if isinstance(_kind, Unset):
            kind = UNSET
        else:
            kind = UpdateGroupBodyKind(_kind)

        update_group_body = cls(
            name=name,
            position=position,
            kind=kind,
        )

        update_group_body.additional_properties = d
        return update_group_body

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
