import type { EntityManager } from '@mikro-orm/sql';
import { Problem } from '@boardsync/kit';
import { maskNameKey, type CustomMaskRef, type MaskKind } from '../domain/mask-library.ts';
import { CustomMask } from './entities/custom-mask.ts';

export async function customMasks(em: EntityManager, designerId: number): Promise<CustomMaskRef[]> {
  const rows = await em.find(CustomMask, { designerId }, { orderBy: { id: 'asc' } });
  return rows.map((row) => ({ id: row.id, kind: row.kind, name: row.name, aspect: row.aspect ?? null }));
}

export async function createCustomMask(em: EntityManager, input: { designerId: number; kind: MaskKind; name: string; aspect: string | null }): Promise<CustomMask> {
  const nameKey = maskNameKey(input.name);
  if (await em.findOne(CustomMask, { designerId: input.designerId, nameKey })) {
    throw new Problem({ status: 409, code: 'name_taken', detail: `This designer already has a mask named "${input.name.trim()}".` });
  }
  const mask = em.create(CustomMask, { designerId: input.designerId, kind: input.kind, name: input.name.trim(), nameKey, aspect: input.aspect });
  await em.flush();
  return mask;
}
