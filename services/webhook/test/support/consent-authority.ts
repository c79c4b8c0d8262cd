import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { INTERNAL_PRINCIPAL_HEADER, verifyPrincipalToken } from '@boardsync/kit';

/**
 * Auth's consent question (`GET /internal/designers/{id}/consents`) as the webhook service alone
 * meets it in these suites: every consent stands until the test withdraws it, and the principal
 * must be one signed with the shared secret for that very designer. Revocation end to end, with
 * the real auth service, is tests/consent.spec.ts.
 */
export class ConsentAuthority {
  private server: Server | undefined;
  private readonly withdrawn = new Set<string>();
  /** Questions answered, per designer. */
  readonly asked = new Map<number, number>();
  /** While set, every question is answered 503 (auth down). */
  unavailable = false;

  private readonly principalSecret: string;

  constructor(principalSecret: string) {
    this.principalSecret = principalSecret;
  }

  async start(): Promise<string> {
    this.server = createServer((request, response) => {
      void this.answer(request.url ?? '/', request.headers[INTERNAL_PRINCIPAL_HEADER.toLowerCase()]).then(({ status, body }) => {
        response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${String((this.server.address() as AddressInfo).port)}`;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise((resolve) => this.server?.close(resolve));
  }

  withdraw(designerId: number, registrant: string): void {
    this.withdrawn.add(`${String(designerId)} ${registrant}`);
  }

  private async answer(path: string, principal: string | string[] | undefined): Promise<{ status: number; body: unknown }> {
    if (this.unavailable) return { status: 503, body: {} };
    const url = new URL(path, 'http://authority');
    const designerId = Number(/^\/internal\/designers\/(\d+)\/consents$/.exec(url.pathname)?.[1]);
    if (!designerId || typeof principal !== 'string') return { status: 404, body: {} };
    try {
      if ((await verifyPrincipalToken(principal, this.principalSecret)).designerId !== designerId) return { status: 404, body: {} };
    } catch {
      return { status: 401, body: {} };
    }
    this.asked.set(designerId, (this.asked.get(designerId) ?? 0) + 1);
    const standing = url.searchParams.getAll('credential').filter((name) => !this.withdrawn.has(`${String(designerId)} ${name}`));
    return { status: 200, body: { standing } };
  }
}
