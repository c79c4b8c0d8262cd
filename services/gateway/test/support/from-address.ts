import { request } from 'node:http';

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
}

/** GETs from another loopback address (all of 127.0.0.0/8 is local), so per-IP budgets can be told apart. */
export function getFrom(localAddress: string, url: string, authorization?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = request(url, { localAddress, headers: authorization === undefined ? {} : { authorization } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => {
        const text = Buffer.concat(chunks).toString();
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text === '' ? undefined : (JSON.parse(text) as unknown) });
      });
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}
