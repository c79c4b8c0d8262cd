from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="StoredAsset")


@_attrs_define
class StoredAsset:
    """
    Attributes:
        key (str): The storage key, `designers/{designer}/projects/{project}/{16 hex}/{name}`: what a delete takes.
        url (str): The public URL (`ASSET_PUBLIC_URL/{key}`), usable as a component’s `image_url`.
        size (int): Bytes stored, after any conversion; what counts against the storage quota.
        name (str): The stored filename: the given one reduced to `[A-Za-z0-9._-]`, its extension that of what was
            stored.
    """

    key: str
    url: str
    size: int
    name: str

    def to_dict(self) -> dict[str, Any]:
        key = self.key

        url = self.url

        size = self.size

        name = self.name

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "key": key,
                "url": url,
                "size": size,
                "name": name,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        key = d.pop("key")

        url = d.pop("url")

        size = d.pop("size")

        name = d.pop("name")

        stored_asset = cls(
            key=key,
            url=url,
            size=size,
            name=name,
        )

        return stored_asset
