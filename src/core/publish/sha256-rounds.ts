/**
 * SHA-256 (FIPS 180-4) in pieces, for the proof-of-work miner (pow-miner.ts): the message
 * schedule and the rounds run separately, from any round, on a state the caller keeps, so a
 * miner can stop part-way through a chunk, cache it, and resume per nonce. Signed 32-bit
 * integers throughout: JavaScript's bit operators work on those.
 */

export const K = Int32Array.from([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
  0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
  0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
  0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
  0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
  0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
  0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
  0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
])
export const IV = Int32Array.from([
  0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
])

/** W[from..63] from W[0..15] (the message schedule), with K added into `kw`. */
export function schedule(w: Int32Array, kw: Int32Array, from = 16): void {
  for (let s = from; s < 64; s++) {
    const x = w[s - 15]!
    const y = w[s - 2]!
    const s0 = ((x >>> 7) | (x << 25)) ^ ((x >>> 18) | (x << 14)) ^ (x >>> 3)
    const s1 = ((y >>> 17) | (y << 15)) ^ ((y >>> 19) | (y << 13)) ^ (y >>> 10)
    const word = (s1 + w[s - 7]! + s0 + w[s - 16]!) | 0
    w[s] = word
    kw[s] = (word + K[s]!) | 0
  }
}

/**
 * Runs rounds [from, to) of a chunk over `state` (a..h, updated in place), given its words with
 * K added (`kw`, from `offset`). Eight rounds at a time where they fit, with the variables renamed
 * instead of shifted: the hot loop of every hash.
 */
