import type { EntityManager } from '@mikro-orm/sql';
import { Problem } from '@boardsync/kit';
import { maskNameKey, type MaskKind } from '../domain/mask-library.ts';
import type { CustomMask } from '../store/entities/custom-mask.ts';
import { addCustomMask, maskNamed } from '../store/custom-masks.ts';

/** Operators add a designer's own mask; its name is unique per designer across both kinds (409 `name_taken`). */
export async function createCustomMask(
  em: EntityManager,
  input: { designerId: number; kind: MaskKind; name: string; aspect: string | null },
): Promise<CustomMask> {
  const nameKey = maskNameKey(input.name);
  if (await maskNamed(em, input.designerId, nameKey)) {
    throw new Problem({ status: 409, code: 'name_taken', detail: `This designer already has a mask named "${input.name.trim()}".` });
  }
  return addCustomMask(em, { designerId: input.designerId, kind: input.kind, name: input.name.trim(), nameKey, aspect: input.aspect });
}
