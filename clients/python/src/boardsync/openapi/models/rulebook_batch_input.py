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
    from ..models.rulebook_input import RulebookInput


T = TypeVar("T", bound="RulebookBatchInput")


@_attrs_define
class RulebookBatchInput:
    """
    Attributes:
        type_ (Literal['rulebook']):
        components (list[RulebookInput]): The rows, each a Component write object of `type`: the fields the type honours
            (others are ignored).
        match_by_name (bool | Unset): Overwrite a same-named component of the type even when its `unique_id` differs.
            Default: False.
        remove_missing (bool | Unset): Delete this app’s components of the type that the batch does not name. Default:
            False.
        internalize_images (bool | Unset): Copy external artwork into the designer’s storage in the background (spends
            storage quota). Default: False.
    """

    type_: Literal["rulebook"]
    components: list[RulebookInput]
    match_by_name: bool | Unset = False
    remove_missing: bool | Unset = False
    internalize_images: bool | Unset = False
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        components = []
        for components_item_data in self.components:
            components_item = components_item_data.to_dict()
            components.append(components_item)

        match_by_name = self.match_by_name

        remove_missing = self.remove_missing

        internalize_images = self.internalize_images

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
                "components": components,
            }
        )
        if match_by_name is not UNSET:
            field_dict["match_by_name"] = match_by_name
        if remove_missing is not UNSET:
            field_dict["remove_missing"] = remove_missing
        if internalize_images is not UNSET:
            field_dict["internalize_images"] = internalize_images

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.rulebook_input import RulebookInput

        d = dict(src_dict)
        type_ = cast(Literal["rulebook"], d.pop("type"))
        if type_ != "rulebook":
            raise ValueError(f"type must match const 'rulebook', got '{type_}'")

        components = []
        _components = d.pop("components")
        for components_item_data in _components:
            components_item = RulebookInput.from_dict(components_item_data)

            components.append(components_item)

        match_by_name = d.pop("match_by_name", UNSET)

        remove_missing = d.pop("remove_missing", UNSET)

        internalize_images = d.pop("internalize_images", UNSET)

        rulebook_batch_input = cls(
            type_=type_,
            components=components,
            match_by_name=match_by_name,
            remove_missing=remove_missing,
            internalize_images=internalize_images,
        )

        rulebook_batch_input.additional_properties = d
        return rulebook_batch_input

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
