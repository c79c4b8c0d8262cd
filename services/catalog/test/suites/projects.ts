import { describe, expect, it } from '@jest/globals';
import { eventually } from '@boardsync/kit/testing';
import type { CatalogWorld, Caller } from '../support/world.ts';

/** Run by a spec file per backend: the same rules must hold on Postgres + Kafka and in the embedded mode. */
export function projectSuite(world: CatalogWorld): void {
  interface ProjectBody {
    id: number;
    name: string;
    catalog_id: string | null;
    component_count: number;
    is_locked: boolean;
    [field: string]: unknown;
  }

  async function create(caller: Caller, body: Record<string, unknown>): Promise<ProjectBody> {
    const response = await world.call(caller, 'POST', '/api/v1/projects', body);
    expect(response.status).toBe(201);
    return ((await response.json()) as { data: ProjectBody }).data;
  }

  /** Events about one project seen on the real topic so far. */
  const eventsFor = (projectId: number) => world.events.filter((event) => event.event?.$case === 'projectUpdated' && event.event.value.projectId === projectId);

  describe('projects', () => {
    it('creates with 201 and every project field, catalog_id as a string, component_count 0', async () => {
      const me = { designerId: world.designer() };
      const project = await create(me, {
        name: '  Dragon Dice  ',
        short_description: 'Roll dragons',
        player_count_min: 2,
        player_count_max: 5,
        min_age: 10,
        playtime_minutes: 45,
        genre: 'Family',
        website_url: 'https://dragons.example',
        catalog_id: 12345,
        logo_url: 'https://ignored.example/logo.png',
        is_locked: true,
      });
      expect(project).toMatchObject({ name: 'Dragon Dice', catalog_id: '12345', component_count: 0, is_locked: false, logo_url: null, player_count_max: 5 });
      expect(Object.keys(project).sort()).toEqual(
        [
          'backdrop_url',
          'catalog_id',
          'component_count',
          'created_at',
          'description',
          'edition',
          'genre',
          'id',
          'is_locked',
          'logo_url',
          'min_age',
          'name',
          'player_count_max',
          'player_count_min',
          'playtime_minutes',
          'primary_mechanic',
          'short_description',
          'theme',
          'updated_at',
          'website_url',
        ].sort(),
      );
      const read = await world.call(me, 'GET', `/api/v1/projects/${String(project.id)}`);
      expect(((await read.json()) as { data: ProjectBody }).data).toEqual(project);
    });

    it.each([
      ['no name', {}, 'name'],
      ['a 256-character name', { name: 'x'.repeat(256) }, 'name'],
      ['a 501-character short_description', { name: 'ok', short_description: 'x'.repeat(501) }, 'short_description'],
      ['a 20001-character description', { name: 'ok', description: 'x'.repeat(20_001) }, 'description'],
      ['player_count_min 0', { name: 'ok', player_count_min: 0 }, 'player_count_min'],
      ['player_count_max 100', { name: 'ok', player_count_max: 100 }, 'player_count_max'],
      ['min_age 100', { name: 'ok', min_age: 100 }, 'min_age'],
      ['a fractional min_age', { name: 'ok', min_age: 2.5 }, 'min_age'],
      ['a javascript: website_url', { name: 'ok', website_url: 'javascript:alert(1)' }, 'website_url'],
      ['more minimum than maximum players', { name: 'ok', player_count_min: 4, player_count_max: 2 }, 'player_count_min'],
    ])('refuses %s with 422 naming the field, and creates nothing', async (_case, body, field) => {
      const me = { designerId: world.designer() };
      const response = await world.call(me, 'POST', '/api/v1/projects', body);
      expect(response.status).toBe(422);
      const problem = (await response.json()) as { code: string; errors: Record<string, string[]> };
      expect(problem.code).toBe('validation_failed');
      expect(Object.keys(problem.errors)).toContain(field);
      expect(((await (await world.call(me, 'GET', '/api/v1/projects')).json()) as { meta: { total: number } }).meta.total).toBe(0);
    });

    it('lists newest first, paginates with links that carry the page size, and clamps per_page', async () => {
      const me = { designerId: world.designer() };
      for (let index = 1; index <= 5; index += 1) await create(me, { name: `P${String(index)}` });
      const names: string[] = [];
      let next: string | null = '/api/v1/projects?per_page=2';
      let pages = 0;
      while (next) {
        const url: URL = new URL(next, world.url);
        const page = (await (await world.call(me, 'GET', `${url.pathname}${url.search}`)).json()) as {
          data: ProjectBody[];
          links: { next: string | null };
          meta: Record<string, unknown>;
        };
        names.push(...page.data.map((project) => project.name));
        if (pages === 0) {
          expect(page.meta).toMatchObject({
            current_page: 1,
            last_page: 3,
            per_page: 2,
            from: 1,
            to: 2,
            total: 5,
            path: 'https://api.boardsync.test/api/v1/projects',
          });
          expect(page.links.next).toBe('https://api.boardsync.test/api/v1/projects?per_page=2&page=2');
        }
        next = page.links.next;
        pages += 1;
      }
      expect(names).toEqual(['P5', 'P4', 'P3', 'P2', 'P1']);
      expect(pages).toBe(3);
      const clamped = (await (await world.call(me, 'GET', '/api/v1/projects?per_page=100000')).json()) as { meta: { per_page: number } };
      expect(clamped.meta.per_page).toBe(200);
      const beyond = (await (await world.call(me, 'GET', '/api/v1/projects?page=9')).json()) as {
        data: unknown[];
        meta: { from: number | null; total: number };
      };
      expect(beyond).toMatchObject({ data: [], meta: { from: null, total: 5 } });
    });

    it('another designer’s project is 404, the same as an absent one', async () => {
      const owner = { designerId: world.designer() };
      const stranger = { designerId: world.designer() };
      const project = await create(owner, { name: 'Mine' });
      for (const [method, body] of [
        ['GET', undefined],
        ['PATCH', { name: 'Yours' }],
      ] as const) {
        const response = await world.call(stranger, method, `/api/v1/projects/${String(project.id)}`, body);
        expect(response.status).toBe(404);
        expect(await response.json()).toMatchObject({ code: 'not_found' });
      }
      expect((await world.call(stranger, 'GET', '/api/v1/projects/99999999')).status).toBe(404);
      expect(((await (await world.call(stranger, 'GET', '/api/v1/projects')).json()) as { data: unknown[] }).data).toEqual([]);
    });

    it('refuses a create beyond the unlocked-project cap with 403 plan_limit_reached; a locked project frees a slot', async () => {
      const me = { designerId: world.designer(), unlockedLimit: 2 };
      const first = await create(me, { name: 'One' });
      await create(me, { name: 'Two' });
      const refused = await world.call(me, 'POST', '/api/v1/projects', { name: 'Three' });
      expect(refused.status).toBe(403);
      expect(await refused.json()).toMatchObject({ code: 'plan_limit_reached' });
      expect((await world.admin('POST', `/projects/${String(first.id)}/lock`)).status).toBe(200);
      await create(me, { name: 'Three' });
    });

    it('two creates racing for the last slot: exactly one wins', async () => {
      const me = { designerId: world.designer(), unlockedLimit: 1 };
      const answers = await Promise.all([1, 2, 3].map((index) => world.call(me, 'POST', '/api/v1/projects', { name: `Race ${String(index)}` })));
      expect(answers.map((answer) => answer.status).sort()).toEqual([201, 403, 403]);
    });

    it('PATCH leaves omitted fields, emits project.updated naming only the fields that changed, and nothing for a no-op', async () => {
      const me = { designerId: world.designer(), source: 'api:abc123' };
      const project = await create(me, { name: 'Patchable', genre: 'Party', theme: 'Space' });
      const path = `/api/v1/projects/${String(project.id)}`;
      const patched = await world.call(me, 'PATCH', path, { genre: 'Party', theme: 'Ocean', min_age: 8 });
      expect(patched.status).toBe(200);
      expect(((await patched.json()) as { data: ProjectBody }).data).toMatchObject({ name: 'Patchable', genre: 'Party', theme: 'Ocean', min_age: 8 });
      const event = await eventually(() => eventsFor(project.id)[0], 15_000, 'project.updated');
      expect(event).toMatchObject({ designerId: me.designerId, source: 'api:abc123', event: { $case: 'projectUpdated', value: { projectId: project.id } } });
      const changed = event.event?.$case === 'projectUpdated' ? [...event.event.value.changed].sort() : [];
      expect(changed).toEqual(['min_age', 'theme']);

      expect((await world.call(me, 'PATCH', path, { genre: 'Party', theme: 'Ocean' })).status).toBe(200);
      expect((await world.call(me, 'PATCH', path, {})).status).toBe(200);
      // A later change proves the relay ran past the no-ops: still exactly two events.
      await world.call(me, 'PATCH', path, { edition: 'Second' });
      await eventually(() => (eventsFor(project.id).length >= 2 ? true : undefined), 15_000, 'second project.updated');
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(eventsFor(project.id)).toHaveLength(2);
    });

    it('a locked project refuses PATCH with 409 project_locked and stays readable', async () => {
      const me = { designerId: world.designer() };
      const project = await create(me, { name: 'Locked' });
      await world.admin('POST', `/projects/${String(project.id)}/lock`);
      const refused = await world.call(me, 'PATCH', `/api/v1/projects/${String(project.id)}`, { name: 'Renamed' });
      expect(refused.status).toBe(409);
      expect(await refused.json()).toMatchObject({ code: 'project_locked' });
      expect(await (await world.call(me, 'GET', `/api/v1/projects/${String(project.id)}`)).json()).toMatchObject({ data: { name: 'Locked', is_locked: true } });
    });

    it('answers auth’s /me question with the caller’s own counts only', async () => {
      const me = { designerId: world.designer() };
      const project = await create(me, { name: 'Counted' });
      await create(me, { name: 'Counted too' });
      await world.admin('POST', `/projects/${String(project.id)}/lock`);
      const counts = await world.callInternal(me, 'GET', `/internal/designers/${String(me.designerId)}/project-counts`);
      expect(await counts.json()).toEqual({ count: 2, unlocked_count: 1 });
      expect((await world.callInternal(me, 'GET', `/internal/designers/${String(me.designerId + 1)}/project-counts`)).status).toBe(404);
      // Never on the listener the gateway proxies to.
      expect((await world.call(me, 'GET', `/internal/designers/${String(me.designerId)}/project-counts`)).status).toBe(404);
      expect((await world.call(me, 'POST', `/admin/projects/${String(project.id)}/unlock`)).status).toBe(404);
    });

    it('tells the asset service whether a project is the caller’s and whether it is locked, and nothing about anyone else’s', async () => {
      const me = { designerId: world.designer() };
      const other = { designerId: world.designer() };
      const project = await create(me, { name: 'Artwork' });
      const path = `/internal/projects/${String(project.id)}`;
      const facts = await world.callInternal(me, 'GET', path);
      expect(facts.status).toBe(200);
      expect(await facts.json()).toEqual({ id: project.id, is_locked: false });

      await world.admin('POST', `/projects/${String(project.id)}/lock`);
      expect(await (await world.callInternal(me, 'GET', path)).json()).toEqual({ id: project.id, is_locked: true });

      const theirs = await world.callInternal(other, 'GET', path);
      expect(theirs.status).toBe(404);
      expect(await theirs.json()).toMatchObject({ code: 'not_found' });
      for (const id of [String(project.id + 100_000), '0', '-1', 'abc', '1e3', '01', '2147483648', '99999999999999999999', '9007199254740993']) {
        expect({ id, status: (await world.callInternal(me, 'GET', `/internal/projects/${id}`)).status }).toEqual({ id, status: 404 });
      }
      expect((await fetch(`${world.internalUrl}${path}`)).status).toBe(401);
      // Never on the listener the gateway proxies to.
      expect((await world.call(me, 'GET', path)).status).toBe(404);
    });

    it('refuses calls without the gateway’s principal', async () => {
      expect((await fetch(`${world.url}/api/v1/projects`)).status).toBe(401);
    });
  });

  describe('masks', () => {
    it('lists none, the built-in library in default: form, and the designer’s own masks per kind', async () => {
      const me = { designerId: world.designer() };
      const created = await world.admin('POST', '/masks', { designer_id: me.designerId, kind: 'token', name: 'Meeple', aspect: '1:1' });
      expect(created.status).toBe(201);
      const mask = (await created.json()) as { value: string };
      expect(mask.value).toMatch(/^custom:\d+$/);
      expect((await world.admin('POST', '/masks', { designer_id: me.designerId, kind: 'card', name: ' meeple ' })).status).toBe(409);

      const masks = (await (await world.call(me, 'GET', '/api/v1/masks')).json()) as Record<
        'card' | 'token',
        { value: string; source: string; aspect: string | null; label: string }[]
      >;
      for (const kind of ['card', 'token'] as const) {
        const values = masks[kind].map((option) => option.value);
        expect(values).toContain('none');
        expect(values).toContain('default:rectangle');
        expect(values.every((value) => value !== '')).toBe(true);
      }
      expect(masks.card.map((option) => option.value)).toContain('default:diamond');
      expect(masks.token.map((option) => option.value)).not.toContain('default:diamond');
      expect(masks.token.map((option) => option.value)).toContain('default:hex_pointy');
      expect(masks.token).toContainEqual({ value: mask.value, label: 'Meeple', source: 'custom', aspect: '1:1' });
      expect(masks.card.map((option) => option.value)).not.toContain(mask.value);

      const other = (await (await world.call({ designerId: world.designer() }, 'GET', '/api/v1/masks')).json()) as Record<'token', { value: string }[]>;
      expect(other.token.map((option) => option.value)).not.toContain(mask.value);
    });
  });
}
