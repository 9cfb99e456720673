import type { FastifyRequest } from 'fastify';
import { AVATAR_BYTES_MAX, AVATAR_SIDE_MAX, AVATAR_SIDE_MIN } from '@lobby/sdk';
import { BusinessError } from '../http/errors.js';
import { readUploadedFile } from '../http/uploads.js';
import { sniffImageType } from '../feedback/image-upload.js';

export type AvatarType = 'image/png' | 'image/jpeg' | 'image/webp';

export interface AvatarImage {
  bytes: Uint8Array;
  mediaType: AvatarType;
  width: number;
  height: number;
}

const u16be = (b: Uint8Array, at: number) => (b[at]! << 8) | b[at + 1]!;
const u16le = (b: Uint8Array, at: number) => b[at]! | (b[at + 1]! << 8);
const u24le = (b: Uint8Array, at: number) => b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16);
const u32be = (b: Uint8Array, at: number) => ((b[at]! << 24) >>> 0) + (b[at + 1]! << 16) + (b[at + 2]! << 8) + b[at + 3]!;
const tag = (b: Uint8Array, at: number) => String.fromCharCode(b[at]!, b[at + 1]!, b[at + 2]!, b[at + 3]!);

/** Width and height from a JPEG's first start-of-frame marker; undefined when none is found. */
function jpegSize(b: Uint8Array): { width: number; height: number } | undefined {
  let at = 2;
  while (at + 9 < b.length) {
    if (b[at] !== 0xff) return undefined;
    const marker = b[at + 1]!;
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) return { height: u16be(b, at + 5), width: u16be(b, at + 7) };
    at += 2 + u16be(b, at + 2);
  }
  return undefined;
}

/** Width and height from a WebP's VP8, VP8L or VP8X chunk. */
function webpSize(b: Uint8Array): { width: number; height: number } | undefined {
  if (b.length < 30) return undefined;
  const chunk = tag(b, 12);
  if (chunk === 'VP8 ' && b[23] === 0x9d && b[24] === 0x01 && b[25] === 0x2a) return { width: u16le(b, 26) & 0x3fff, height: u16le(b, 28) & 0x3fff };
  if (chunk === 'VP8L' && b[20] === 0x2f) {
    const bits = b[21]! | (b[22]! << 8) | (b[23]! << 16) | (b[24]! << 24);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8X') return { width: u24le(b, 24) + 1, height: u24le(b, 27) + 1 };
  return undefined;
}

/**
 * The pixel size an image's header declares (PNG IHDR, JPEG start of frame, WebP chunk),
 * or undefined when the header cannot be read.
 *
 * @example imageSize(pngBytes, 'image/png') // { width: 64, height: 64 }
 */
export function imageSize(bytes: Uint8Array, mediaType: AvatarType): { width: number; height: number } | undefined {
  if (mediaType === 'image/png') return bytes.length >= 24 && tag(bytes, 12) === 'IHDR' ? { width: u32be(bytes, 16), height: u32be(bytes, 20) } : undefined;
  if (mediaType === 'image/jpeg') return jpegSize(bytes);
  return webpSize(bytes);
}

/** Checks an avatar's bytes: PNG, JPEG or WebP by content, at most AVATAR_BYTES_MAX, each side AVATAR_SIDE_MIN..AVATAR_SIDE_MAX. */
export function checkAvatar(bytes: Uint8Array): AvatarImage {
  if (bytes.byteLength === 0) throw new BusinessError('avatarImageMissing', 'file: the image is empty');
  if (bytes.byteLength > AVATAR_BYTES_MAX) throw new BusinessError('avatarImageTooLarge', `file: at most ${AVATAR_BYTES_MAX} bytes`);
  const sniffed = sniffImageType(bytes);
  if (sniffed !== 'image/png' && sniffed !== 'image/jpeg' && sniffed !== 'image/webp') {
    throw new BusinessError('avatarImageType', 'file: only PNG, JPEG or WebP images, judged by their content');
  }
  const size = imageSize(bytes, sniffed);
  const sane = (side: number) => side >= AVATAR_SIDE_MIN && side <= AVATAR_SIDE_MAX;
  if (!size || !sane(size.width) || !sane(size.height)) {
    throw new BusinessError('avatarImageDimensions', `file: each side ${AVATAR_SIDE_MIN} to ${AVATAR_SIDE_MAX} pixels`);
  }
  return { bytes, mediaType: sniffed, ...size };
}

/** Reads the one file of a multipart avatar upload (part `file`) and checks it. */
export async function readAvatarUpload(request: FastifyRequest): Promise<AvatarImage> {
  return checkAvatar(await readUploadedFile(request, { missing: 'avatarImageMissing', tooLarge: 'avatarImageTooLarge', maxBytes: AVATAR_BYTES_MAX }));
}
