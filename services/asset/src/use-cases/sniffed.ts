import { Problem } from '@boardsync/kit';
import { sniffMediaType, type MediaKind } from '../domain/media-type.ts';

export function unsupportedMediaType(detail = 'The file is not a JPEG, PNG, GIF, WebP, AVIF or SVG image (judged by its bytes, not its name).'): Problem {
  return new Problem({ status: 415, code: 'unsupported_media_type', detail, extensions: { accepted: ['jpeg', 'png', 'gif', 'webp', 'avif', 'svg'] } });
}

/** What the bytes are, never what the name or the declared type say; 415 for anything but the six image types. */
export function sniffedKind(head: Buffer): MediaKind {
  const kind = sniffMediaType(head);
  if (!kind) throw unsupportedMediaType();
  return kind;
}
