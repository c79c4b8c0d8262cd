import { randomBytes } from 'node:crypto';
import { MEDIA, type MediaKind } from './media-type.ts';

/**
 * Where an asset lives: `designers/{designer}/projects/{project}/{token}/{name}`. The random token
 * keeps two uploads of `card.png` apart (a component's URL never starts showing other artwork),
 * and the name stays last so the URL ends in a readable filename. Avatars and anything else a
 * designer owns sit beside `projects/`, never inside a project's folder.
 */
export interface AssetOwner {
  designerId: number;
  projectId: number;
}

const TOKEN_BYTES = 8;
const NAME_MAX = 100;
const KEY_IN_FOLDER = /^[0-9a-f]{16}\/[A-Za-z0-9][A-Za-z0-9._-]{0,119}$/;

export function projectFolder({ designerId, projectId }: AssetOwner): string {
  return `designers/${String(designerId)}/projects/${String(projectId)}/`;
}

export function newAssetKey(owner: AssetOwner, name: string): string {
  return `${projectFolder(owner)}${randomBytes(TOKEN_BYTES).toString('hex')}/${name}`;
}

/** Whether `key` is one this service could have made in the project's folder (a delete reaches nothing else). */
export function isKeyInFolder(owner: AssetOwner, key: string): boolean {
  const folder = projectFolder(owner);
  return key.length <= 1024 && key.startsWith(folder) && KEY_IN_FOLDER.test(key.slice(folder.length));
}

/**
 * The stored filename: the caller's name reduced to safe characters (no path, no dots leading),
 * its extension replaced by the one of what was actually stored (`card.png` converted → `card.webp`).
 */
export function storedName(original: string | undefined, kind: MediaKind): string {
  const base = (original ?? '').split(/[/\\]/).pop() ?? '';
  const stem = base.includes('.') ? base.slice(0, base.lastIndexOf('.')) : base;
  const safe = stem
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^[-._]+|[-._]+$/g, '')
    .slice(0, NAME_MAX)
    .replace(/[-._]+$/g, '');
  return `${safe === '' ? 'image' : safe}${MEDIA[kind].extension}`;
}

/** The last path segment of a URL, as a name to start from (`…/art/card.png?x=1` → `card.png`). */
export function nameFromUrl(url: string): string | undefined {
  try {
    const last = new URL(url).pathname.split('/').pop();
    return last ? decodeURIComponent(last) : undefined;
  } catch {
    return undefined;
  }
}

/** An asset's public URL: the configured base (CDN, bucket endpoint, or the gateway's /assets) and the key. */
export function publicUrlOf(publicBaseUrl: string, key: string): string {
  return `${publicBaseUrl.replace(/\/+$/, '')}/${key}`;
}
