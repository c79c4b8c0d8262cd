from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.mask_option_source import MaskOptionSource

T = TypeVar("T", bound="MaskOption")


@_attrs_define
class MaskOption:
    """
    Attributes:
        value (str): Send verbatim: `none`, `default:{key}` for a built-in shape, `custom:{id}` for one of the
            designer’s own.
        label (str): Human name.
        source (MaskOptionSource):
        aspect (None | str): The ratio the shape forces, like `1:1` or `5:7`; null forces none (the component keeps its
            size).
    """

    value: str
    label: str
    source: MaskOptionSource
    aspect: None | str

    def to_dict(self) -> dict[str, Any]:
        value = self.value

        label = self.label

        source = self.source.value

        aspect: None | str
        aspect = self.aspect

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "value": value,
                "label": label,
                "source": source,
                "aspect": aspect,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        value = d.pop("value")

        label = d.pop("label")

        source = MaskOptionSource(d.pop("source"))

        def _parse_aspect(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        aspect = _parse_aspect(d.pop("aspect"))

        mask_option = cls(
            value=value,
            label=label,
            source=source,
            aspect=aspect,
        )

        return mask_option
