import { defineEntity, p } from '@mikro-orm/core';
import type { ComponentRecord } from '../../domain/component-record.ts';

/**
 * One component of a project (docs/rules.md "Components"). Which columns a type uses is the write path's business;
 * `source` is the integration that created the row (`api:{client}`), or null for hand-made rows.
 */
export const ComponentSchema = defineEntity({
  name: 'Component',
  tableName: 'component',
  properties: {
    id: p.integer().primary().autoincrement(),
    projectId: p.integer().fieldName('project_id'),
    type: p.string(),
    uniqueId: p.string().fieldName('unique_id'),
    name: p.string().nullable(),
    bookName: p.string().fieldName('book_name').nullable(),
    pageName: p.string().fieldName('page_name').nullable(),
    quantity: p.integer().nullable(),
    description: p.text().nullable(),
    notes: p.text().nullable(),
    /** A die type for dice, a legacy free-text (or integer) label otherwise. */
    size: p.json<string | number>().nullable(),
    color: p.string().nullable(),
    colorBack: p.string().fieldName('color_back').nullable(),
    shape: p.string().nullable(),
    cardMaskType: p.string().fieldName('card_mask_type').nullable(),
    maskImage: p.boolean().fieldName('mask_image'),
    material: p.string().nullable(),
    imageUrl: p.text().fieldName('image_url').nullable(),
    backImageUrl: p.text().fieldName('back_image_url').nullable(),
    imageRotation: p.integer().fieldName('image_rotation'),
    facing: p.integer().nullable(),
    physWidthIn: p.float().fieldName('phys_width_in').nullable(),
    physHeightIn: p.float().fieldName('phys_height_in').nullable(),
    weightLbs: p.float().fieldName('weight_lbs').nullable(),
    costPerUnit: p.float().fieldName('cost_per_unit').nullable(),
    sortOrder: p.integer().fieldName('sort_order').nullable(),
    playtestScaleX: p.float().fieldName('playtest_scale_x').nullable(),
    playtestScaleY: p.float().fieldName('playtest_scale_y').nullable(),
    dieFaces: p.json<string[]>().fieldName('die_faces').nullable(),
    dieFaceLabels: p.json<string[]>().fieldName('die_face_labels').nullable(),
    diceStyle: p.string().fieldName('dice_style').nullable(),
    spinnerSections: p.json<Record<string, unknown>[]>().fieldName('spinner_sections').nullable(),
    source: p.string().nullable(),
    createdAt: p
      .datetime()
      .fieldName('created_at')
      .onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .fieldName('updated_at')
      .onCreate(() => new Date()),
  },
});

export class Component extends ComponentSchema.class implements ComponentRecord {}
ComponentSchema.setClass(Component);
