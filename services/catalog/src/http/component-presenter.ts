import type { Component } from '../store/entities/component.ts';
import type { GroupNames } from '../store/components.ts';
import { iso } from './iso-time.ts';

const TWO_SIDED = new Set(['card', 'token', 'board', 'coin']);

/** Spec §2 Component. `flippable`: a two-sided type with a back to show (artwork or colour). */
export function presentComponent(component: Component, groups: GroupNames | undefined) {
  return {
    id: component.id,
    unique_id: component.uniqueId,
    type: component.type,
    name: component.name ?? null,
    book_name: component.bookName ?? null,
    page_name: component.pageName ?? null,
    quantity: component.quantity ?? null,
    description: component.description ?? null,
    notes: component.notes ?? null,
    size: component.size ?? null,
    color: component.color ?? null,
    color_back: component.colorBack ?? null,
    shape: component.type === 'token' ? (component.shape ?? 'none') : (component.shape ?? null),
    card_mask_type: component.type === 'card' ? (component.cardMaskType ?? 'none') : (component.cardMaskType ?? null),
    mask_image: component.maskImage,
    material: component.material ?? null,
    image_url: component.imageUrl ?? null,
    back_image_url: component.backImageUrl ?? null,
    image_rotation: component.imageRotation,
    facing: component.facing ?? null,
    phys_width_in: component.physWidthIn ?? null,
    phys_height_in: component.physHeightIn ?? null,
    weight_lbs: component.weightLbs ?? null,
    cost_per_unit: component.costPerUnit ?? null,
    sort_order: component.sortOrder ?? null,
    flippable: TWO_SIDED.has(component.type) && Boolean(component.backImageUrl ?? component.colorBack),
    playtest_scale_x: component.playtestScaleX ?? null,
    playtest_scale_y: component.playtestScaleY ?? null,
    die_faces: component.dieFaces ?? null,
    die_face_labels: component.dieFaceLabels ?? null,
    dice_style: component.diceStyle ?? null,
    spinner_sections: component.spinnerSections ?? null,
    deck_names: groups?.deckNames ?? [],
    stack_names: groups?.stackNames ?? [],
    source: component.source ?? null,
    created_at: iso(component.createdAt),
    updated_at: iso(component.updatedAt),
  };
}
