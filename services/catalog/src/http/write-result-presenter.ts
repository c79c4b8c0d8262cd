import type { WriteOutcome } from '../use-cases/write-components.ts';
import type { WriteResultBody } from './component-schemas.ts';

/**
 * The write result (docs/rules.md "Component writes"), at top level: `updated` counts matched rows (changed or not), `components`
 * lists every row's component, `errors` the rows written with a problem (docs/decisions.md, "Writes":
 * `{index, unique_id, name, code, message}`).
 */
export function presentWriteResult(outcome: WriteOutcome): WriteResultBody {
  const created = outcome.written.filter((entry) => entry.created).length;
  return {
    created,
    updated: outcome.written.length - created,
    deleted: outcome.deleted,
    errors: outcome.problems.map((problem) => ({
      index: problem.index,
      unique_id: problem.component.uniqueId,
      name: problem.component.name ?? null,
      code: problem.code,
      message: problem.message,
    })),
    kept_artwork: outcome.keptArtwork,
    components: outcome.written.map(({ component }) => ({ id: component.id, name: component.name ?? null, type: component.type })),
    internalizing: outcome.internalizing,
  };
}
