import { z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { ContentUpload } from '../content/index.js';
import { HttpError } from '../http/http-error.js';
import { malformedTextRefusal } from '../http/refuse-malformed-text.js';
import { malformedTextProblem } from '../text/find-malformed-text.js';

const fileSchema = z
  .custom<File>((value) => value instanceof File, 'a file')
  .openapi({ type: 'string', format: 'binary' });
const binarySchema = z.string().openapi({ type: 'string', format: 'binary' });

/** The request body of an upload route: multipart with a `file` field, or the raw bytes. */
export const uploadRequestBody = {
  required: false,
  content: {
    'multipart/form-data': { schema: z.object({ file: fileSchema }) },
    'application/zip': { schema: binarySchema },
    'application/gzip': { schema: binarySchema },
    'application/octet-stream': { schema: binarySchema },
  },
} as const;

/** The `?fileName=` of a raw upload (shown, never used as a path). */
export const uploadQuerySchema = z.object({ fileName: z.string().max(255).optional() }).strict();

/**
 * The uploaded file of a request: the `file` field of a multipart body, or the raw body named by
 * `fileName`. The body limits (`bodyLimits`) have capped its size already.
 * @throws HttpError 400 `invalid_request` for a multipart body without a file field.
 */
export async function readUploadBody(c: Context, fileName: string | undefined): Promise<ContentUpload> {
  if (/^multipart\/form-data/i.test(c.req.header('content-type') ?? '')) {
    const form = await c.req.parseBody();
    const file = form.file;
    if (!(file instanceof File))
      throw new HttpError(400, 'invalid_request', 'Send the upload in a multipart field named file');
    // The one text rule of every input (SPEC SEC11): a file name is stored and shown.
    const problem = malformedTextProblem(file.name);
    if (problem !== undefined) throw malformedTextRefusal('file', problem);
    return { fileName: file.name, bytes: new Uint8Array(await file.arrayBuffer()) };
  }
  return { fileName: fileName ?? 'upload', bytes: new Uint8Array(await c.req.arrayBuffer()) };
}
