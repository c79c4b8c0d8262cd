import { describe, expect, it } from '@jest/globals';
import { namesCustomMask, parseComponentRow } from '../component-input.ts';
import type { CreatableType } from '../component-types.ts';

const masks = [{ id: 7, kind: 'token' as const, name: 'Shield', aspect: null }];
const parse = (type: CreatableType, raw: unknown) => parseComponentRow(raw, 0, { type, customMasks: masks, path: 'component' });
const rowOf = (type: CreatableType, raw: unknown) => {
  const result = parse(type, raw);
  if ('errors' in result) throw new Error(JSON.stringify(result.errors));
  return result.row;
};

describe('parseComponentRow', () => {
  it('drops fields the type does not honour without reading them', () => {
    const row = rowOf('bag', { name: 'Bag', card_mask_type: 'not even a mask', die_faces: 42, sort_order: 'x', mask_image: true });
    expect(row.values).toEqual({ name: 'Bag' });
  });

  it('treats blank spreadsheet cells as no value and numeric strings as numbers', () => {
    const row = rowOf('card', { name: ' Card ', quantity: '', phys_width_in: '2.5', description: '', sort_order: '3', unique_id: '  ' });
    expect(row.values).toMatchObject({ name: 'Card', quantity: 1, physWidthIn: 2.5, description: null, sortOrder: 3 });
    expect(row.uniqueId).toBeUndefined();
  });

  it('keeps artwork left out or blank, clears it on null', () => {
    expect(rowOf('card', { name: 'A' }).artworkOmitted).toEqual(['imageUrl', 'backImageUrl']);
    expect(rowOf('card', { name: 'A', image_url: '', back_image_url: null })).toMatchObject({ artworkOmitted: ['imageUrl'], values: { backImageUrl: null } });
    expect(rowOf('bag', { name: 'A' }).artworkOmitted).toEqual(['imageUrl']);
  });

  it('resolves token shapes, including a custom mask by name, and reads a blank shape as none', () => {
    expect(rowOf('token', { name: 'T', shape: 'hex_flat' }).values.shape).toBe('default:hex_flat');
    expect(rowOf('token', { name: 'T', shape: ' SHIELD ' }).values.shape).toBe('custom:7');
    expect(rowOf('token', { name: 'T', shape: '' }).values.shape).toBe('none');
    expect(parse('card', { name: 'C', card_mask_type: 'Shield' })).toEqual({
      errors: { 'component.card_mask_type': [expect.stringContaining('not a card mask')] },
    });
  });

  it('splits pipe lists, trims names and drops repeated group names ignoring case', () => {
    expect(rowOf('card', { name: 'C', deck_names: ' Market | market |Discard|' }).groupNames).toEqual(['Market', 'Discard']);
    expect(rowOf('token', { name: 'T', stack_names: null }).groupNames).toEqual([]);
    expect(rowOf('token', { name: 'T' }).groupNames).toBeUndefined();
  });

  it('names a rulebook page from page_name with quantity 1', () => {
    expect(rowOf('rulebook', { book_name: 'Rules', page_name: 'Setup', quantity: 9 }).values).toMatchObject({ name: 'Setup', quantity: 1, bookName: 'Rules' });
  });

  it('reports every bad field of a row at once', () => {
    const result = parse('dice', { size: 'd7', dice_style: 'odd', color: 'blue' });
    expect('errors' in result && Object.keys(result.errors).sort()).toEqual(['component.color', 'component.dice_style', 'component.name', 'component.size']);
  });
});

describe('namesCustomMask', () => {
  it("is true only when a row names a card or token mask beyond the library's and none", () => {
    expect(namesCustomMask('card', [{ card_mask_type: 'rectangle_rounded' }, { card_mask_type: 'default:circle' }, { card_mask_type: ' none ' }])).toBe(false);
    expect(namesCustomMask('card', [{ card_mask_type: '' }, { card_mask_type: null }, { card_mask_type: 3 }, { name: 'No mask sent' }, 'not a row'])).toBe(
      false,
    );
    expect(namesCustomMask('card', [{ card_mask_type: 'circle' }, { card_mask_type: 'My cut' }])).toBe(true);
    expect(namesCustomMask('token', [{ shape: 'custom:7' }])).toBe(true);
    expect(namesCustomMask('board', [{ card_mask_type: 'My cut', shape: 'My cut' }])).toBe(false);
  });
});
