import type { FastifyRequest } from 'fastify';
import { FEEDBACK_IMAGE_BYTES_MAX, type FEEDBACK_IMAGE_TYPES } from '@lobby/sdk';
import { BusinessError } from '../http/errors.js';
import { readUploadedFile } from '../http/uploads.js';

export type ImageType = (typeof FEEDBACK_IMAGE_TYPES)[number];

const startsWith = (bytes: Uint8Array, prefix: readonly number[], at = 0) => prefix.every((byte, index) => bytes[at + index] === byte);
const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

/**
 * The image type a file's first bytes announce (PNG, JPEG, WebP, GIF), or undefined for
 * anything else. The name and the declared type of an upload are never trusted.
 *
 * @example sniffImageType(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) // 'image/png'
 */
export function sniffImageType(bytes: Uint8Array): ImageType | undefined {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'image/gif';
  if (bytes.length >= 12 && startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp';
  return undefined;
}

export interface UploadedImage {
  bytes: Uint8Array;
  mediaType: ImageType;
}

/**
 * Reads the one image of a multipart upload (part `file`), which the body parser kept
 * as a buffer: refuses a missing or extra file, one over FEEDBACK_IMAGE_BYTES_MAX and one
 * whose first bytes are not an accepted image.
 */
export async function readUploadedImage(request: FastifyRequest): Promise<UploadedImage> {
  const bytes = await readUploadedFile(request, { missing: 'feedbackImageMissing', tooLarge: 'feedbackImageTooLarge', maxBytes: FEEDBACK_IMAGE_BYTES_MAX });
  const mediaType = sniffImageType(bytes);
  if (!mediaType) throw new BusinessError('feedbackImageType', 'file: only PNG, JPEG, WebP or GIF images, judged by their content');
  return { bytes, mediaType };
}
