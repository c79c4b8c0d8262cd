from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.account_projects import AccountProjects
    from ..models.account_storage import AccountStorage
    from ..models.account_token import AccountToken
    from ..models.account_user import AccountUser


T = TypeVar("T", bound="Account")


@_attrs_define
class Account:
    """
    Attributes:
        user (AccountUser):
        storage (AccountStorage): The designer’s storage quota, shared by every project.
        projects (AccountProjects):
        token (AccountToken):
    """

    user: AccountUser
    storage: AccountStorage
    projects: AccountProjects
    token: AccountToken

    def to_dict(self) -> dict[str, Any]:
        user = self.user.to_dict()

        storage = self.storage.to_dict()

        projects = self.projects.to_dict()

        token = self.token.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "user": user,
                "storage": storage,
                "projects": projects,
                "token": token,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.account_projects import AccountProjects
        from ..models.account_storage import AccountStorage
        from ..models.account_token import AccountToken
        from ..models.account_user import AccountUser

        d = dict(src_dict)
        user = AccountUser.from_dict(d.pop("user"))

        storage = AccountStorage.from_dict(d.pop("storage"))

        projects = AccountProjects.from_dict(d.pop("projects"))

        token = AccountToken.from_dict(d.pop("token"))

        account = cls(
            user=user,
            storage=storage,
            projects=projects,
            token=token,
        )

        return account
