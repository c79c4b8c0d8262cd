import { ownBytes } from './bytes.ts';
import { refusal } from './refusals.ts';
import type { components } from './openapi.gen.ts';
import { withSignal, type CallOptions } from './call-options.ts';
import type { Transport } from './transport.ts';

export type StoredAsset = components['schemas']['StoredAsset'];

export interface StoreOptions extends CallOptions {
  /** Store a WebP or AVIF conversion instead of the bytes as sent (at most one). */
  convertTo?: 'webp' | 'avif';
  /**
   * Makes the upload safe to retry (the API answers the first 201 again and stores nothing twice).
   * A fresh UUID by default, so a 502, 503, 504 or lost answer is retried too; pass your own to carry it
   * across restarts of your tool.
   */
  idempotencyKey?: string;
}

export interface UploadFile {
  /** The image's bytes: JPEG, PNG, GIF, WebP, AVIF or SVG (judged by the bytes, not the name). */
  data: Blob | Uint8Array | ArrayBuffer;
  /** Starts the stored name. */
  filename: string;
}

interface UploadContext {
  transport: Transport;
  baseUrl: string;
}

/** `POST /projects/{project}/assets`: the image's bytes as multipart form data. */
export async function uploadAsset(context: UploadContext, project: number, file: UploadFile, options: StoreOptions = {}): Promise<StoredAsset> {
  const form = new FormData();
  const blob = file.data instanceof Blob ? file.data : new Blob([file.data instanceof ArrayBuffer ? file.data : ownBytes(file.data)]);
  form.set('file', blob, file.filename);
  if (options.convertTo === 'webp') form.set('convert_to_webp', 'true');
  if (options.convertTo === 'avif') form.set('convert_to_avif', 'true');
  return stored(context, `/api/v1/projects/${String(project)}/assets`, form, options);
}

/** `POST /projects/{project}/assets/from-url`: the service fetches a public http(s) URL and stores it. */
export async function mirrorAsset(context: UploadContext, project: number, url: string, options: StoreOptions = {}): Promise<StoredAsset> {
  const body = JSON.stringify({ url, convert_to_webp: options.convertTo === 'webp', convert_to_avif: options.convertTo === 'avif' });
  return stored(context, `/api/v1/projects/${String(project)}/assets/from-url`, body, options, 'application/json');
}

async function stored(context: UploadContext, path: string, body: FormData | string, options: StoreOptions, contentType?: string): Promise<StoredAsset> {
  const headers = new Headers({ accept: 'application/json', 'Idempotency-Key': options.idempotencyKey ?? crypto.randomUUID() });
  // FormData sets its own multipart content type, boundary included.
  if (contentType !== undefined) headers.set('content-type', contentType);
  const response = await context.transport(new Request(`${context.baseUrl}${path}`, { method: 'POST', headers, body, ...withSignal(options) }));
  if (!response.ok) throw await refusal(response);
  return (await response.json()) as StoredAsset;
}
