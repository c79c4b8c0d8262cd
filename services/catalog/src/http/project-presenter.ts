import { PROJECT_FIELDS, type ProjectFieldName } from '../domain/project-fields.ts';
import type { ProjectRecord } from '../domain/project-record.ts';
import type { ProjectBody } from './project-schemas.ts';

/** A project (docs/rules.md "Projects"): every field of the table, unset ones null, plus the count and timestamps. */
export function presentProject(project: ProjectRecord, componentCount: number): ProjectBody {
  const fields = Object.fromEntries(
    (Object.keys(PROJECT_FIELDS) as ProjectFieldName[]).map((field) => [field, project[PROJECT_FIELDS[field].property] ?? null]),
  ) as { [F in ProjectFieldName]: NonNullable<ProjectRecord[(typeof PROJECT_FIELDS)[F]['property']]> | null };
  return {
    id: project.id,
    ...fields,
    name: project.name,
    is_locked: project.isLocked,
    component_count: componentCount,
    created_at: project.createdAt.toISOString(),
    updated_at: project.updatedAt.toISOString(),
  };
}
