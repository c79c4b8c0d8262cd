from __future__ import annotations

from collections.abc import Mapping
from typing import (
    TYPE_CHECKING,
    Any,
    Literal,
    Self,
    TypeVar,
    cast,
)

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.pack_input import PackInput


T = TypeVar("T", bound="PackWriteInput")


@_attrs_define
class PackWriteInput:
    """
    Attributes:
        type_ (Literal['pack']):
        component (PackInput): A pack row: rarity tiers and contents are set in the editor, not through the API. Fields
            the type does not honour are accepted and ignored.
        match_by_name (bool | Unset): Overwrite a same-named component of the type even when its `unique_id` differs.
            Default: False.
        internalize_images (bool | Unset): Copy external artwork into the designer’s storage in the background (spends
            storage quota). Default: False.
    """

    type_: Literal["pack"]
    component: PackInput
    match_by_name: bool | Unset = False
    internalize_images: bool | Unset = False
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        component = self.component.to_dict()

        match_by_name = self.match_by_name

        internalize_images = self.internalize_images

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
                "component": component,
            }
        )
        if match_by_name is not UNSET:
            field_dict["match_by_name"] = match_by_name
        if internalize_images is not UNSET:
            field_dict["internalize_images"] = internalize_images

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.pack_input import PackInput

        d = dict(src_dict)
        type_ = cast(Literal["pack"], d.pop("type"))
        if type_ != "pack":
            raise ValueError(f"type must match const 'pack', got '{type_}'")

        component = PackInput.from_dict(d.pop("component"))

        match_by_name = d.pop("match_by_name", UNSET)

        internalize_images = d.pop("internalize_images", UNSET)

        pack_write_input = cls(
            type_=type_,
            component=component,
            match_by_name=match_by_name,
            internalize_images=internalize_images,
        )

        pack_write_input.additional_properties = d
        return pack_write_input

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
