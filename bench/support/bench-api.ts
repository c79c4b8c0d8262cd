/** What the benchmarks send: JSON calls, the principal the gateway would sign, and cards. */
import { INTERNAL_PRINCIPAL_HEADER, issuePrincipalToken } from '@boardsync/kit/core';

/** A JSON request; anything but a 2xx answer fails the benchmark. */
export async function callJson(url: string, method: string, headers: Record<string, string>, body?: unknown): Promise<unknown> {
  const response = await fetch(url, {
    method,
    headers: { ...headers, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (response.status >= 300) throw new Error(`${method} ${url} answered ${String(response.status)}: ${await response.text()}`);
  return response.json();
}

export interface BenchCard {
  unique_id: string;
  name: string;
  quantity: number;
  color: string;
  image_url: string;
  card_mask_type: string;
  phys_width_in: number;
  phys_height_in: number;
  sort_order: number;
}

/** `count` cards as a card generator would write them: the page the read benchmarks fetch. */
export function pageOfCards(count: number): BenchCard[] {
  return Array.from({ length: count }, (_, index) => ({
    unique_id: `card-${String(index)}`,
    name: `Card ${String(index)}`,
    quantity: 1 + (index % 3),
    color: '#336699',
    image_url: `https://art.example/cards/${String(index)}.png`,
    card_mask_type: 'rectangle_rounded',
    phys_width_in: 2.5,
    phys_height_in: 3.5,
    sort_order: index,
  }));
}

/** A JSON call straight to a service, as `designerId` through `source` with `scopes`, signed as the gateway would (a fresh principal each call). */
export async function callAsDesigner(
  url: string,
  method: string,
  caller: { designerId: number; source?: string; scopes: string[]; secret: string },
  body?: unknown,
): Promise<unknown> {
  const principal = await issuePrincipalToken(
    {
      designerId: caller.designerId,
      source: caller.source ?? 'api:bench',
      scopes: caller.scopes,
      plan: { storageLimitBytes: 1e12, unlockedProjectLimit: null },
      requestId: 'bench',
    },
    caller.secret,
  );
  return callJson(url, method, { [INTERNAL_PRINCIPAL_HEADER]: principal }, body);
}

/** The principal the gateway would sign for a benchmark's designer calling the catalog directly: projects and components, read and write. */
export function benchPrincipal(designerId: number, secret: string): Promise<string> {
  return issuePrincipalToken(
    {
      designerId,
      source: 'api:bench',
      scopes: ['projects:write', 'components:read', 'components:write'],
      plan: { storageLimitBytes: 1e9, unlockedProjectLimit: null },
      requestId: 'bench',
    },
    secret,
  );
}
