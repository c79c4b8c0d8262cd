from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="AccountProjects")


@_attrs_define
class AccountProjects:
    """
    Attributes:
        count (int): All of the designer’s projects.
        unlocked_count (int): Those not locked: what the plan’s cap counts.
        can_create (bool): Whether `POST /projects` would be within the cap now.
        unlocked_limit (int | None): The plan’s cap on unlocked projects; null means uncapped.
    """

    count: int
    unlocked_count: int
    can_create: bool
    unlocked_limit: int | None

    def to_dict(self) -> dict[str, Any]:
        count = self.count

        unlocked_count = self.unlocked_count

        can_create = self.can_create

        unlocked_limit: int | None
        unlocked_limit = self.unlocked_limit

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "count": count,
                "unlocked_count": unlocked_count,
                "can_create": can_create,
                "unlocked_limit": unlocked_limit,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        count = d.pop("count")

        unlocked_count = d.pop("unlocked_count")

        can_create = d.pop("can_create")

        def _parse_unlocked_limit(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        unlocked_limit = _parse_unlocked_limit(d.pop("unlocked_limit"))

        account_projects = cls(
            count=count,
            unlocked_count=unlocked_count,
            can_create=can_create,
            unlocked_limit=unlocked_limit,
        )

        return account_projects
