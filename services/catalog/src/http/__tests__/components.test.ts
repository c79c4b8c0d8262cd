import { describe, expect, it } from '@jest/globals';
import { openApiDocument } from '@boardsync/kit/contract';
import type { StoredComponent } from '../../store/stored-component.ts';
import { componentOperations } from '../components.ts';
import { presentComponent } from '../component-presenter.ts';
import { componentRow as row } from './component-row.ts';
import { componentBody, writeResultBody } from '../component-schemas.ts';
import { presentWriteResult } from '../write-result-presenter.ts';

describe('the components operations', () => {
  it('make a valid part of the contract', () => {
    expect(() => openApiDocument(componentOperations, { title: 't', version: '1', description: 'd', serverUrl: 'http://localhost:8080' })).not.toThrow();
  });

  it('answer with what the presenter builds: every field of the schema, no other, each parsing', () => {
    const rows = [
      row({ type: 'card', name: 'Ace', deck_names: ['Starter'], back_image_url: 'https://art.example/back.png', facing: 90, sort_order: -2 }),
      row({ type: 'dice', name: 'Die', size: 'd6', die_faces: ['https://art.example/1.png'], dice_style: 'custom', phys_width_in: 0.5 }),
      row({ type: 'spinner', name: 'Wheel', size: 3, spinner_sections: [{ label: 'Win' }], source: 'api:app' }),
      row({ type: 'token', name: 'Coin', mask_image: true, playtest_scale_x: 1.25 }),
    ];
    for (const shown of rows.map(presentComponent)) {
      expect(Object.keys(shown)).toEqual(Object.keys(componentBody.shape));
      expect(componentBody.parse(shown)).toEqual(shown);
    }
  });

  it('answer a write with what the write-result presenter builds', () => {
    const component = { id: 3, name: null, type: 'card', uniqueId: 'c-3' } as StoredComponent;
    const result = presentWriteResult({
      written: [{ component, created: true }],
      deleted: 1,
      problems: [{ index: 0, component, code: 'mixed_group', message: 'A deck holds only cards.' }],
      keptArtwork: ['c-3'],
      internalizing: false,
    });
    expect(Object.keys(result)).toEqual(Object.keys(writeResultBody.shape));
    expect(writeResultBody.parse(result)).toEqual(result);
  });
});
