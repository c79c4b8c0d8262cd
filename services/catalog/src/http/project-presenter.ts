import { PROJECT_FIELDS, type ProjectFieldName } from '../domain/project-fields.ts';
import type { Project } from '../store/entities/project.ts';
import { iso } from './iso-time.ts';

/** Spec §2 Project: every field of the table, unset ones null, plus the count and timestamps. */
export function presentProject(project: Project, componentCount: number) {
  const fields = Object.fromEntries(
    (Object.keys(PROJECT_FIELDS) as ProjectFieldName[]).map((field) => [field, project[PROJECT_FIELDS[field].property] ?? null]),
  ) as { [F in ProjectFieldName]: NonNullable<Project[(typeof PROJECT_FIELDS)[F]['property']]> | null };
  return {
    id: project.id,
    ...fields,
    component_count: componentCount,
    created_at: iso(project.createdAt),
    updated_at: iso(project.updatedAt),
  };
}
