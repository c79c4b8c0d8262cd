// The webhook test vectors every verifier of ours is held to (the TypeScript client, the Python
// client, docs/examples/webhook-receiver.ts): deliveries signed by the webhook service's own code,
// then tampered with, aged or mangled. Written by `npm run contract` into clients/webhook-test-vectors.json.
import { deliveryBody } from '../../services/webhook/src/domain/envelope.ts';
import { signedHeaders, standardSignature } from '../../services/webhook/src/domain/signature.ts';

export const WEBHOOK_VECTORS_FILE = new URL('../../clients/webhook-test-vectors.json', import.meta.url);

export interface WebhookVector {
  name: string;
  secret: string;
  headers: Record<string, string>;
  /** The body exactly as sent (UTF-8). */
  body: string;
  /** Unix seconds the verifier is to take as now; the tolerance is the default 300 s. */
  now: number;
  /** Whether a verifier accepts the delivery; when it does, the event it returns has this `id`. */
  valid: boolean;
  id?: string;
}

const SECRET = `whsec_${Buffer.from(Array.from({ length: 32 }, (_, index) => index)).toString('base64')}`;
const OTHER_SECRET = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;
const ID = '5b0c7a4e-2f1d-4e8a-9c3b-6d7e8f901a2b';
const NOW = 1_790_000_000;
const EVENT = 'project.updated';
const BODY = deliveryBody({ deliveryId: ID, event: EVENT, createdAt: new Date((NOW - 2) * 1000), data: { project_id: 7, changed: ['name'] } });

type Scheme = 'both' | 'svc' | 'standard';

interface Delivery {
  body?: string;
  timestamp?: number;
  secret?: string;
  deliveryId?: string;
  scheme?: Scheme;
  /** Headers set over the signed ones, after signing. */
  over?: Record<string, string>;
}

/** Headers as the service signs them, with only the named scheme's kept (Content-Type and X-SVC-Event always). */
function signed({ body = BODY, timestamp = NOW, secret = SECRET, deliveryId = ID, scheme = 'both', over = {} }: Delivery = {}): Record<string, string> {
  const all: Record<string, string> = { ...signedHeaders({ secret, deliveryId, event: EVENT, timestamp, rawBody: body }) };
  const kept = Object.entries(all).filter(([name]) => {
    const lower = name.toLowerCase();
    if (lower.startsWith('x-svc-') && lower !== 'x-svc-event') return scheme !== 'standard';
    if (lower.startsWith('webhook-')) return scheme !== 'svc';
    return true;
  });
  return { ...Object.fromEntries(kept), ...over };
}

const good = (name: string, headers: Record<string, string>, body = BODY, now = NOW): WebhookVector => ({
  name,
  secret: SECRET,
  headers,
  body,
  now,
  valid: true,
  id: ID,
});
const bad = (name: string, headers: Record<string, string>, body = BODY, now = NOW): WebhookVector => ({
  name,
  secret: SECRET,
  headers,
  body,
  now,
  valid: false,
});

/** The signature with its 20th character changed to another digit (as hex and as base64, whatever the letter case). */
const tampered = (signature: string): string => `${signature.slice(0, 19)}${signature[19] === '0' ? '1' : '0'}${signature.slice(20)}`;

export function webhookVectors(): WebhookVector[] {
  const both = signed();
  const svcOnly = signed({ scheme: 'svc' });
  const standardOnly = signed({ scheme: 'standard' });
  const accented = BODY.replace('"changed":["name"]', '"changed":["name"],"name":"Ölberg — Zwölf Würfel 🎲"');
  return [
    good('both schemes, as the service sends them', both),
    good('X-SVC headers only', svcOnly),
    good('Standard Webhooks headers only', standardOnly),
    good('Standard Webhooks, a rotated key’s signature listed first', {
      ...standardOnly,
      'webhook-signature': `${standardSignature(OTHER_SECRET, ID, NOW, BODY)} ${standardOnly['webhook-signature'] ?? ''}`,
    }),
    good('a body with non-ASCII text, signed as its UTF-8 bytes', signed({ body: accented }), accented),
    good('signed 299 s before now', signed({ timestamp: NOW - 299 })),
    bad('the body changed after signing', both, BODY.replace('"project_id":7', '"project_id":8')),
    bad('X-SVC-Signature with one digit changed', { ...svcOnly, 'X-SVC-Signature': tampered(svcOnly['X-SVC-Signature'] ?? '') }),
    bad('webhook-signature with one character changed', { ...standardOnly, 'webhook-signature': tampered(standardOnly['webhook-signature'] ?? '') }),
    bad('signed with another secret', signed({ secret: OTHER_SECRET })),
    bad('signed 301 s before now (expired)', signed({ timestamp: NOW - 301 })),
    bad('signed 301 s after now', signed({ timestamp: NOW + 301 })),
    bad('no signature header at all', { 'Content-Type': 'application/json', 'X-SVC-Timestamp': String(NOW), 'X-SVC-Delivery': ID }),
    bad('X-SVC-Timestamp not digits', { ...svcOnly, 'X-SVC-Timestamp': `${String(NOW).slice(0, -1)}x` }),
    bad('X-SVC-Timestamp in Arabic-Indic digits', { ...svcOnly, 'X-SVC-Timestamp': arabicIndic(NOW) }),
    bad('webhook-timestamp in superscript digits', { ...standardOnly, 'webhook-timestamp': '¹⁷⁹⁰⁰⁰⁰⁰⁰⁰' }),
    bad('X-SVC-Signature with non-ASCII characters', { ...svcOnly, 'X-SVC-Signature': `sha256=é${(svcOnly['X-SVC-Signature'] ?? '').slice(8)}` }),
    bad('webhook-signature that is not base64', { ...standardOnly, 'webhook-signature': 'v1,@@not-base64@@' }),
    bad('webhook-id with non-ASCII characters', signed({ scheme: 'standard', deliveryId: 'lieferung-ü' })),
    bad('a body that is not JSON, correctly signed', signed({ body: 'not json' }), 'not json'),
    bad('X-SVC-Delivery naming another delivery than the body', signed({ scheme: 'svc', over: { 'X-SVC-Delivery': 'another-delivery' } })),
    bad('webhook-id naming another delivery than the body, correctly signed', signed({ scheme: 'standard', deliveryId: 'another-delivery' })),
  ];
}

function arabicIndic(value: number): string {
  return String(value).replace(/\d/g, (digit) => String.fromCodePoint(0x0660 + Number(digit)));
}
