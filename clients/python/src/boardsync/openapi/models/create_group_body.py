from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.create_group_body_kind import CreateGroupBodyKind

T = TypeVar("T", bound="CreateGroupBody")


@_attrs_define
class CreateGroupBody:
    """
    Attributes:
        kind (CreateGroupBodyKind): A deck holds cards, a stack tokens; it never changes.
        name (str): Unique per project and kind, ignoring case: an existing group of that name is returned.
    """

    kind: CreateGroupBodyKind
    name: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        kind = self.kind.value

        name = self.name

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "kind": kind,
                "name": name,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        kind = CreateGroupBodyKind(d.pop("kind"))

        name = d.pop("name")

        create_group_body = cls(
            kind=kind,
            name=name,
        )

        create_group_body.additional_properties = d
        return create_group_body

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
