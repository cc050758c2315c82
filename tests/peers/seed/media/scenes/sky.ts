// Building blocks shared by the photo scenes: sky palettes and gradients, clouds, silhouette
// layers with valley fog, water reflections and stars.
import type { Rng } from '../../prng.ts'
import { clamp01, hex, mix, type Rgb, ramp, scale, smoothstep } from '../color.ts'
import type { Noise } from '../noise.ts'
import type { Raster } from '../raster.ts'

export interface SkyPalette {
  top: Rgb
  mid: Rgb
  horizon: Rgb
  sun: Rgb
  haze: Rgb
}

export const SKIES: readonly SkyPalette[] = [
  // dawn
  {
    top: hex('#27345e'),
    mid: hex('#8c6d9e'),
    horizon: hex('#f7b98e'),
    sun: hex('#ffe2b8'),
    haze: hex('#c9a6b4'),
  },
  // golden hour
  {
    top: hex('#3f6fa6'),
    mid: hex('#9fb8cf'),
    horizon: hex('#f6cd85'),
    sun: hex('#fff1c9'),
    haze: hex('#d9c7a8'),
  },
  // dusk
  {
    top: hex('#1b1a3b'),
    mid: hex('#6a3a6e'),
    horizon: hex('#f28c5e'),
    sun: hex('#ffc07a'),
    haze: hex('#9c6a80'),
  },
  // clear day
  {
    top: hex('#3f7fc4'),
    mid: hex('#8dbbe0'),
    horizon: hex('#dcebf3'),
    sun: hex('#ffffff'),
    haze: hex('#b8cfdf'),
  },
  // misty morning
  {
    top: hex('#8ea6b8'),
    mid: hex('#c3d0d6'),
    horizon: hex('#eceae2'),
    sun: hex('#fff8e6'),
    haze: hex('#d5dcdc'),
  },
]

export type Scene = (r: Raster, rng: Rng, n: Noise) => void

export function paintSky(
  r: Raster,
  sky: SkyPalette,
  horizonY: number,
  sun: { x: number; y: number; size: number } | null,
): void {
  const d = r.data
  for (let y = 0; y < r.height; y++) {
    const base = ramp([sky.top, sky.mid, sky.horizon], clamp01(y / horizonY) ** 0.85)
    for (let x = 0; x < r.width; x++) {
      let k = 0
      if (sun) {
        // halo plus a crisp disc, blended towards the sun colour
        const dist = Math.hypot(x - sun.x, y - sun.y)
        const glow =
          Math.exp(-dist / (sun.size * 7)) * 0.55 + Math.exp(-dist / (sun.size * 2)) * 0.35
        const g = Math.min(glow, 1)
        const disc = smoothstep(sun.size + 1.2, sun.size - 1.2, dist)
        k = g + (1 - g) * disc
      }
      const i = (y * r.width + x) * 3
      d[i] = base[0] + (sky.sun[0] - base[0]) * k
      d[i + 1] = base[1] + (sky.sun[1] - base[1]) * k
      d[i + 2] = base[2] + (sky.sun[2] - base[2]) * k
    }
  }
}

export function paintClouds(
  r: Raster,
  n: Noise,
  sky: SkyPalette,
  horizonY: number,
  cover: number,
  sun: { x: number; y: number },
): void {
  const shade = mix(sky.mid, sky.top, 0.35)
  for (let y = 0; y < horizonY; y++) {
    const fade = smoothstep(horizonY, horizonY * 0.55, y)
    for (let x = 0; x < r.width; x++) {
      const v = n.fbm(x / 320, y / 70 + 40, 4)
      const a = smoothstep(0.12 - cover * 0.3, 0.55, v) * fade * 0.85
      if (a <= 0.01) continue
      const lit = Math.exp(-Math.hypot(x - sun.x, y - sun.y) / 320)
      const edge = n.fbm(x / 120 + 7, y / 40, 2) * 0.5 + 0.5
      r.blend(x, y, mix(shade, mix(sky.horizon, sky.sun, lit), clamp01(edge * 0.6 + lit * 0.5)), a)
    }
  }
}

/**
 * Fill a silhouette layer below `top[x]` (down to `bottom`), fading into haze towards `fogTo`:
 * fog pools in the valleys, which is what makes layered ridges read as distance.
 */
export function paintLayer(
  r: Raster,
  top: Float32Array,
  color: Rgb,
  haze: Rgb,
  fog: number,
  fogFrom: number,
  fogTo: number,
  bottom = r.height,
): void {
  for (let x = 0; x < r.width; x++) {
    const t = top[x] ?? r.height
    const start = Math.max(0, Math.floor(t))
    for (let y = start; y < bottom; y++) {
      const coverage = clamp01(y - t + 1)
      const f = fog * smoothstep(fogFrom, fogTo, y)
      r.blend(x, y, mix(color, haze, f), coverage)
    }
  }
}

export function reflect(r: Raster, n: Noise, waterY: number, darken: number, tint: Rgb): void {
  for (let y = Math.ceil(waterY); y < r.height; y++) {
    const depth = (y - waterY) / (r.height - waterY)
    for (let x = 0; x < r.width; x++) {
      const ripple = n.noise(x / (18 + depth * 40), y / (1.6 + depth * 3)) * (1.5 + depth * 7)
      const sy = Math.round(2 * waterY - y + ripple)
      const sx = Math.round(x + ripple * 0.4)
      const src = r.get(
        Math.min(r.width - 1, Math.max(0, sx)),
        Math.min(r.height - 1, Math.max(0, sy)),
      )
      r.set(x, y, mix(scale(src, darken), tint, 0.15 + depth * 0.2))
    }
  }
}

const STAR_COOL = hex('#bcd0ff')
const STAR_WARM = hex('#ffe6c4')

export function paintStars(
  r: Raster,
  rng: Rng,
  count: number,
  maxY: number,
  density?: (x: number, y: number) => number,
): void {
  for (let s = 0; s < count; s++) {
    const x = rng.next() * r.width
    const y = rng.next() * maxY
    if (density && rng.next() > density(x, y)) continue
    const b = rng.next() ** 3
    const tint = mix(STAR_COOL, STAR_WARM, rng.next())
    r.glow(x, y, 0.55 + b * 1.1, tint, 0.25 + b * 0.9)
  }
}
