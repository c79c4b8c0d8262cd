import busboy from 'busboy';
import type { Context } from 'koa';
import { Problem } from '@boardsync/kit';
import { SNIFF_BYTES } from '../domain/media-type.ts';
import type { Scratch } from '../spool/scratch.ts';
import { ByteCap } from '../spool/byte-cap.ts';
import { FileTooLarge, spool, type SpooledFile } from '../spool/spool.ts';
import { answerFor, payloadTooLarge } from '../use-cases/adapter-answers.ts';
import { uploadForm } from './requests.ts';

export interface ReceivedUpload {
  file: SpooledFile;
  /** The name the client gave the part; only a starting point for the stored name. */
  filename: string | undefined;
  fields: Record<string, string>;
}

/** Room for the part headers and the two boolean fields around a file at the limit. */
const ENVELOPE_BYTES = 64 * 1024;
/** The form's fields beside the file part, as the contract lists them: the conversion flags. */
const FIELD_NAMES = new Set(Object.keys(uploadForm.shape).filter((name) => name !== 'file'));

function invalidMultipart(detail: string): Problem {
  return new Problem({ status: 400, code: 'invalid_multipart', detail: `The multipart body is malformed: ${detail}`, headers: { Connection: 'close' } });
}

/**
 * Streams a `multipart/form-data` upload to a scratch file: the image in the part named `file`,
 * the conversion flags as fields. Never more than a few chunks in memory; the moment the file
 * passes `maxBytes` the request is answered 413 and its connection closed, unread.
 */
export async function receiveUpload(ctx: Context, scratch: Scratch, maxBytes: number): Promise<ReceivedUpload> {
  if (!ctx.is('multipart/form-data')) {
    throw new Problem({
      status: 415,
      code: 'unsupported_media_type',
      detail: 'Send the image as multipart/form-data, in a part named "file".',
    });
  }
  const declared = Number(ctx.get('content-length') || Number.NaN);
  if (declared > maxBytes + ENVELOPE_BYTES) throw payloadTooLarge(new FileTooLarge(maxBytes));

  const path = scratch.newPath();
  const request = ctx.req;
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: request.headers,
      defParamCharset: 'utf8',
      limits: { files: 1, fields: 10, fieldSize: 256, fieldNameSize: 100, parts: 12, headerPairs: 20 },
    });
  } catch (error) {
    throw invalidMultipart(error instanceof Error ? error.message : 'unreadable Content-Type');
  }
  try {
    return await new Promise<ReceivedUpload>((resolve, reject) => {
      const fields: Record<string, string> = {};
      let filename: string | undefined;
      let spooling: Promise<SpooledFile> | undefined;
      // Destroying busboy's part stream alone can leave the spool's pipeline pending forever (a part
      // ended but not yet read, as when a second file part follows): abort the whole pipeline.
      const spoolAbort = new AbortController();
      // The whole body, not only the file: preamble and epilogue count too.
      const meter = new ByteCap(maxBytes + ENVELOPE_BYTES, () => new FileTooLarge(maxBytes));
      const fail = (failure: unknown): void => {
        // Stop reading: the rest of the body is never consumed, and the answer closes the connection.
        request.unpipe(meter);
        meter.unpipe(parser);
        parser.removeAllListeners('file');
        spoolAbort.abort();
        const answer = answerFor(failure);
        const refusal = answer instanceof Problem ? answer : invalidMultipart(failure instanceof Error ? failure.message : 'unreadable');
        refusal.headers.Connection = 'close';
        // The spool's file is removed only once its stream let go of it (else a late open leaves it behind).
        void (spooling ?? Promise.resolve())
          .catch(() => undefined)
          .finally(() => {
            reject(refusal);
          });
      };
      parser.on('file', (name, stream, info) => {
        if (name !== 'file' || spooling) {
          stream.resume();
          fail(Problem.validation({ [name]: ['unexpected file part; send exactly one image, in the part named "file"'] }));
          return;
        }
        filename = info.filename;
        spooling = spool(stream, path, maxBytes, SNIFF_BYTES, spoolAbort.signal);
        spooling.catch(fail);
      });
      parser.on('field', (name, value, info) => {
        if (!FIELD_NAMES.has(name)) {
          fail(
            Problem.validation({ [name]: [`is not a field of this form: it takes "file", ${[...FIELD_NAMES].map((field) => `"${field}"`).join(' and ')}`] }),
          );
          return;
        }
        if (info.valueTruncated) fail(Problem.validation({ [name]: ['must be true or false'] }));
        else fields[name] = value;
      });
      parser.on('partsLimit', () => {
        fail(Problem.validation({ body: ['too many parts: send the image in "file" and at most the two conversion flags'] }));
      });
      parser.on('filesLimit', () => {
        fail(Problem.validation({ file: ['send exactly one file'] }));
      });
      parser.on('fieldsLimit', () => {
        fail(Problem.validation({ body: ['too many fields'] }));
      });
      parser.on('error', fail);
      parser.on('close', () => {
        if (!spooling) {
          fail(Problem.validation({ file: ['is required: the image, in a multipart part named "file"'] }));
          return;
        }
        spooling.then((file) => {
          resolve({ file, filename, fields });
        }, fail);
      });
      request.on('close', () => {
        if (!request.complete) fail(invalidMultipart('the client went away mid-upload'));
      });
      meter.on('error', fail);
      request.pipe(meter).pipe(parser);
    });
  } catch (error) {
    await scratch.remove(path);
    throw error;
  }
}
