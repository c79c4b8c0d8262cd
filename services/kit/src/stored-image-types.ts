import { extname } from 'node:path/posix';

/**
 * The content type of a stored artwork file, by its extension; undefined for anything else. The
 * asset service's directory store types files this way and the gateway serves them by it, so the
 * two can never disagree about what a file is.
 */
const IMAGE_TYPES: Readonly<Record<string, string>> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.svg': 'image/svg+xml',
};

export function storedImageTypeOf(key: string): string | undefined {
  return IMAGE_TYPES[extname(key).toLowerCase()];
}
