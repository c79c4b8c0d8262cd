import { maskFieldOf } from './component-types.ts';

/** Decks hold cards, stacks hold tokens. */
export type GroupKind = 'deck' | 'stack';

/** What decides whether two components may share a group: their type and their mask. */
export interface ShapedComponent {
  type: string;
  shape?: string | null;
  cardMaskType?: string | null;
}

export const memberTypeOf = (kind: GroupKind): 'card' | 'token' => (kind === 'deck' ? 'card' : 'token');

/** The mask a group member is cut with: a card's `card_mask_type`, a token's `shape` ("none" when unset). */
export function maskOf(component: ShapedComponent): string {
  const mask = maskFieldOf(component.type);
  return (mask ? component[mask.property] : null) ?? 'none';
}

/**
 * docs/rules.md "Groups (decks and stacks)": a deck holds only cards, a stack only tokens, all of one shape/mask.
 * Returns the reason a set of would-be members is refused, naming the shapes, or undefined.
 */
export function mixedGroupReason(kind: GroupKind, groupName: string, members: readonly ShapedComponent[]): string | undefined {
  const wanted = memberTypeOf(kind);
  const strangers = [...new Set(members.filter((member) => member.type !== wanted).map((member) => member.type))];
  if (strangers.length > 0) return `A ${kind} holds only ${wanted}s; "${groupName}" was given ${strangers.map((type) => `${type}s`).join(' and ')}.`;
  const masks = [...new Set(members.map(maskOf))];
  if (masks.length > 1) return `All members of a ${kind} share one shape; "${groupName}" would mix ${masks.join(', ')}.`;
  return undefined;
}

/** Group names are compared ignoring case and surrounding spaces. */
export function groupNameKey(name: string): string {
  return name.trim().toLowerCase();
}
