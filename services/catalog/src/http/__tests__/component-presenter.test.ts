import { describe, expect, it } from '@jest/globals';
import { COMPONENT_FIELDS } from '../../domain/component-fields.ts';
import { presentComponent } from '../component-presenter.ts';
import { componentRow as row } from './component-row.ts';

describe('presentComponent', () => {
  it('shows every field of the table, unset ones null', () => {
    const shown = presentComponent(row({ type: 'bag', name: 'Bag', phys_width_in: 2.5 }));
    for (const field of Object.keys(COMPONENT_FIELDS)) expect(shown).toHaveProperty(field);
    expect(shown).toMatchObject({ name: 'Bag', phys_width_in: 2.5, description: null, die_faces: null, deck_names: [], stack_names: [], flippable: false });
    expect(shown).toMatchObject({ created_at: '1970-01-01T00:00:00.000Z', updated_at: '1970-01-01T00:00:00.000Z' });
  });

  it('shows the fields in the order of docs/rules.md: id, the table, flippable, the group names, the timestamps', () => {
    expect(Object.keys(presentComponent(row({ type: 'card' })))).toEqual([
      'id',
      ...Object.keys(COMPONENT_FIELDS),
      'flippable',
      'deck_names',
      'stack_names',
      'created_at',
      'updated_at',
    ]);
  });

  it('reads an unset mask as none for the type that carries it, null for the others', () => {
    expect(presentComponent(row({ type: 'token' }))).toMatchObject({ shape: 'none', card_mask_type: null });
    expect(presentComponent(row({ type: 'card' }))).toMatchObject({ shape: null, card_mask_type: 'none' });
    expect(presentComponent(row({ type: 'card', card_mask_type: 'default:circle' }))).toMatchObject({ card_mask_type: 'default:circle' });
  });

  it('is flippable when a two-sided type has a back image or colour', () => {
    expect(presentComponent(row({ type: 'coin', color_back: '#000' })).flippable).toBe(true);
    expect(presentComponent(row({ type: 'card', back_image_url: 'https://art.example/back.png' })).flippable).toBe(true);
    expect(presentComponent(row({ type: 'bag', color_back: '#000' })).flippable).toBe(false);
  });

  it('shows the deck and stack names it was read with', () => {
    expect(presentComponent(row({ type: 'card', deck_names: ['Starter', 'Fire'] }))).toMatchObject({ deck_names: ['Starter', 'Fire'], stack_names: [] });
  });
});
