// The game RNG (DESIGN.md §2): a commitment published at creation, a key bound to the signup list,
// and draw i = first 48 bits of HMAC-SHA256(key, uint64be(i)) / 2^48. Pure code, replayable from events.
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';

/** hex(SHA-256(UTF-8 seed)): published when a game is created. */
export function commitmentOf(seed: string): string {
  return bytesToHex(sha256(utf8ToBytes(seed)));
}

/** hex(SHA-256(UTF-8(seed + "\n" + names joined by "\n"))): fixed when the game starts. */
export function keyOf(seed: string, names: readonly string[]): string {
  return bytesToHex(sha256(utf8ToBytes([seed, ...names].join('\n'))));
}

/** Draw number `index` for `keyHex`: a float in [0, 1). */
export function drawAt(keyHex: string, index: number): number {
  const msg = new Uint8Array(8);
  new DataView(msg.buffer).setBigUint64(0, BigInt(index));
  const h = hmac(sha256, hexToBytes(keyHex), msg);
  // 6 bytes big-endian = 48 bits, exact in a double.
  const hi = (h[0]! << 8) | h[1]!;
  const lo = ((h[2]! << 24) >>> 0) + (h[3]! << 16) + (h[4]! << 8) + h[5]!;
  return (hi * 2 ** 32 + lo) / 2 ** 48;
}

/** A source of draws: the real game RNG or, in simulations, a faster PRNG. */
export interface DrawSource {
  /** Returns draw number `index` (the engine counts draws in game state). */
  draw(index: number): number;
}

/** The game RNG for one key. */
export function gameRng(keyHex: string): DrawSource {
  return { draw: (index) => drawAt(keyHex, index) };
}

/** A cursor over a draw source that counts what it consumes. */
export class Draws {
  /** Draw values consumed through this cursor, in order. */
  readonly used: number[] = [];
  constructor(
    private readonly source: DrawSource,
    /** Index of the next draw. */
    public next: number,
  ) {}

  /** The next float in [0, 1). */
  rand(): number {
    const v = this.source.draw(this.next++);
    this.used.push(v);
    return v;
  }

  /** Fisher–Yates from the last index down (DESIGN.md §2); returns a new array. */
  shuffle<T>(list: readonly T[]): T[] {
    const a = [...list];
    for (let i = a.length - 1; i >= 1; i--) {
      const j = Math.floor(this.rand() * (i + 1));
      const t = a[i]!;
      a[i] = a[j]!;
      a[j] = t;
    }
    return a;
  }

  /** Index of a uniform pick from a list of `n` items. */
  pickIndex(n: number): number {
    return Math.floor(this.rand() * n);
  }
}
