from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="AccountStorage")


@_attrs_define
class AccountStorage:
    """The designer’s storage quota, shared by every project.

    Attributes:
        used_bytes (int): Bytes.
        limit_bytes (int): The plan’s storage quota in bytes.
        remaining_bytes (int): What may still be stored (never below 0); uploads beyond it are 422
            `storage_quota_exceeded`.
        used_human (str): `used_bytes` for a person, 1024-based: "1.5 GB", "12 MB", "0 B".
        limit_human (str): `limit_bytes` the same way.
    """

    used_bytes: int
    limit_bytes: int
    remaining_bytes: int
    used_human: str
    limit_human: str

    def to_dict(self) -> dict[str, Any]:
        used_bytes = self.used_bytes

        limit_bytes = self.limit_bytes

        remaining_bytes = self.remaining_bytes

        used_human = self.used_human

        limit_human = self.limit_human

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "used_bytes": used_bytes,
                "limit_bytes": limit_bytes,
                "remaining_bytes": remaining_bytes,
                "used_human": used_human,
                "limit_human": limit_human,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        used_bytes = d.pop("used_bytes")

        limit_bytes = d.pop("limit_bytes")

        remaining_bytes = d.pop("remaining_bytes")

        used_human = d.pop("used_human")

        limit_human = d.pop("limit_human")

        account_storage = cls(
            used_bytes=used_bytes,
            limit_bytes=limit_bytes,
            remaining_bytes=remaining_bytes,
            used_human=used_human,
            limit_human=limit_human,
        )

        return account_storage
