import { describe, expect, it } from '@jest/globals';
import type { ProjectRecord } from '../project-record.ts';
import { PROJECT_FIELDS, WRITABLE_PROJECT_FIELDS } from '../project-fields.ts';
import { assignProjectFields, projectChangeBody } from '../project-input.ts';

describe('the project field table', () => {
  it('writes every field but the read-only ones', () => {
    expect(Object.keys(PROJECT_FIELDS).filter((field) => !WRITABLE_PROJECT_FIELDS.includes(field as never))).toEqual(['is_locked', 'logo_url', 'backdrop_url']);
    expect(Object.keys(projectChangeBody.parse({ name: 'x', logo_url: 'https://x.example/a.png', is_locked: true }))).toEqual(['name']);
  });

  it('assigns the sent fields to their properties and names only those that really changed', () => {
    const project: ProjectRecord = {
      id: 1,
      designerId: 1,
      name: 'Game',
      isLocked: false,
      genre: 'Party',
      theme: null,
      createdAt: new Date(),
      updatedAt: new Date(),
    };
    const changed = assignProjectFields(project, projectChangeBody.parse({ genre: 'Party', theme: 'Space', catalog_id: 42, min_age: undefined }));
    expect(changed).toEqual(['theme', 'catalog_id']);
    expect(project).toMatchObject({ name: 'Game', genre: 'Party', theme: 'Space', catalogId: '42' });
  });
});
