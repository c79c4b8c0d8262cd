import { sniffMediaType, type MediaKind } from '../domain/media-type.ts';
import { mediaProblems } from './media-errors.ts';

/** What the bytes are, never what the name or the declared type say; 415 for anything but the six image types. */
export function sniffedKind(head: Buffer): MediaKind {
  const kind = sniffMediaType(head);
  if (!kind) throw mediaProblems.notAnImage();
  return kind;
}
