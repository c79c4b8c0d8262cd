import { readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { API_PREFIX, describeScope } from '@boardsync/kit';
import { API_ROUTES_FILE, AUTH_PAGES, DOCUMENT_FILE } from '@boardsync/gateway';
import { API_OPERATIONS, apiRoutes, publicContract } from '../scripts/contract/public-contract.ts';

/**
 * Auth's pages a person uses in a browser (sign-in, settings): reached through the gateway, but no
 * part of the contract a tool builds against. Every other auth page must be in the document.
 */
const PERSON_PAGES = [
  '/login',
  '/logout',
  '/settings',
  '/settings/tokens',
  '/settings/tokens/:id/revoke',
  '/settings/apps',
  '/settings/connected/:appId/revoke',
  '/settings/webhooks/:id/delete',
];

const key = ({ method, path }: { method: string; path: string }): string => `${method} ${path}`;
const document = publicContract() as { paths: Record<string, Record<string, unknown>> };
const documentedPaths = Object.keys(document.paths);
const openApiPath = (path: string): string => path.replace(/:([A-Za-z]+)/g, '{$1}');

describe('the public contract', () => {
  it('is the route table the gateway routes by, one row per operation (npm run contract writes it)', () => {
    expect(JSON.parse(readFileSync(API_ROUTES_FILE, 'utf8'))).toEqual(apiRoutes());
    const described = API_OPERATIONS.map(key);
    expect(new Set(described).size).toBe(described.length);
  });

  it('documents every page of auth the gateway exposes, but the ones a person uses in a browser', () => {
    const undocumented = AUTH_PAGES.filter((page) => !PERSON_PAGES.includes(page) && !documentedPaths.includes(openApiPath(page)));
    expect(undocumented).toEqual([]);
    expect(PERSON_PAGES.filter((page) => !AUTH_PAGES.includes(page))).toEqual([]);
  });

  it('puts each API operation under /api/v1 once, with the scope its service enforces', () => {
    for (const rule of API_OPERATIONS) {
      const operation = document.paths[`${API_PREFIX}${openApiPath(rule.path)}`]?.[rule.method.toLowerCase()] as { 'x-required-scope': string } | undefined;
      expect([key(rule), operation?.['x-required-scope']]).toEqual([key(rule), describeScope(rule.scope)]);
    }
  });

  it('is the document the gateway serves (npm run contract writes it)', () => {
    expect(JSON.parse(readFileSync(DOCUMENT_FILE, 'utf8'))).toEqual(document);
  });

  it('shows examples of the resources, every request body and every webhook event, each valid by the schema it illustrates', () => {
    const illustrated: { where: string; schema: Record<string, unknown> }[] = [];
    const visit = (node: unknown, where: string): void => {
      if (!node || typeof node !== 'object') return;
      const object = node as Record<string, unknown>;
      if (Array.isArray(object.examples) && ('type' in object || 'properties' in object || '$ref' in object)) illustrated.push({ where, schema: object });
      for (const [key, value] of Object.entries(object)) visit(value, `${where}/${key}`);
    };
    visit(document, '#');
    const named = (document as unknown as { components: { schemas: Record<string, unknown> } }).components.schemas;
    const withExamples = Object.entries(named).filter(([, schema]) => Array.isArray((schema as { examples?: unknown }).examples));
    expect(withExamples.map(([name]) => name).sort()).toEqual(
      [
        'Account',
        'Asset',
        'Change',
        'Component',
        'Delivery',
        'DeliveryAttempt',
        'DeliveryDetail',
        'Group',
        'GroupMember',
        'MaskOption',
        'PageLinks',
        'PageMeta',
        'Problem',
        'Project',
        'RegisteredWebhook',
        'StoredAsset',
        'Webhook',
        'WriteResult',
      ].sort(),
    );
    // Every request body, of every media type, and every webhook event shows one example (validated below with the rest).
    type Body = { content: Record<string, { schema: { examples?: unknown[] } }> };
    const operations = Object.values(document.paths).flatMap((item) => Object.values(item)) as { operationId: string; requestBody?: Body }[];
    const bodies = operations.flatMap(({ operationId, requestBody }) =>
      Object.entries(requestBody?.content ?? {}).map(([mediaType, { schema }]) => [`${operationId} ${mediaType}`, schema.examples?.length ?? 0] as const),
    );
    expect(bodies.length).toBeGreaterThanOrEqual(15);
    expect(bodies.filter(([, examples]) => examples !== 1)).toEqual([]);
    const webhooks = (document as unknown as { webhooks: Record<string, { post: { requestBody: Body } }> }).webhooks;
    const events = Object.entries(webhooks).map(
      ([event, item]) => [event, item.post.requestBody.content['application/json']?.schema.examples?.length ?? 0] as const,
    );
    expect(events.length).toBe(3);
    expect(events.filter(([, examples]) => examples !== 1)).toEqual([]);

    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats.default(ajv);
    const refs = (schema: unknown): Record<string, unknown> =>
      JSON.parse(JSON.stringify(schema).replaceAll('"#/components/schemas/', '"contract#/$defs/')) as Record<string, unknown>;
    ajv.addSchema({ $id: 'contract', $defs: refs(named) });
    const invalid = illustrated.flatMap(({ where, schema }) => {
      const { examples, ...rest } = refs(schema);
      const validate = ajv.compile(rest);
      return (examples as unknown[]).flatMap((example, index) =>
        validate(example) ? [] : [`${where} example ${String(index)}: ${ajv.errorsText(validate.errors)}`],
      );
    });
    expect(illustrated.length).toBeGreaterThanOrEqual(30);
    expect(invalid).toEqual([]);
  });

  it('shows an example of every JSON answer, each valid by the schema it illustrates', () => {
    type Media = { schema?: Record<string, unknown>; example?: unknown };
    type Answer = { content?: Record<string, Media> };
    const full = document as unknown as { components: { schemas: Record<string, unknown>; responses: Record<string, Answer> } };
    const answers = [
      ...Object.values(document.paths).flatMap((item) =>
        Object.values(item).flatMap((operation) =>
          Object.entries((operation as { operationId: string; responses: Record<string, Answer> }).responses).map(
            ([status, answer]) => [`${(operation as { operationId: string }).operationId} ${status}`, answer] as const,
          ),
        ),
      ),
      ...Object.entries(full.components.responses).map(([name, answer]) => [name, answer] as const),
    ];
    const json = answers.flatMap(([where, answer]) =>
      Object.entries(answer.content ?? {})
        .filter(([mediaType]) => mediaType.includes('json'))
        .map(([mediaType, media]) => ({ where: `${where} ${mediaType}`, media })),
    );
    expect(json.length).toBeGreaterThanOrEqual(130);
    expect(json.filter(({ media }) => !('example' in media)).map(({ where }) => where)).toEqual([]);

    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats.default(ajv);
    const refs = (schema: unknown): Record<string, unknown> =>
      JSON.parse(JSON.stringify(schema).replaceAll('"#/components/schemas/', '"contract#/$defs/')) as Record<string, unknown>;
    ajv.addSchema({ $id: 'contract', $defs: refs(full.components.schemas) });
    const invalid = json.flatMap(({ where, media }) => {
      const validate = ajv.compile(refs(media.schema));
      return validate(media.example) ? [] : [`${where}: ${ajv.errorsText(validate.errors)}`];
    });
    expect(invalid).toEqual([]);
  });
});
