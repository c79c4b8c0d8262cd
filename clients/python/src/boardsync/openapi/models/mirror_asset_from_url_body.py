from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="MirrorAssetFromUrlBody")


@_attrs_define
class MirrorAssetFromUrlBody:
    """
    Attributes:
        url (str):
        convert_to_webp (bool | Unset):  Default: False.
        convert_to_avif (bool | Unset):  Default: False.
    """

    url: str
    convert_to_webp: bool | Unset = False
    convert_to_avif: bool | Unset = False
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        url = self.url

        convert_to_webp = self.convert_to_webp

        convert_to_avif = self.convert_to_avif

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "url": url,
            }
        )
        if convert_to_webp is not UNSET:
            field_dict["convert_to_webp"] = convert_to_webp
        if convert_to_avif is not UNSET:
            field_dict["convert_to_avif"] = convert_to_avif

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        url = d.pop("url")

        convert_to_webp = d.pop("convert_to_webp", UNSET)

        convert_to_avif = d.pop("convert_to_avif", UNSET)

        mirror_asset_from_url_body = cls(
            url=url,
            convert_to_webp=convert_to_webp,
            convert_to_avif=convert_to_avif,
        )

        mirror_asset_from_url_body.additional_properties = d
        return mirror_asset_from_url_body

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