export function run(
  state: Int32Array,
  kw: Int32Array,
  offset: number,
  from: number,
  to: number,
): void {
  let a = state[0]!
  let b = state[1]!
  let c = state[2]!
  let d = state[3]!
  let e = state[4]!
  let f = state[5]!
  let g = state[6]!
  let h = state[7]!
  let t = 0
  let r = from
  while (r < to) {
    if ((r & 7) === 0 && r + 8 <= to) {
      const i = offset + r
      t =
        (h +
          (((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7))) +
          (g ^ (e & (f ^ g))) +
          kw[i + 0]!) |
        0
      d = (d + t) | 0
      h =
        (t +
          (((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10))) +
          ((a & b) | (c & (a | b)))) |
        0
      t =
        (g +
          (((d >>> 6) | (d << 26)) ^ ((d >>> 11) | (d << 21)) ^ ((d >>> 25) | (d << 7))) +
          (f ^ (d & (e ^ f))) +
          kw[i + 1]!) |
        0
      c = (c + t) | 0
      g =
        (t +
          (((h >>> 2) | (h << 30)) ^ ((h >>> 13) | (h << 19)) ^ ((h >>> 22) | (h << 10))) +
          ((h & a) | (b & (h | a)))) |
        0
      t =
        (f +
          (((c >>> 6) | (c << 26)) ^ ((c >>> 11) | (c << 21)) ^ ((c >>> 25) | (c << 7))) +
          (e ^ (c & (d ^ e))) +
          kw[i + 2]!) |
        0
      b = (b + t) | 0
      f =
        (t +
          (((g >>> 2) | (g << 30)) ^ ((g >>> 13) | (g << 19)) ^ ((g >>> 22) | (g << 10))) +
          ((g & h) | (a & (g | h)))) |
        0
      t =
        (e +
          (((b >>> 6) | (b << 26)) ^ ((b >>> 11) | (b << 21)) ^ ((b >>> 25) | (b << 7))) +
          (d ^ (b & (c ^ d))) +
          kw[i + 3]!) |
        0
      a = (a + t) | 0
      e =
        (t +
          (((f >>> 2) | (f << 30)) ^ ((f >>> 13) | (f << 19)) ^ ((f >>> 22) | (f << 10))) +
          ((f & g) | (h & (f | g)))) |
        0
      t =
        (d +
          (((a >>> 6) | (a << 26)) ^ ((a >>> 11) | (a << 21)) ^ ((a >>> 25) | (a << 7))) +
          (c ^ (a & (b ^ c))) +
          kw[i + 4]!) |
        0
      h = (h + t) | 0
      d =
        (t +
          (((e >>> 2) | (e << 30)) ^ ((e >>> 13) | (e << 19)) ^ ((e >>> 22) | (e << 10))) +
          ((e & f) | (g & (e | f)))) |
        0
      t =
        (c +
          (((h >>> 6) | (h << 26)) ^ ((h >>> 11) | (h << 21)) ^ ((h >>> 25) | (h << 7))) +
          (b ^ (h & (a ^ b))) +
          kw[i + 5]!) |
        0
      g = (g + t) | 0
      c =
        (t +
          (((d >>> 2) | (d << 30)) ^ ((d >>> 13) | (d << 19)) ^ ((d >>> 22) | (d << 10))) +
          ((d & e) | (f & (d | e)))) |
        0
      t =
        (b +
          (((g >>> 6) | (g << 26)) ^ ((g >>> 11) | (g << 21)) ^ ((g >>> 25) | (g << 7))) +
          (a ^ (g & (h ^ a))) +
          kw[i + 6]!) |
        0
      f = (f + t) | 0
      b =
        (t +
          (((c >>> 2) | (c << 30)) ^ ((c >>> 13) | (c << 19)) ^ ((c >>> 22) | (c << 10))) +
          ((c & d) | (e & (c | d)))) |
        0
      t =
        (a +
          (((f >>> 6) | (f << 26)) ^ ((f >>> 11) | (f << 21)) ^ ((f >>> 25) | (f << 7))) +
          (h ^ (f & (g ^ h))) +
          kw[i + 7]!) |
        0
      e = (e + t) | 0
      a =
        (t +
          (((b >>> 2) | (b << 30)) ^ ((b >>> 13) | (b << 19)) ^ ((b >>> 22) | (b << 10))) +
          ((b & c) | (d & (b | c)))) |
        0
      r += 8
      continue
    }
    t =
      (h +
        (((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7))) +
        (g ^ (e & (f ^ g))) +
        kw[offset + r]!) |
      0
    const t2 =
      ((((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10))) +
        ((a & b) | (c & (a | b)))) |
      0
    h = g
    g = f
    f = e
    e = (d + t) | 0
    d = c
    c = b
    b = a
    a = (t + t2) | 0
    r++
  }
  state[0] = a
  state[1] = b
  state[2] = c
  state[3] = d
  state[4] = e
  state[5] = f
  state[6] = g
  state[7] = h
}

/** One whole chunk: `chain` becomes the chaining value after chunk `index` of `words`. */
export function compress(chain: Int32Array, words: Int32Array, index: number): void {
  const w = new Int32Array(64)
  const kw = new Int32Array(64)
  w.set(words.subarray(index * 16, index * 16 + 16))
  for (let s = 0; s < 16; s++) kw[s] = (w[s]! + K[s]!) | 0
  schedule(w, kw)
  const state = chain.slice()
  run(state, kw, 0, 0, 64)
  for (let i = 0; i < 8; i++) chain[i] = (chain[i]! + state[i]!) | 0
}

/** The message with SHA-256 padding, and the same as big-endian words. */
export function padMessage(bytes: Uint8Array): { padded: Uint8Array; words: Int32Array } {
  const padded = new Uint8Array(Math.ceil((bytes.length + 9) / 64) * 64)
  padded.set(bytes)
  padded[bytes.length] = 0x80
  const view = new DataView(padded.buffer)
  const bits = bytes.length * 8
  view.setUint32(padded.length - 8, Math.floor(bits / 2 ** 32))
  view.setUint32(padded.length - 4, bits >>> 0)
  const words = Int32Array.from({ length: padded.length / 4 }, (_, i) => view.getInt32(i * 4))
  return { padded, words }
}
