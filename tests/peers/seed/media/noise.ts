// Seeded 2D gradient noise and fractal sums: the raw material of the procedural photos.
// Classic permutation-table Perlin noise; table lookups keep a full 800x500 frame fast.

export interface Noise {
  /** gradient noise, roughly in [-1, 1] */
  noise(x: number, y: number): number
  /** fractal Brownian motion, roughly in [-1, 1] */
  fbm(x: number, y: number, octaves?: number): number
  /** sharp-crested noise for mountain ridges, in [0, 1] */
  ridged(x: number, y: number, octaves?: number): number
}

export function createNoise(seed: number): Noise {
  // seeded shuffle of 0..255 (xorshift), doubled to avoid wrapping indices
  const perm = new Uint8Array(512)
  const base = new Uint8Array(256).map((_, i) => i)
  let s = seed >>> 0 || 1
  for (let i = 255; i > 0; i--) {
    s ^= s << 13
    s ^= s >>> 17
    s ^= s << 5
    const j = (s >>> 0) % (i + 1)
    const t = base[i] ?? 0
    base[i] = base[j] ?? 0
    base[j] = t
  }
  for (let i = 0; i < 512; i++) perm[i] = base[i & 255] ?? 0
  const gx = new Float32Array(16)
  const gy = new Float32Array(16)
  for (let i = 0; i < 16; i++) {
    gx[i] = Math.cos((i / 16) * Math.PI * 2)
    gy[i] = Math.sin((i / 16) * Math.PI * 2)
  }

  const noise = (x: number, y: number): number => {
    const fx0 = Math.floor(x)
    const fy0 = Math.floor(y)
    const fx = x - fx0
    const fy = y - fy0
    const x0 = fx0 & 255
    const y0 = fy0 & 255
    const u = fx * fx * fx * (fx * (fx * 6 - 15) + 10)
    const v = fy * fy * fy * (fy * (fy * 6 - 15) + 10)
    const a = (perm[x0] ?? 0) + y0
    const b = (perm[x0 + 1] ?? 0) + y0
    const g00 = (perm[a] ?? 0) & 15
    const g01 = (perm[a + 1] ?? 0) & 15
    const g10 = (perm[b] ?? 0) & 15
    const g11 = (perm[b + 1] ?? 0) & 15
    const n00 = (gx[g00] ?? 0) * fx + (gy[g00] ?? 0) * fy
    const n10 = (gx[g10] ?? 0) * (fx - 1) + (gy[g10] ?? 0) * fy
    const n01 = (gx[g01] ?? 0) * fx + (gy[g01] ?? 0) * (fy - 1)
    const n11 = (gx[g11] ?? 0) * (fx - 1) + (gy[g11] ?? 0) * (fy - 1)
    const nx0 = n00 + (n10 - n00) * u
    const nx1 = n01 + (n11 - n01) * u
    return (nx0 + (nx1 - nx0) * v) * 1.41
  }
  const fbm = (x: number, y: number, octaves = 5): number => {
    let sum = 0
    let amp = 0.5
    let freq = 1
    let norm = 0
    for (let o = 0; o < octaves; o++) {
      sum += amp * noise(x * freq + o * 17.3, y * freq - o * 9.1)
      norm += amp
      amp *= 0.5
      freq *= 2.03
    }
    return sum / norm
  }
  const ridged = (x: number, y: number, octaves = 5): number => {
    let sum = 0
    let amp = 0.5
    let freq = 1
    let norm = 0
    for (let o = 0; o < octaves; o++) {
      const n = 1 - Math.abs(noise(x * freq + o * 31.7, y * freq + o * 3.3))
      sum += amp * n * n
      norm += amp
      amp *= 0.5
      freq *= 2.1
    }
    return sum / norm
  }
  return { noise, fbm, ridged }
}
