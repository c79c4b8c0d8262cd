from __future__ import annotations

from collections.abc import Mapping
from io import BytesIO
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from .. import types
from ..types import UNSET, File, Unset

T = TypeVar("T", bound="UploadAssetBody")


@_attrs_define
class UploadAssetBody:
    """
    Attributes:
        file (File): The image, the one file part: JPEG, PNG, GIF, WebP, AVIF or SVG, judged by its bytes (never its
            name or declared type); at most 50 MB, SVG 5 MB. Its filename starts the stored name.
        convert_to_webp (bool | str | Unset): Store it as WebP (animations keep their frames). `true` or `false` (also
            1/0, on/off, yes/no, in any case); absent is false. At most one of the two conversions. Default: False.
        convert_to_avif (bool | str | Unset): Store it as AVIF (not for animations). `true` or `false` (also 1/0,
            on/off, yes/no, in any case); absent is false. At most one of the two conversions. Default: False.
    """

    file: File
    convert_to_webp: bool | str | Unset = False
    convert_to_avif: bool | str | Unset = False

    def to_dict(self) -> dict[str, Any]:
        file = self.file.to_tuple()

        convert_to_webp: bool | str | Unset
        if isinstance(self.convert_to_webp, Unset):
            convert_to_webp = UNSET
        else:
            convert_to_webp = self.convert_to_webp

        convert_to_avif: bool | str | Unset
        if isinstance(self.convert_to_avif, Unset):
            convert_to_avif = UNSET
        else:
            convert_to_avif = self.convert_to_avif

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "file": file,
            }
        )
        if convert_to_webp is not UNSET:
            field_dict["convert_to_webp"] = convert_to_webp
        if convert_to_avif is not UNSET:
            field_dict["convert_to_avif"] = convert_to_avif

        return field_dict

    def to_multipart(self) -> types.RequestFiles:
        files: types.RequestFiles = []

        files.append(("file", self.file.to_tuple()))

        if not isinstance(self.convert_to_webp, Unset):
            if isinstance(self.convert_to_webp, bool):
                files.append(
                    (
                        "convert_to_webp",
                        (None, str(self.convert_to_webp).encode(), "text/plain"),
                    )
                )
            else:
                files.append(
                    (
                        "convert_to_webp",
                        (None, str(self.convert_to_webp).encode(), "text/plain"),
                    )
                )

        if not isinstance(self.convert_to_avif, Unset):
            if isinstance(self.convert_to_avif, bool):
                files.append(
                    (
                        "convert_to_avif",
                        (None, str(self.convert_to_avif).encode(), "text/plain"),
                    )
                )
            else:
                files.append(
                    (
                        "convert_to_avif",
                        (None, str(self.convert_to_avif).encode(), "text/plain"),
                    )
                )

        return files

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        file = File(payload=BytesIO(d.pop("file")))

        def _parse_convert_to_webp(data: object) -> bool | str | Unset:
            if isinstance(data, Unset):
                return data
            return cast(bool | str | Unset, data)

        convert_to_webp = _parse_convert_to_webp(d.pop("convert_to_webp", UNSET))

        def _parse_convert_to_avif(data: object) -> bool | str | Unset:
            if isinstance(data, Unset):
                return data
            return cast(bool | str | Unset, data)

        convert_to_avif = _parse_convert_to_avif(d.pop("convert_to_avif", UNSET))

        upload_asset_body = cls(
            file=file,
            convert_to_webp=convert_to_webp,
            convert_to_avif=convert_to_avif,
        )

        return upload_asset_body
