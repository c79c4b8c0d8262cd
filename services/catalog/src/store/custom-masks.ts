import type { EntityManager } from '@mikro-orm/sql';
import type { CustomMaskRef, MaskKind } from '../domain/mask-library.ts';
import { CustomMask } from './entities/custom-mask.ts';

export async function customMasks(em: EntityManager, designerId: number): Promise<CustomMaskRef[]> {
  const rows = await em.find(CustomMask, { designerId }, { orderBy: { id: 'asc' } });
  return rows.map((row) => ({ id: row.id, kind: row.kind, name: row.name, aspect: row.aspect ?? null }));
}

/** The designer's mask whose compared name (`maskNameKey`) is this, of either kind. */
export function maskNamed(em: EntityManager, designerId: number, nameKey: string): Promise<CustomMask | null> {
  return em.findOne(CustomMask, { designerId, nameKey });
}

export async function addCustomMask(
  em: EntityManager,
  mask: { designerId: number; kind: MaskKind; name: string; nameKey: string; aspect: string | null },
): Promise<CustomMask> {
  const created = em.create(CustomMask, mask);
  await em.flush();
  return created;
}
