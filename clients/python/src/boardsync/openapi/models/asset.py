from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="Asset")


@_attrs_define
class Asset:
    """
    Attributes:
        key (str): The storage key, `designers/{designer}/projects/{project}/{16 hex}/{name}`: what a delete takes.
        name (str): The stored filename: the given one reduced to `[A-Za-z0-9._-]`, its extension that of what was
            stored.
        url (str): The public URL (`ASSET_PUBLIC_URL/{key}`), usable as a component’s `image_url`.
        size (int): Bytes stored, after any conversion; what counts against the storage quota.
        last_modified (datetime.datetime): When the asset was stored.
    """

    key: str
    name: str
    url: str
    size: int
    last_modified: datetime.datetime

    def to_dict(self) -> dict[str, Any]:
        key = self.key

        name = self.name

        url = self.url

        size = self.size

        last_modified = self.last_modified.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "key": key,
                "name": name,
                "url": url,
                "size": size,
                "last_modified": last_modified,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        key = d.pop("key")

        name = d.pop("name")

        url = d.pop("url")

        size = d.pop("size")

        last_modified = datetime.datetime.fromisoformat(d.pop("last_modified"))

        asset = cls(
            key=key,
            name=name,
            url=url,
            size=size,
            last_modified=last_modified,
        )

        return asset
