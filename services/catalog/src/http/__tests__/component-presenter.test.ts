import { describe, expect, it } from '@jest/globals';
import { COMPONENT_FIELDS } from '../../domain/component-fields.ts';
import { Component } from '../../store/entities/component.ts';
import { presentComponent } from '../component-presenter.ts';

const component = (values: Partial<Component>): Component =>
  Object.assign(new Component(), {
    id: 1,
    projectId: 1,
    uniqueId: 'u',
    maskImage: false,
    imageRotation: 0,
    createdAt: new Date(0),
    updatedAt: new Date(0),
    ...values,
  });

describe('presentComponent', () => {
  it('shows every field of the table, unset ones null', () => {
    const shown = presentComponent(component({ type: 'bag', name: 'Bag', physWidthIn: 2.5 }), undefined);
    for (const field of Object.keys(COMPONENT_FIELDS)) expect(shown).toHaveProperty(field);
    expect(shown).toMatchObject({ name: 'Bag', phys_width_in: 2.5, description: null, die_faces: null, deck_names: [], stack_names: [], flippable: false });
  });

  it('reads an unset mask as none for the type that carries it, null for the others', () => {
    expect(presentComponent(component({ type: 'token' }), undefined)).toMatchObject({ shape: 'none', card_mask_type: null });
    expect(presentComponent(component({ type: 'card' }), undefined)).toMatchObject({ shape: null, card_mask_type: 'none' });
    expect(presentComponent(component({ type: 'card', cardMaskType: 'default:circle' }), undefined)).toMatchObject({ card_mask_type: 'default:circle' });
  });

  it('is flippable when a two-sided type has a back image or colour', () => {
    expect(presentComponent(component({ type: 'coin', colorBack: '#000' }), undefined).flippable).toBe(true);
    expect(presentComponent(component({ type: 'bag', colorBack: '#000' }), undefined).flippable).toBe(false);
  });
});
