import { sniffMediaType, type MediaKind } from '../domain/media-type.ts';
import { mediaRejections } from './media-rejection.ts';

/** What the bytes are, never what the name or the declared type say; 415 for anything but the six image types. */
export function sniffedKind(head: Buffer): MediaKind {
  const kind = sniffMediaType(head);
  if (!kind) throw mediaRejections.notAnImage();
  return kind;
}
