import type { OutsideApiOperation } from '@boardsync/kit/contract';
import { problemSchema } from '@boardsync/kit/contract';
import { z } from 'zod';
import { MEDIA } from '../domain/media-type.ts';

const segment = z.string().regex(/^[A-Za-z0-9_-][A-Za-z0-9._-]{0,254}$/);

/**
 * Stored artwork: an asset's `url`. Public and unauthenticated like a CDN's files; served by the
 * gateway in the embedded mode and by the bucket (ASSET_PUBLIC_URL) in a deployment, so this
 * describes the gateway's answers.
 */
export const artworkOperation: OutsideApiOperation = {
  method: 'GET',
  path: '/assets/designers/:designer/projects/:project/:token/:name',
  operationId: 'getArtwork',
  summary: 'Read a stored image by its public URL (an asset’s `url`)',
  tags: ['Assets'],
  access: 'anonymous',
  params: z.object({
    designer: z.string().regex(/^\d+$/),
    project: z.string().regex(/^\d+$/),
    token: z
      .string()
      .regex(/^[0-9a-f]{16}$/)
      .describe('Random per upload: two uploads of one name never share a URL.'),
    name: segment.describe('The stored filename; its extension names the format.'),
  }),
  responses: {
    200: {
      description: `The image, with \`Content-Security-Policy: sandbox\`, \`nosniff\` and a 5-minute public cache. One of: ${Object.values(MEDIA)
        .map((media) => media.contentType)
        .join(', ')}.`,
      schema: z.string().meta({ format: 'binary' }),
      mediaType: 'image/*',
      headers: { ETag: 'A weak validator: send it in If-None-Match.', 'Last-Modified': 'When the file was stored.' },
    },
    304: { description: 'Not modified since the ETag sent in If-None-Match.' },
    404: { description: 'No stored file at this address (`not_found`).', schema: problemSchema },
  },
};
