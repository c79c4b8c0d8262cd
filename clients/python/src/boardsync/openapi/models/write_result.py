from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.write_result_components_item import WriteResultComponentsItem
    from ..models.write_result_errors_item import WriteResultErrorsItem


T = TypeVar("T", bound="WriteResult")


@_attrs_define
class WriteResult:
    """
    Attributes:
        created (int): Rows inserted.
        updated (int): Rows matched (by `unique_id`, or by name) and written, whether or not anything changed.
        deleted (int): Rows removed by `remove_missing`.
        errors (list[WriteResultErrorsItem]): Problems of rows that were still written.
        kept_artwork (list[str]): Names (else `unique_id`s) of matched components sent without artwork, which kept
            theirs.
        components (list[WriteResultComponentsItem]): Every row’s component, created or matched, in row order.
        internalizing (bool): `internalize_images` was set and a background copy of external artwork started.
    """

    created: int
    updated: int
    deleted: int
    errors: list[WriteResultErrorsItem]
    kept_artwork: list[str]
    components: list[WriteResultComponentsItem]
    internalizing: bool

    def to_dict(self) -> dict[str, Any]:
        created = self.created

        updated = self.updated

        deleted = self.deleted

        errors = []
        for errors_item_data in self.errors:
            errors_item = errors_item_data.to_dict()
            errors.append(errors_item)

        kept_artwork = self.kept_artwork

        components = []
        for components_item_data in self.components:
            components_item = components_item_data.to_dict()
            components.append(components_item)

        internalizing = self.internalizing

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "created": created,
                "updated": updated,
                "deleted": deleted,
                "errors": errors,
                "kept_artwork": kept_artwork,
                "components": components,
                "internalizing": internalizing,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.write_result_components_item import WriteResultComponentsItem
        from ..models.write_result_errors_item import WriteResultErrorsItem

        d = dict(src_dict)
        created = d.pop("created")

        updated = d.pop("updated")

        deleted = d.pop("deleted")

        errors = []
        _errors = d.pop("errors")
        for errors_item_data in _errors:
            errors_item = WriteResultErrorsItem.from_dict(errors_item_data)

            errors.append(errors_item)

        kept_artwork = cast(list[str], d.pop("kept_artwork"))

        components = []
        _components = d.pop("components")
        for components_item_data in _components:
            components_item = WriteResultComponentsItem.from_dict(components_item_data)

            components.append(components_item)

        internalizing = d.pop("internalizing")

        write_result = cls(
            created=created,
            updated=updated,
            deleted=deleted,
            errors=errors,
            kept_artwork=kept_artwork,
            components=components,
            internalizing=internalizing,
        )

        return write_result
