/**
 * Turns a round's HMAC blocks into numbers: bytes are read in order, block 0 first, then
 * block 1 and so on; a uniform integer takes 4 bytes (big-endian) and is redrawn while it
 * falls in the incomplete last stretch of 2^32 (rejection, so no modulo bias).
 */

/** Where an engine reads a round's bytes from. */
export interface ByteSource {
  /** The next byte (0 to 255). */
  nextByte(): number;
}

/** Thrown by a byte source built on a fixed set of blocks when an engine needs more; `playRound` then computes more blocks. */
export class OutOfBytesError extends Error {
  constructor(readonly blocksUsed: number) {
    super(`the round needs more than ${blocksUsed} HMAC blocks`);
    this.name = 'OutOfBytesError';
  }
}

/**
 * A byte source reading block 0, 1, 2, ... as `block(cursor)` answers them (synchronously).
 * @example byteSourceFrom((cursor) => createHmac('sha256', seed).update(fairMessage(seeds, cursor)).digest())
 */
export function byteSourceFrom(block: (cursor: number) => Uint8Array): ByteSource {
  let cursor = 0;
  let current = block(0);
  let offset = 0;
  return {
    nextByte() {
      while (offset >= current.length) {
        cursor += 1;
        current = block(cursor);
        offset = 0;
      }
      const byte = current[offset] as number;
      offset += 1;
      return byte;
    },
  };
}

/** A byte source over blocks computed beforehand; reading past them throws `OutOfBytesError`. */
export function byteSourceOfBlocks(blocks: readonly Uint8Array[]): ByteSource {
  return byteSourceFrom((cursor) => {
    const found = blocks[cursor];
    if (!found) throw new OutOfBytesError(blocks.length);
    return found;
  });
}

const TWO_POW_32 = 0x1_0000_0000;

/**
 * A uniform integer in [0, bound), bound from 1 to 2^32, without modulo bias.
 * @example uniformInt(bytes, 6) + 1 // a die
 */
export function uniformInt(bytes: ByteSource, bound: number): number {
  if (!Number.isInteger(bound) || bound < 1 || bound > TWO_POW_32) throw new RangeError(`bound must be an integer from 1 to 2^32, got ${bound}`);
  const limit = TWO_POW_32 - (TWO_POW_32 % bound);
  for (;;) {
    const value = ((bytes.nextByte() << 24) >>> 0) + (bytes.nextByte() << 16) + (bytes.nextByte() << 8) + bytes.nextByte();
    if (value < limit) return value % bound;
  }
}
