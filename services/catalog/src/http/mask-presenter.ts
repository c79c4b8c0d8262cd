import type { CustomMask } from '../store/entities/custom-mask.ts';
import type { CustomMaskBody } from './mask-schemas.ts';

/** A custom mask as the admin API answers it: the mask option of `GET /masks`, plus its kind and owner. */
export function presentCustomMask(mask: CustomMask): CustomMaskBody {
  return {
    id: mask.id,
    value: `custom:${String(mask.id)}`,
    label: mask.name,
    kind: mask.kind,
    source: 'custom',
    aspect: mask.aspect ?? null,
    designer_id: mask.designerId,
  };
}
