/**
 * A seeded pseudo-random source (mulberry32) in the test engine's `RandomInt` form, so its
 * `shuffle` serves games too: a play stores its seed, the server rebuilds the same shuffles and
 * letter grid from it, and a test can pin them. Not for secrets.
 */
import { cryptoRandomInt, type RandomInt } from '../learning/testEngine.ts';

export function seededRandomInt(seed: number): RandomInt {
  let a = seed >>> 0;
  return (maxExclusive) => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * maxExclusive);
  };
}

/** A new seed for a play: 0 ≤ seed < 2^31, so it fits a signed integer column on both dialects. */
export const newGameSeed = (): number => cryptoRandomInt(2 ** 31);
