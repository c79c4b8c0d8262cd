import { createHmac, timingSafeEqual } from 'node:crypto';
import { LRUCache } from 'lru-cache';

/**
 * A position in one designer's feed, opaque to callers: `{designer}.{seq}` with a MAC, base64url.
 * The MAC makes a made-up or altered cursor refused rather than read; the designer in it makes one
 * from another account refused rather than read as a position in the caller's own feed.
 */
export interface CursorPosition {
  designerId: number;
  seq: number;
}

const MAC_BYTES = 12;
/** Cursors made lately: a change sent to a thousand streams of its designer is one MAC, not a thousand. */
const RECENT_CURSORS = 10_000;

export class CursorCodec {
  private readonly key: Buffer;
  private readonly recent = new LRUCache<string, string>({ max: RECENT_CURSORS });

  constructor(secret: string) {
    this.key = createHmac('sha256', secret).update('boardsync changes cursor v1').digest();
  }

  encode(position: CursorPosition): string {
    const body = `${String(position.designerId)}.${String(position.seq)}`;
    let cursor = this.recent.get(body);
    if (cursor === undefined) this.recent.set(body, (cursor = Buffer.concat([Buffer.from(body), this.mac(body)]).toString('base64url')));
    return cursor;
  }

  /** The position, or undefined for anything this codec did not write. */
  decode(cursor: string): CursorPosition | undefined {
    if (cursor.length > 128 || !/^[A-Za-z0-9_-]+$/.test(cursor)) return undefined;
    const bytes = Buffer.from(cursor, 'base64url');
    if (bytes.length <= MAC_BYTES) return undefined;
    const body = bytes.subarray(0, bytes.length - MAC_BYTES).toString('latin1');
    const mac = bytes.subarray(bytes.length - MAC_BYTES);
    if (!timingSafeEqual(mac, this.mac(body))) return undefined;
    const match = /^(\d{1,15})\.(\d{1,15})$/.exec(body);
    if (!match) return undefined;
    return { designerId: Number(match[1]), seq: Number(match[2]) };
  }

  private mac(body: string): Buffer {
    return createHmac('sha256', this.key).update(body).digest().subarray(0, MAC_BYTES);
  }
}
