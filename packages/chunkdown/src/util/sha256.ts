/** SHA-256 (FIPS 180-4), synchronous and without `node:crypto`, for stable chunk ids. */

/**
 * Round constants (FIPS 180-4 §4.2.2): the first 32 bits of the fractional parts of the cube
 * roots of the first 64 primes. Written out, not computed, so that no engine's `Math.cbrt`
 * rounding can change an id.
 */
const K = Int32Array.from([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
  0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
  0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
  0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
  0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
  0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
  0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
  0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
]);
/** Initial hash value (§5.3.3): the same of the square roots of the first 8 primes. */
const H0 = Int32Array.from([
  0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
]);

const encoder = new TextEncoder();

/** The message buffer kept between calls, with its view; a longer text gets one of its own. */
const kept = new Uint8Array(64 * 1024);
const keptView = new DataView(kept.buffer);
/** Message schedule and hash state, kept between calls. */
const W = new Int32Array(64);
const state = new Int32Array(8);

/**
 * SHA-256 (FIPS 180-4) of a string's UTF-8 bytes, synchronous and without `node:crypto`, so it
 * runs the same in Node, browsers, Web Workers and edge runtimes. Lone surrogates are encoded as
 * U+FFFD, as `TextEncoder` does.
 *
 * @param text
 *   Any string.
 * @returns
 *   The digest, 64 lowercase hex digits.
 */
export function sha256Hex(text: string): string {
  // UTF-8 takes at most 3 bytes per UTF-16 code unit; padding at most 72 more.
  const needed = text.length * 3 + 72;
  const buffer = needed <= kept.length ? kept : new Uint8Array(needed);
  const view = buffer === kept ? keptView : new DataView(buffer.buffer);
  const { written } = encoder.encodeInto(text, buffer);
  // Padding: a 1 bit, zeros, and the length in bits as a 64-bit big-endian number.
  const length = Math.ceil((written + 9) / 64) * 64;
  buffer.fill(0, written, length);
  buffer[written] = 0x80;
  const bits = written * 8;
  view.setUint32(length - 8, Math.floor(bits / 2 ** 32));
  view.setUint32(length - 4, bits >>> 0);

  state.set(H0);
  for (let offset = 0; offset < length; offset += 64) {
    for (let t = 0; t < 16; t++) W[t] = view.getInt32(offset + t * 4);
    for (let t = 16; t < 64; t++) {
      const w15 = W[t - 15] as number;
      const w2 = W[t - 2] as number;
      const s0 = rotr(w15, 7) ^ rotr(w15, 18) ^ (w15 >>> 3);
      const s1 = rotr(w2, 17) ^ rotr(w2, 19) ^ (w2 >>> 10);
      W[t] = ((W[t - 16] as number) + s0 + (W[t - 7] as number) + s1) | 0;
    }
    let a = state[0] as number;
    let b = state[1] as number;
    let c = state[2] as number;
    let d = state[3] as number;
    let e = state[4] as number;
    let f = state[5] as number;
    let g = state[6] as number;
    let h = state[7] as number;
    for (let t = 0; t < 64; t++) {
      const s1 = rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25);
      const choose = (e & f) ^ (~e & g);
      const t1 = (h + s1 + choose + (K[t] as number) + (W[t] as number)) | 0;
      const s0 = rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22);
      const majority = (a & b) ^ (a & c) ^ (b & c);
      const t2 = (s0 + majority) | 0;
      h = g;
      g = f;
      f = e;
      e = (d + t1) | 0;
      d = c;
      c = b;
      b = a;
      a = (t1 + t2) | 0;
    }
    state[0] = ((state[0] as number) + a) | 0;
    state[1] = ((state[1] as number) + b) | 0;
    state[2] = ((state[2] as number) + c) | 0;
    state[3] = ((state[3] as number) + d) | 0;
    state[4] = ((state[4] as number) + e) | 0;
    state[5] = ((state[5] as number) + f) | 0;
    state[6] = ((state[6] as number) + g) | 0;
    state[7] = ((state[7] as number) + h) | 0;
  }
  let hex = '';
  for (const word of state) hex += (word >>> 0).toString(16).padStart(8, '0');
  return hex;
}

function rotr(x: number, n: number): number {
  return (x >>> n) | (x << (32 - n));
}
