import { describe, expect, it } from '@jest/globals';
import { planGroupNames, type GroupedComponent, type GroupsFound } from '../group-names.ts';

const card = (id: number, cardMaskType: string | null = null): GroupedComponent => ({ id, type: 'card', cardMaskType });

function found(partial: Partial<GroupsFound>): GroupsFound {
  return { groups: new Map(), memberships: new Map(), masks: new Map(), endPositions: new Map(), ...partial };
}

describe('planGroupNames', () => {
  const groups = new Map([
    ['starter', { id: 10, name: 'Starter' }],
    ['market', { id: 11, name: 'Market' }],
  ]);

  it('joins named groups at their end, leaves unnamed ones, keeps memberships already held', () => {
    const plan = planGroupNames('deck', [{ index: 0, component: card(1), names: ['starter', ' MARKET '] }], {
      ...found({ groups }),
      memberships: new Map([
        [
          1,
          [
            { id: 100, groupId: 10 },
            { id: 101, groupId: 99 },
          ],
        ],
      ]),
      endPositions: new Map([[11, 4]]),
    });
    expect(plan.removed).toEqual([101]);
    expect(plan.added).toEqual([{ groupId: 11, componentId: 1, position: 4 }]);
    expect([...plan.changed]).toEqual([1]);
    expect(plan.refused).toEqual([]);
  });

  it('numbers several new members of one group in row order', () => {
    const plan = planGroupNames(
      'deck',
      [
        { index: 0, component: card(1), names: ['Starter'] },
        { index: 1, component: card(2), names: ['Starter'] },
      ],
      found({ groups, endPositions: new Map([[10, 2]]) }),
    );
    expect(plan.added).toEqual([
      { groupId: 10, componentId: 1, position: 2 },
      { groupId: 10, componentId: 2, position: 3 },
    ]);
  });

  it('refuses a component cut otherwise than the members (those joining in this write included), and a token in a deck', () => {
    const plan = planGroupNames(
      'deck',
      [
        { index: 0, component: card(1, 'default:circle'), names: ['Market'] },
        { index: 1, component: card(2), names: ['Market'] },
        { index: 2, component: { id: 3, type: 'token' }, names: ['Starter'] },
      ],
      found({ groups }),
    );
    expect(plan.added).toEqual([{ groupId: 11, componentId: 1, position: 0 }]);
    expect(plan.refused.map((refusal) => [refusal.index, refusal.group, refusal.message])).toEqual([
      [1, 'Market', 'Not added to deck "Market": its members are cut as default:circle and this card as none; a deck holds one shape.'],
      [2, 'Starter', 'Not added to deck "Starter": its members are cut as  and this token as none; a deck holds one shape.'],
    ]);
  });

  it('does not change what it was given', () => {
    const masks = new Map([[10, new Map([[5, 'none']])]]);
    const endPositions = new Map([[10, 1]]);
    planGroupNames('deck', [{ index: 0, component: card(1), names: ['Starter'] }], found({ groups, masks, endPositions }));
    expect([...(masks.get(10)?.keys() ?? [])]).toEqual([5]);
    expect(endPositions.get(10)).toBe(1);
  });
});
