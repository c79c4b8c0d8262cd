import { describe, expect, it } from '@jest/globals';
import { openApiDocument } from '@boardsync/kit/contract';
import { maskOptions } from '../../domain/mask-library.ts';
import { ComponentGroup } from '../../store/entities/component-group.ts';
import { CustomMask } from '../../store/entities/custom-mask.ts';
import { groupOperations } from '../groups.ts';
import { presentGroup } from '../group-presenter.ts';
import { groupEnvelope, groupWithMembersEnvelope } from '../group-schemas.ts';
import { maskOperations } from '../masks.ts';
import { presentCustomMask } from '../mask-presenter.ts';
import { customMaskBody, masksBody } from '../mask-schemas.ts';

const group = Object.assign(new ComponentGroup(), {
  id: 4,
  projectId: 7,
  kind: 'deck' as const,
  name: 'Starter',
  nameKey: 'starter',
  position: null,
  createdAt: new Date('2026-01-01T00:00:00Z'),
  updatedAt: new Date('2026-01-02T00:00:00Z'),
});
const member = { groupId: 4, componentId: 9, uniqueId: 'ace', name: null, position: 0, count: null, faceUp: null, source: null };

describe('the groups and masks operations', () => {
  it('make a valid part of the contract', () => {
    const info = { title: 't', version: '1', description: 'd', serverUrl: 'http://localhost:8080' };
    expect(() => openApiDocument([...groupOperations, ...maskOperations], info)).not.toThrow();
  });

  it('answer with what the group presenter builds, members only when loaded', () => {
    expect(groupEnvelope.parse({ data: presentGroup(group) }).data).not.toHaveProperty('members');
    const loaded = { data: presentGroup(group, [member]) };
    expect(groupWithMembersEnvelope.parse(loaded)).toEqual(loaded);
    expect(groupWithMembersEnvelope.safeParse({ data: presentGroup(group) }).success).toBe(false);
  });

  it('answer GET /masks with the options per kind, and the admin API with a custom mask', () => {
    const custom = [{ id: 2, kind: 'card' as const, name: 'Shield', aspect: '5:7' }];
    const masks = { card: maskOptions('card', custom), token: maskOptions('token', custom) };
    expect(masksBody.parse(masks)).toEqual(masks);
    const mask = Object.assign(new CustomMask(), { id: 2, designerId: 1, kind: 'card' as const, name: 'Shield', nameKey: 'shield', aspect: null });
    expect(customMaskBody.parse(presentCustomMask(mask))).toEqual(presentCustomMask(mask));
  });
});
