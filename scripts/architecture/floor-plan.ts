/**
 * The house plan, declared once: every folder (and top-level file) of every service's `src/` on
 * its floor. A file may import from its own floor and the floors below it, never from one above.
 * dependency-cruiser enforces it (`.dependency-cruiser.mjs`, `npm run lint`), ESLint bans the
 * named imports a floor may not use (`eslint.config.js`), and `tests/architecture.spec.ts` checks
 * that nothing in a `src/` is missing from this table. docs/architecture.md explains each floor.
 */

/** Bottom to top. */
export const FLOORS = [
  /** Rules with no I/O: what is valid, what follows from what. No ORM, no HTTP answers, no Koa. */
  'domain',
  /** The environment read into typed settings. */
  'settings',
  /** What the use cases drive: persistence, object storage, outbound HTTP, image and SVG engines, counters. No HTTP answers, no events enqueued. */
  'adapters',
  /** One operation each: validate → one transaction → outbox events → a result; turns a broken rule into an HTTP answer. No Koa. */
  'use-cases',
  /** What drives the use cases: HTTP routes and middleware, Kafka consumers, background workers, the CLI. */
  'edges',
  /** What the service is made of, on one screen. */
  'wiring',
  /** The process: main.ts (started after tracing, by `node --import`) and the package's index. */
  'entry',
] as const;

export type Floor = (typeof FLOORS)[number];

const entry = { 'main.ts': 'entry', 'index.ts': 'entry', 'service.ts': 'wiring', 'config.ts': 'settings' } as const;

/** Each service's `src/` entries (folders and top-level files) by floor. */
export const SERVICE_FLOORS: Record<string, Record<string, Floor>> = {
  gateway: {
    ...entry,
    /** The route table `npm run contract` writes from the services' operations, read at start. */
    'api-routes.ts': 'settings',
    domain: 'domain',
    introspection: 'adapters',
    'rate-limit': 'adapters',
    'use-cases': 'use-cases',
    proxy: 'edges',
    request: 'edges',
    http: 'edges',
    events: 'edges',
  },
  auth: {
    ...entry,
    domain: 'domain',
    store: 'adapters',
    throttles: 'adapters',
    outbound: 'adapters',
    'use-cases': 'use-cases',
    http: 'edges',
    oauth: 'edges',
    cli: 'edges',
  },
  catalog: {
    ...entry,
    domain: 'domain',
    store: 'adapters',
    'use-cases': 'use-cases',
    http: 'edges',
    events: 'edges',
    workers: 'edges',
  },
  asset: {
    ...entry,
    domain: 'domain',
    store: 'adapters',
    'object-storage': 'adapters',
    media: 'adapters',
    spool: 'adapters',
    outbound: 'adapters',
    'use-cases': 'use-cases',
    http: 'edges',
    events: 'edges',
    workers: 'edges',
  },
  webhook: {
    ...entry,
    domain: 'domain',
    store: 'adapters',
    outbound: 'adapters',
    'use-cases': 'use-cases',
    http: 'edges',
    events: 'edges',
    workers: 'edges',
  },
};

/**
 * The kit's public entry points (its package.json `exports`, every one of them), each with the
 * lowest floor that may import it. An entry re-exports no entry of a higher floor
 * (tests/architecture.spec.ts): the index carries the database layer, so rules and settings take
 * `@boardsync/kit/core`.
 */
export const KIT_ENTRIES: Record<string, Floor> = {
  '@boardsync/kit': 'adapters',
  '@boardsync/kit/core': 'domain',
  '@boardsync/kit/database': 'adapters',
  '@boardsync/kit/outbound': 'adapters',
  '@boardsync/kit/peer-requests': 'adapters',
  '@boardsync/kit/redis': 'adapters',
  '@boardsync/kit/contract': 'edges',
  '@boardsync/kit/metrics': 'adapters',
  '@boardsync/kit/telemetry': 'adapters',
  '@boardsync/kit/telemetry/start-tracing': 'entry',
  '@boardsync/kit/telemetry/register': 'entry',
  '@boardsync/kit/testing': 'entry',
};

/** Named imports of the kit and packages a floor may not use, with why. */
export const FLOOR_BANS: { below: Floor; names?: readonly string[]; packages?: RegExp; why: string }[] = [
  {
    below: 'use-cases',
    names: ['Problem'],
    why: 'a rule or an adapter says what went wrong; the use case turns it into an HTTP answer (a Problem)',
  },
  { below: 'use-cases', names: ['enqueueEvents'], why: 'the use case enqueues the events of its transaction' },
  { below: 'edges', packages: /^(koa|koa-body|@koa\/router)$/, why: 'only the edges speak HTTP' },
  { below: 'adapters', packages: /^@mikro-orm\//, why: 'rules have no I/O and know no ORM entities' },
];

export const floorIndex = (floor: Floor): number => FLOORS.indexOf(floor);
