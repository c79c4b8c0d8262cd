import { describe, expect, it } from '@jest/globals';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { openApiDocument } from '@boardsync/kit/contract';
import { parseComponentRow } from '../../domain/component-input.ts';
import { CREATABLE_TYPES, honouredFields, type CreatableType } from '../../domain/component-types.ts';
import { componentOperations } from '../components.ts';
import { schemaNameOf } from '../component-row-schemas.ts';

type Json = Record<string, unknown>;
const document = openApiDocument(componentOperations, { title: 't', version: '1', description: 'd', serverUrl: 'http://localhost:8080' }) as {
  components: { schemas: Record<string, Json> };
  paths: Record<string, Record<string, { requestBody: { content: Record<string, { schema: Json }> } }>>;
};
const schemas = document.components.schemas;
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats.default(ajv);
ajv.addSchema({ $id: 'contract', $defs: JSON.parse(JSON.stringify(schemas).replaceAll('"#/components/schemas/', '"contract#/$defs/')) as Json });
const rowValidator = (type: CreatableType) => ajv.getSchema(`contract#/$defs/${schemaNameOf(type)}Input`);
const bodyValidator = (path: string) =>
  ajv.compile(
    JSON.parse(
      JSON.stringify(document.paths[path]?.post?.requestBody.content['application/json']?.schema).replaceAll('"#/components/schemas/', '"contract#/$defs/'),
    ) as Json,
  );

const accepted = (type: CreatableType, row: unknown) => 'row' in parseComponentRow(row, 0, { type, customMasks: [], path: 'component' });
const documented = (type: CreatableType, row: unknown) => rowValidator(type)?.(row) === true;

/** Rows as tools send them: spreadsheet cells as text, blanks, pipe lists, nulls, a die type by its face count. */
const SENT: [CreatableType, Json][] = [
  [
    'card',
    {
      unique_id: 'r-1',
      name: 'Squall',
      quantity: '3',
      color: '#ABCDEF',
      deck_names: 'Weather|Calm',
      image_rotation: '90',
      facing: null,
      card_mask_type: 'rectangle_rounded',
    },
  ],
  [
    'card',
    { unique_id: 17, name: 'Gust', quantity: '', phys_width_in: '2.5', sort_order: '-4', image_url: 'https://art.example/gust.png', back_image_url: null },
  ],
  ['token', { name: 'Coin', shape: '', mask_image: true, stack_names: null, playtest_scale_x: 1.5, color_back: '#fff' }],
  ['dice', { name: 'Wind die', size: 6, die_faces: 'https://art.example/1.png|https://art.example/2.png', die_face_labels: ['N', 'E'], dice_style: 'custom' }],
  ['dice', { name: 'Old die', size: 'D8', die_face_urls: ['https://art.example/1.png'], dice_style: null }],
  ['rulebook', { book_name: 'Rules', page_name: 'Setup', sort_order: 2, description: 'The first page.' }],
  ['spinner', { name: 'Wheel', spinner_sections: [{ label: 'Win', image_url: 'https://art.example/win.png' }, { label: 'Lose' }] }],
  ['board', { name: 'Sea', size: 'large', weight_lbs: '0.75', material: 'linen' }],
  ['pack', { name: 'Booster', an_unknown_field: 'ignored' }],
  // Blank cells, each "no value" (artwork: keep what a matched row has).
  ['card', { name: 'Blank', image_url: '', back_image_url: '', color: '', color_back: '', card_mask_type: '', sort_order: '', facing: '' }],
  ['dice', { name: 'Blank die', dice_style: '', die_faces: '', die_face_labels: '', unique_id: '' }],
  ['spinner', { name: 'Blank wheel', spinner_sections: '', weight_lbs: '' }],
  ['spinner', { name: 'Wheel', spinner_sections: [{ label: 'Blank art', image_url: '' }] }],
  ['dice', { name: 'Gappy die', die_faces: ['https://art.example/1.png', '', 'https://art.example/3.png'] }],
];

/** Rows both refuse: a missing required field, a value of the wrong kind, an unknown die type. */
const REFUSED: [CreatableType, Json][] = [
  ['card', { unique_id: 'r-2' }],
  ['rulebook', { name: 'Setup' }],
  ['card', { name: 'Gust', quantity: -1 }],
  ['card', { name: 'Gust', color: 'teal' }],
  ['dice', { name: 'Wind die', size: 'd7' }],
  ['token', { name: 'Coin', mask_image: 'yes' }],
  ['card', { name: 'Gust', image_url: 'x'.repeat(2049) }],
  ['dice', { name: 'Both', die_faces: null, die_face_urls: [null] }],
];

describe('the typed component rows of the contract', () => {
  it('name one schema per creatable type, holding exactly the fields the type honours', () => {
    for (const type of CREATABLE_TYPES) {
      const properties = Object.keys(schemas[`${schemaNameOf(type)}Input`]?.properties ?? {});
      expect([type, properties.sort()]).toEqual([type, [...honouredFields(type)].sort()]);
    }
    expect((schemas.DiceInput?.properties as Record<string, Json>).die_face_urls?.deprecated).toBe(true);
  });

  it('accept every row the service accepts, in the forms tools send (the document never refuses a valid write)', () => {
    for (const [type, row] of SENT) expect([type, row, accepted(type, row), documented(type, row)]).toEqual([type, row, true, true]);
  });

  it('refuse what the service refuses for its shape', () => {
    for (const [type, row] of REFUSED) expect([type, row, accepted(type, row), documented(type, row)]).toEqual([type, row, false, false]);
  });

  it('select the row schema by the body’s type, for a single write and a batch', () => {
    const batch = bodyValidator('/api/v1/projects/{project}/components/batch');
    expect(batch({ type: 'dice', components: [{ name: 'Wind die', size: 6 }] })).toBe(true);
    expect(batch({ type: 'rulebook', components: [{ name: 'Wind die', size: 6 }] })).toBe(false);
    expect(batch({ type: 'card', components: Array.from({ length: 501 }, (_, index) => ({ name: `c${String(index)}` })) })).toBe(false);
    expect(batch({ type: 'other', components: [] })).toBe(false);
    const single = bodyValidator('/api/v1/projects/{project}/components');
    expect(single({ type: 'rulebook', component: { book_name: 'Rules', page_name: 'Setup' } })).toBe(true);
    expect(single({ type: 'card', component: { book_name: 'Rules', page_name: 'Setup' } })).toBe(false);
  });
});
