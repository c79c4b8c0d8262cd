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

from ..models.dice_input_dice_style_type_0 import DiceInputDiceStyleType0
from ..models.dice_input_facing_type_0 import DiceInputFacingType0
from ..models.dice_input_image_rotation_type_0 import DiceInputImageRotationType0
from ..models.dice_input_size_type_0 import DiceInputSizeType0
from ..models.dice_input_size_type_2 import DiceInputSizeType2
from ..types import UNSET, Unset

T = TypeVar("T", bound="DiceInput")


@_attrs_define
class DiceInput:
    """A die row: `size` is its die type. Fields the type does not honour are accepted and ignored.

    Attributes:
        name (str): The component’s name.
        unique_id (int | None | str | Unset): Your sync key: the first write creates, later writes with it update in
            place. Without one the row is matched on `name` and the service generates a key.
        quantity (int | None | str | Unset): Copies; blank or null is 1.
        description (None | str | Unset): Free text shown to the designer.
        notes (None | str | Unset): Private free text.
        size (DiceInputSizeType0 | DiceInputSizeType2 | None | str | Unset): Dice: the die type. Other types: a legacy
            free-text label, superseded by `phys_width_in` / `phys_height_in`.
        color (Literal[''] | None | str | Unset): Front colour, used when there is no artwork: `#rgb`, `#rrggbb` or
            `#rrggbbaa`.
        material (None | str | Unset): Free text.
        image_url (Literal[''] | None | str | Unset): Front artwork: any public URL or one an asset endpoint returned;
            null clears it. Blank or left out keeps a matched row’s artwork.
        image_rotation (DiceInputImageRotationType0 | None | str | Unset): Artwork rotation in degrees; blank or null is
            0.
        facing (DiceInputFacingType0 | None | str | Unset): Which edge is up, in degrees; null leaves the tabletop
            default.
        phys_width_in (float | None | str | Unset): Physical width in inches; drives tabletop scale.
        phys_height_in (float | None | str | Unset): Physical height in inches; drives tabletop scale.
        weight_lbs (float | None | str | Unset): Weight per unit, in pounds.
        cost_per_unit (float | None | str | Unset): Cost per unit.
        playtest_scale_x (float | None | str | Unset): Fallback scale when no physical size is set.
        playtest_scale_y (float | None | str | Unset): Fallback scale when no physical size is set.
        die_faces (list[Literal[''] | str] | None | str | Unset): Face image URLs in face order (not a count: the count
            is `size`).
        die_face_urls (list[Literal[''] | str] | None | str | Unset): Deprecated: the older name of `die_faces`, read
            only when `die_faces` is not sent (and checked either way).
        die_face_labels (list[Literal[''] | str] | None | str | Unset): Face labels in face order.
        dice_style (DiceInputDiceStyleType0 | Literal[''] | None | Unset): `standard` or `custom`.
    """

    name: str
    unique_id: int | None | str | Unset = UNSET
    quantity: int | None | str | Unset = UNSET
    description: None | str | Unset = UNSET
    notes: None | str | Unset = UNSET
    size: DiceInputSizeType0 | DiceInputSizeType2 | None | str | Unset = UNSET
    color: Literal[""] | None | str | Unset = UNSET
    material: None | str | Unset = UNSET
    image_url: Literal[""] | None | str | Unset = UNSET
    image_rotation: DiceInputImageRotationType0 | None | str | Unset = UNSET
    facing: DiceInputFacingType0 | None | str | Unset = UNSET
    phys_width_in: float | None | str | Unset = UNSET
    phys_height_in: float | None | str | Unset = UNSET
    weight_lbs: float | None | str | Unset = UNSET
    cost_per_unit: float | None | str | Unset = UNSET
    playtest_scale_x: float | None | str | Unset = UNSET
    playtest_scale_y: float | None | str | Unset = UNSET
    die_faces: list[Literal[""] | str] | None | str | Unset = UNSET
    die_face_urls: list[Literal[""] | str] | None | str | Unset = UNSET
    die_face_labels: list[Literal[""] | str] | None | str | Unset = UNSET
    dice_style: DiceInputDiceStyleType0 | Literal[""] | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        unique_id: int | None | str | Unset
        if isinstance(self.unique_id, Unset):
            unique_id = UNSET
        else:
            unique_id = self.unique_id

        quantity: int | None | str | Unset
        if isinstance(self.quantity, Unset):
            quantity = UNSET
        else:
            quantity = self.quantity

        description: None | str | Unset
        if isinstance(self.description, Unset):
            description = UNSET
        else:
            description = self.description

        notes: None | str | Unset
        if isinstance(self.notes, Unset):
            notes = UNSET
        else:
            notes = self.notes

        size: int | None | str | Unset
        if isinstance(self.size, Unset):
            size = UNSET
        elif isinstance(self.size, DiceInputSizeType0) or isinstance(
            self.size, DiceInputSizeType2
        ):
            size = self.size.value
        else:
            size = self.size

        color: Literal[""] | None | str | Unset
        if isinstance(self.color, Unset):
            color = UNSET
        else:
            color = self.color

        material: None | str | Unset
        if isinstance(self.material, Unset):
            material = UNSET
        else:
            material = self.material

        image_url: Literal[""] | None | str | Unset
        if isinstance(self.image_url, Unset):
            image_url = UNSET
        else:
            image_url = self.image_url

        image_rotation: int | None | str | Unset
        if isinstance(self.image_rotation, Unset):
            image_rotation = UNSET
        elif isinstance(self.image_rotation, DiceInputImageRotationType0):
            image_rotation = self.image_rotation.value
        else:
            image_rotation = self.image_rotation

        facing: int | None | str | Unset
        if isinstance(self.facing, Unset):
            facing = UNSET
        elif isinstance(self.facing, DiceInputFacingType0):
            facing = self.facing.value
        else:
            facing = self.facing

        phys_width_in: float | None | str | Unset
        if isinstance(self.phys_width_in, Unset):
            phys_width_in = UNSET
        else:
            phys_width_in = self.phys_width_in

        phys_height_in: float | None | str | Unset
        if isinstance(self.phys_height_in, Unset):
            phys_height_in = UNSET
        else:
            phys_height_in = self.phys_height_in

        weight_lbs: float | None | str | Unset
        if isinstance(self.weight_lbs, Unset):
            weight_lbs = UNSET
        else:
            weight_lbs = self.weight_lbs

        cost_per_unit: float | None | str | Unset
        if isinstance(self.cost_per_unit, Unset):
            cost_per_unit = UNSET
        else:
            cost_per_unit = self.cost_per_unit

        playtest_scale_x: float | None | str | Unset
        if isinstance(self.playtest_scale_x, Unset):
            playtest_scale_x = UNSET
        else:
            playtest_scale_x = self.playtest_scale_x

        playtest_scale_y: float | None | str | Unset
        if isinstance(self.playtest_scale_y, Unset):
            playtest_scale_y = UNSET
        else:
            playtest_scale_y = self.playtest_scale_y

        die_faces: list[Literal[""] | str] | None | str | Unset
        if isinstance(self.die_faces, Unset):
            die_faces = UNSET
        elif isinstance(self.die_faces, list):
            die_faces = []
            for die_faces_type_0_item_data in self.die_faces:
                die_faces_type_0_item: Literal[""] | str
                die_faces_type_0_item = die_faces_type_0_item_data
                die_faces.append(die_faces_type_0_item)

        else:
            die_faces = self.die_faces

        die_face_urls: list[Literal[""] | str] | None | str | Unset
        if isinstance(self.die_face_urls, Unset):
            die_face_urls = UNSET
        elif isinstance(self.die_face_urls, list):
            die_face_urls = []
            for die_face_urls_type_0_item_data in self.die_face_urls:
                die_face_urls_type_0_item: Literal[""] | str
                die_face_urls_type_0_item = die_face_urls_type_0_item_data
                die_face_urls.append(die_face_urls_type_0_item)

        else:
            die_face_urls = self.die_face_urls

        die_face_labels: list[Literal[""] | str] | None | str | Unset
        if isinstance(self.die_face_labels, Unset):
            die_face_labels = UNSET
        elif isinstance(self.die_face_labels, list):
            die_face_labels = []
            for die_face_labels_type_0_item_data in self.die_face_labels:
                die_face_labels_type_0_item: Literal[""] | str
                die_face_labels_type_0_item = die_face_labels_type_0_item_data
                die_face_labels.append(die_face_labels_type_0_item)

        else:
            die_face_labels = self.die_face_labels

        dice_style: Literal[""] | None | str | Unset
        if isinstance(self.dice_style, Unset):
            dice_style = UNSET
        elif isinstance(self.dice_style, DiceInputDiceStyleType0):
            dice_style = self.dice_style.value
        else:
            dice_style = self.dice_style

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "name": name,
            }
        )
        if unique_id is not UNSET:
            field_dict["unique_id"] = unique_id
        if quantity is not UNSET:
            field_dict["quantity"] = quantity
        if description is not UNSET:
            field_dict["description"] = description
        if notes is not UNSET:
            field_dict["notes"] = notes
        if size is not UNSET:
            field_dict["size"] = size
        if color is not UNSET:
            field_dict["color"] = color
        if material is not UNSET:
            field_dict["material"] = material
        if image_url is not UNSET:
            field_dict["image_url"] = image_url
        if image_rotation is not UNSET:
            field_dict["image_rotation"] = image_rotation
        if facing is not UNSET:
            field_dict["facing"] = facing
        if phys_width_in is not UNSET:
            field_dict["phys_width_in"] = phys_width_in
        if phys_height_in is not UNSET:
            field_dict["phys_height_in"] = phys_height_in
        if weight_lbs is not UNSET:
            field_dict["weight_lbs"] = weight_lbs
        if cost_per_unit is not UNSET:
            field_dict["cost_per_unit"] = cost_per_unit
        if playtest_scale_x is not UNSET:
            field_dict["playtest_scale_x"] = playtest_scale_x
        if playtest_scale_y is not UNSET:
            field_dict["playtest_scale_y"] = playtest_scale_y
        if die_faces is not UNSET:
            field_dict["die_faces"] = die_faces
        if die_face_urls is not UNSET:
            field_dict["die_face_urls"] = die_face_urls
        if die_face_labels is not UNSET:
            field_dict["die_face_labels"] = die_face_labels
        if dice_style is not UNSET:
            field_dict["dice_style"] = dice_style

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        name = d.pop("name")

        def _parse_unique_id(data: object) -> int | None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | str | Unset, data)

        unique_id = _parse_unique_id(d.pop("unique_id", UNSET))

        def _parse_quantity(data: object) -> int | None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | str | Unset, data)

        quantity = _parse_quantity(d.pop("quantity", UNSET))

        def _parse_description(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        description = _parse_description(d.pop("description", UNSET))

        def _parse_notes(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        notes = _parse_notes(d.pop("notes", UNSET))

        def _parse_size(
            data: object,
        ) -> DiceInputSizeType0 | DiceInputSizeType2 | None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                size_type_0 = DiceInputSizeType0(data)

                return size_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, int):
                    raise TypeError()
                size_type_2 = DiceInputSizeType2(data)

                return size_type_2
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(
                DiceInputSizeType0 | DiceInputSizeType2 | None | str | Unset, data
            )

        size = _parse_size(d.pop("size", UNSET))

        def _parse_color(data: object) -> Literal[""] | None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            color_type_1 = cast(Literal[""], data)
            if color_type_1 != "":
                raise ValueError(
                    f"color_type_1 must match const '', got '{color_type_1}'"
                )
            return color_type_1
            return cast(Literal[""] | None | str | Unset, data)

        color = _parse_color(d.pop("color", UNSET))

        def _parse_material(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        material = _parse_material(d.pop("material", UNSET))

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

        def _parse_image_rotation(
            data: object,
        ) -> DiceInputImageRotationType0 | None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, int):
                    raise TypeError()
                image_rotation_type_0 = DiceInputImageRotationType0(data)

                return image_rotation_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(DiceInputImageRotationType0 | None | str | Unset, data)

        image_rotation = _parse_image_rotation(d.pop("image_rotation", UNSET))

        def _parse_facing(data: object) -> DiceInputFacingType0 | None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, int):
                    raise TypeError()
                facing_type_0 = DiceInputFacingType0(data)

                return facing_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(DiceInputFacingType0 | None | str | Unset, data)

        facing = _parse_facing(d.pop("facing", UNSET))

        def _parse_phys_width_in(data: object) -> float | None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | str | Unset, data)

        phys_width_in = _parse_phys_width_in(d.pop("phys_width_in", UNSET))

        def _parse_phys_height_in(data: object) -> float | None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | str | Unset, data)

        phys_height_in = _parse_phys_height_in(d.pop("phys_height_in", UNSET))

        def _parse_weight_lbs(data: object) -> float | None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | str | Unset, data)

        weight_lbs = _parse_weight_lbs(d.pop("weight_lbs", UNSET))

        def _parse_cost_per_unit(data: object) -> float | None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | str | Unset, data)

        cost_per_unit = _parse_cost_per_unit(d.pop("cost_per_unit", UNSET))

        def _parse_playtest_scale_x(data: object) -> float | None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | str | Unset, data)

        playtest_scale_x = _parse_playtest_scale_x(d.pop("playtest_scale_x", UNSET))

        def _parse_playtest_scale_y(data: object) -> float | None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | str | Unset, data)

        playtest_scale_y = _parse_playtest_scale_y(d.pop("playtest_scale_y", UNSET))

        def _parse_die_faces(
            data: object,
        ) -> list[Literal[""] | str] | None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                die_faces_type_0 = []
                _die_faces_type_0 = data
                for die_faces_type_0_item_data in _die_faces_type_0:

                    def _parse_die_faces_type_0_item(data: object) -> Literal[""] | str:
                        die_faces_type_0_item_type_1 = cast(Literal[""], data)
                        if die_faces_type_0_item_type_1 != "":
                            raise ValueError(
                                f"die_faces_type_0_item_type_1 must match const '', got '{die_faces_type_0_item_type_1}'"
                            )
                        return die_faces_type_0_item_type_1
                        return cast(Literal[""] | str, data)

                    die_faces_type_0_item = _parse_die_faces_type_0_item(
                        die_faces_type_0_item_data
                    )

                    die_faces_type_0.append(die_faces_type_0_item)

                return die_faces_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[Literal[""] | str] | None | str | Unset, data)

        die_faces = _parse_die_faces(d.pop("die_faces", UNSET))

        def _parse_die_face_urls(
            data: object,
        ) -> list[Literal[""] | str] | None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                die_face_urls_type_0 = []
                _die_face_urls_type_0 = data
                for die_face_urls_type_0_item_data in _die_face_urls_type_0:

                    def _parse_die_face_urls_type_0_item(
                        data: object,
                    ) -> Literal[""] | str:
                        die_face_urls_type_0_item_type_1 = cast(Literal[""], data)
                        if die_face_urls_type_0_item_type_1 != "":
                            raise ValueError(
                                f"die_face_urls_type_0_item_type_1 must match const '', got '{die_face_urls_type_0_item_type_1}'"
                            )
                        return die_face_urls_type_0_item_type_1
                        return cast(Literal[""] | str, data)

                    die_face_urls_type_0_item = _parse_die_face_urls_type_0_item(
                        die_face_urls_type_0_item_data
                    )

                    die_face_urls_type_0.append(die_face_urls_type_0_item)

                return die_face_urls_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[Literal[""] | str] | None | str | Unset, data)

        die_face_urls = _parse_die_face_urls(d.pop("die_face_urls", UNSET))

        def _parse_die_face_labels(
            data: object,
        ) -> list[Literal[""] | str] | None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                die_face_labels_type_0 = []
                _die_face_labels_type_0 = data
                for die_face_labels_type_0_item_data in _die_face_labels_type_0:

                    def _parse_die_face_labels_type_0_item(
                        data: object,
                    ) -> Literal[""] | str:
                        die_face_labels_type_0_item_type_1 = cast(Literal[""], data)
                        if die_face_labels_type_0_item_type_1 != "":
                            raise ValueError(
                                f"die_face_labels_type_0_item_type_1 must match const '', got '{die_face_labels_type_0_item_type_1}'"
                            )
                        return die_face_labels_type_0_item_type_1
                        return cast(Literal[""] | str, data)

                    die_face_labels_type_0_item = _parse_die_face_labels_type_0_item(
                        die_face_labels_type_0_item_data
                    )

                    die_face_labels_type_0.append(die_face_labels_type_0_item)

                return die_face_labels_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[Literal[""] | str] | None | str | Unset, data)

        die_face_labels = _parse_die_face_labels(d.pop("die_face_labels", UNSET))

        def _parse_dice_style(
            data: object,
        ) -> DiceInputDiceStyleType0 | Literal[""] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                dice_style_type_0 = DiceInputDiceStyleType0(data)

                return dice_style_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            dice_style_type_1 = cast(Literal[""], data)
            if dice_style_type_1 != "":
                raise ValueError(
                    f"dice_style_type_1 must match const '', got '{dice_style_type_1}'"
                )
            return dice_style_type_1
            return cast(DiceInputDiceStyleType0 | Literal[""] | None | Unset, data)

        dice_style = _parse_dice_style(d.pop("dice_style", UNSET))

        dice_input = cls(
            name=name,
            unique_id=unique_id,
            quantity=quantity,
            description=description,
            notes=notes,
            size=size,
            color=color,
            material=material,
            image_url=image_url,
            image_rotation=image_rotation,
            facing=facing,
            phys_width_in=phys_width_in,
            phys_height_in=phys_height_in,
            weight_lbs=weight_lbs,
            cost_per_unit=cost_per_unit,
            playtest_scale_x=playtest_scale_x,
            playtest_scale_y=playtest_scale_y,
            die_faces=die_faces,
            die_face_urls=die_face_urls,
            die_face_labels=die_face_labels,
            dice_style=dice_style,
        )

        dice_input.additional_properties = d
        return dice_input

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
