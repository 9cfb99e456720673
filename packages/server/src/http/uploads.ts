import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CodeName } from '@lobby/sdk';
import { BusinessError } from './errors.js';

/** How an upload is refused: the codes of a missing and a too large file, and the size limit. */
export interface UploadRule {
  missing: CodeName;
  tooLarge: CodeName;
  maxBytes: number;
}

/**
 * The bytes of the one file of a multipart upload (part `file`), which the body parser kept
 * as a buffer: refuses a missing, empty or extra file and one over `maxBytes`. What the bytes
 * are is the caller's check (sniff them; never trust the name or the declared type).
 *
 * @example const bytes = await readUploadedFile(request, { missing: 'feedbackImageMissing', tooLarge: 'feedbackImageTooLarge', maxBytes: 5_000_000 })
 */
export async function readUploadedFile(request: FastifyRequest, rule: UploadRule): Promise<Uint8Array> {
  const body = request.body;
  if (!(body instanceof Uint8Array) || body.byteLength === 0) throw new BusinessError(rule.missing, 'send the image as the multipart part "file"');
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(body), { headers: { 'content-type': String(request.headers['content-type'] ?? '') } }).formData();
  } catch {
    throw new BusinessError('invalidField', 'the multipart body cannot be read');
  }
  const files = form.getAll('file').filter((part): part is File => typeof part !== 'string');
  if (files.length === 0) throw new BusinessError(rule.missing, 'send the image as the multipart part "file"');
  if (files.length > 1) throw new BusinessError('invalidField', 'file: send one image per upload');
  const file = files[0]!;
  if (file.size === 0) throw new BusinessError(rule.missing, 'file: the image is empty');
  if (file.size > rule.maxBytes) throw new BusinessError(rule.tooLarge, `file: at most ${rule.maxBytes} bytes`);
  return new Uint8Array(await file.arrayBuffer());
}

/**
 * Sends a stored image reached by its unguessable URL (an <img> cannot sign a request):
 * private caching, and a sandboxing CSP so the bytes can never run as a page.
 */
export function sendStoredImage(reply: FastifyReply, image: { mediaType: string; bytes: Uint8Array }): FastifyReply {
  return reply
    .header('content-type', image.mediaType)
    .header('cache-control', 'private, max-age=86400, immutable')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('content-disposition', 'inline')
    .send(Buffer.from(image.bytes.buffer, image.bytes.byteOffset, image.bytes.byteLength));
}
