/**
 * Bytes as Web APIs take them (`BufferSource`, `BlobPart`): the same view when it lies on an
 * ordinary ArrayBuffer, a copy only when it lies in shared memory.
 */
export function ownBytes(bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  return bytes.buffer instanceof ArrayBuffer ? (bytes as Uint8Array<ArrayBuffer>) : new Uint8Array(bytes);
}
