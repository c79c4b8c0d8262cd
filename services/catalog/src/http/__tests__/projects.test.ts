import { describe, expect, it } from '@jest/globals';
import { openApiDocument } from '@boardsync/kit/contract';
import { projectOperations } from '../projects.ts';
import { projectEnvelope } from '../project-schemas.ts';
import { presentProject } from '../project-presenter.ts';
import { Project } from '../../store/entities/project.ts';

describe('the projects operations', () => {
  it('make a valid part of the contract', () => {
    expect(() => openApiDocument(projectOperations, { title: 't', version: '1', description: 'd', serverUrl: 'http://localhost:8080' })).not.toThrow();
  });

  it('answer with what the presenter builds: a presented project parses under its schema', () => {
    const project = Object.assign(new Project(), {
      id: 7,
      designerId: 1,
      name: 'Game',
      isLocked: false,
      catalogId: '12',
      createdAt: new Date('2026-01-01T00:00:00Z'),
      updatedAt: new Date('2026-01-02T00:00:00Z'),
    });
    expect(projectEnvelope.parse({ data: presentProject(project, 3) }).data).toMatchObject({
      id: 7,
      name: 'Game',
      catalog_id: '12',
      component_count: 3,
      genre: null,
    });
  });
});
