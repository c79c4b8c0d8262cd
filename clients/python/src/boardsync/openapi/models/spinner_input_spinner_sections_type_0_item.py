from __future__ import annotations

from collections.abc import Mapping
from typing import (
    Any,
    Literal,
    Self,
    TypeVar,
    cast,
)

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="SpinnerInputSpinnerSectionsType0Item")


@_attrs_define
class SpinnerInputSpinnerSectionsType0Item:
    """A section: its `image_url` and any keys of the caller’s own.

    Attributes:
        image_url (Literal[''] | None | str | Unset): Resolved like a top-level `image_url`.
    """

    image_url: Literal[""] | None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        image_url: Literal[""] | None | str | Unset
        if isinstance(self.image_url, Unset):
            image_url = UNSET
        else:
            image_url = self.image_url

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if image_url is not UNSET:
            field_dict["image_url"] = image_url

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_image_url(data: object) -> Literal[""] | None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            image_url_type_1 = cast(Literal[""], data)
            if image_url_type_1 != "":
                raise ValueError(
                    f"image_url_type_1 must match const '', got '{image_url_type_1}'"
                )
            return image_url_type_1
            return cast(Literal[""] | None | str | Unset, data)

        image_url = _parse_image_url(d.pop("image_url", UNSET))

        spinner_input_spinner_sections_type_0_item = cls(
            image_url=image_url,
        )

        spinner_input_spinner_sections_type_0_item.additional_properties = d
        return spinner_input_spinner_sections_type_0_item

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
