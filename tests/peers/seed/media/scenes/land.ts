// Daylight landscapes: mountain ridges, the sea at sunset, misty pine forest, desert dunes.
import { clamp01, hex, mix, scale, smoothstep } from '../color.ts'
import {
  paintClouds,
  paintLayer,
  paintSky,
  reflect,
  type Scene,
  SKIES,
  type SkyPalette,
} from './sky.ts'

export const mountains: Scene = (r, rng, n) => {
  const sky = rng.pick(SKIES)
  const horizonY = (r.height * rng.int(55, 66)) / 100
  const sun = {
    x: (r.width * rng.int(20, 80)) / 100,
    y: horizonY - rng.int(30, 120),
    size: rng.int(14, 24),
  }
  paintSky(r, sky, horizonY, sun)
  if (rng.chance(0.6)) paintClouds(r, n, sky, horizonY, rng.next() * 0.5, sun)
  const rock = mix(hex(rng.pick(['#1d2a3a', '#2a2238', '#1f3029', '#2c2a33'])), sky.top, 0.2)
  const layers = rng.int(4, 6)
  const lake = rng.chance(0.4)
  for (let i = 0; i < layers; i++) {
    const depth = i / (layers - 1)
    const top = new Float32Array(r.width)
    const base = r.height * (0.45 + 0.5 * depth * (lake ? 0.62 : 0.85)) - (lake ? 10 : 0)
    const amp = r.height * (0.3 - 0.17 * depth)
    const freq = 1 / (260 - 90 * depth)
    for (let x = 0; x < r.width; x++) {
      top[x] = base - amp * n.ridged(x * freq + i * 13.7, i * 5.1, 6)
    }
    const color = mix(rock, sky.haze, 0.85 * (1 - depth) ** 1.3)
    paintLayer(r, top, color, sky.haze, 0.6 * (1 - depth * 0.6), base - amp * 0.75, base + 20)
  }
  if (lake) reflect(r, n, r.height * 0.8, 0.78, sky.top)
  r.vignette(0.28)
}

export const seascape: Scene = (r, rng, n) => {
  const sky = rng.pick([SKIES[0], SKIES[1], SKIES[2], SKIES[2]] as SkyPalette[])
  const horizonY = (r.height * rng.int(50, 60)) / 100
  const sun = {
    x: (r.width * rng.int(25, 75)) / 100,
    y: horizonY - rng.int(-6, 60),
    size: rng.int(16, 26),
  }
  paintSky(r, sky, horizonY, sun)
  paintClouds(r, n, sky, horizonY, 0.2 + rng.next() * 0.4, sun)
  const seaFar = mix(sky.horizon, hex('#2b4a6b'), 0.55)
  const seaNear = hex(rng.pick(['#0d1f33', '#10263a', '#1a1f35']))
  for (let y = Math.floor(horizonY); y < r.height; y++) {
    const t = (y - horizonY) / (r.height - horizonY)
    const base = mix(seaFar, seaNear, t ** 0.5)
    const width = 18 + t * 220
    for (let x = 0; x < r.width; x++) {
      const wave = n.noise(x / (5 + t * 26), y / (1.2 + t * 5))
      let c = mix(base, scale(base, 0.7), smoothstep(0.1, 0.6, wave) * 0.6)
      const column = Math.exp(-(((x - sun.x) / width) ** 2))
      const glitter = smoothstep(0.15, 0.75, wave) * column
      c = mix(c, sky.sun, clamp01(glitter * 1.1 + column * 0.12))
      r.set(x, y, c)
    }
  }
  // a dark headland on one side gives the eye somewhere to rest
  if (rng.chance(0.6)) {
    const left = rng.chance(0.5)
    const top = new Float32Array(r.width)
    for (let x = 0; x < r.width; x++) {
      const u = left ? x / r.width : 1 - x / r.width
      top[x] = horizonY - Math.max(-4, 70 * (1 - u * 2.4) + n.fbm(x / 60, 3) * 14) + 4
    }
    const land = top.map((v) => Math.min(v, horizonY + 2))
    paintLayer(
      r,
      land,
      mix(seaNear, sky.haze, 0.35),
      sky.haze,
      0.25,
      horizonY - 60,
      horizonY,
      Math.ceil(horizonY) + 2,
    )
  }
  r.vignette(0.3)
}

export const forest: Scene = (r, rng, n) => {
  const sky = rng.pick([SKIES[4], SKIES[4], SKIES[0], SKIES[1]] as SkyPalette[])
  const horizonY = r.height * 0.7
  const sun = {
    x: (r.width * rng.int(20, 80)) / 100,
    y: (r.height * rng.int(15, 35)) / 100,
    size: 26,
  }
  paintSky(r, sky, horizonY, sun)
  const green = hex(rng.pick(['#15261f', '#1b2b22', '#1d2530']))
  const layers = 6
  for (let i = 0; i < layers; i++) {
    const depth = i / (layers - 1)
    const top = new Float32Array(r.width).fill(r.height)
    const ground = r.height * (0.42 + 0.5 * depth)
    let cx = -rng.int(0, 30)
    while (cx < r.width + 40) {
      const h = (50 + rng.next() * 110) * (0.6 + depth * 0.9)
      const w = h * (0.32 + rng.next() * 0.12)
      const baseY = ground + n.fbm(cx / 300, i * 3, 3) * 30
      for (let x = Math.max(0, Math.floor(cx - w)); x < Math.min(r.width, cx + w); x++) {
        const d = Math.abs(x - cx) / w
        // jagged pine silhouette: a triangle with branch tiers
        const tier = (((1 - d) * 7) % 1) * 0.08
        const y = baseY - h * (1 - d) * (1 - tier)
        if (y < (top[x] ?? r.height)) top[x] = y
      }
      for (let x = 0; x < r.width; x++) top[x] = Math.min(top[x] ?? r.height, baseY + 20)
      cx += (6 + rng.next() * 26) * (0.7 + depth)
    }
    const color = mix(green, sky.haze, 0.88 * (1 - depth) ** 1.2)
    paintLayer(r, top, color, sky.haze, 0.75 * (1 - depth * 0.6), ground - 60, ground + 30)
  }
  r.vignette(0.3)
}

export const dunes: Scene = (r, rng, n) => {
  const sky = rng.pick([SKIES[1], SKIES[3], SKIES[2]] as SkyPalette[])
  const horizonY = r.height * 0.52
  const sun = { x: (r.width * rng.int(15, 85)) / 100, y: horizonY - rng.int(40, 150), size: 18 }
  paintSky(r, sky, horizonY, sun)
  const light = hex(rng.pick(['#f1b77a', '#e9a76a', '#f0c38b']))
  const shadow = hex(rng.pick(['#9a4f3a', '#8a4a3f', '#a15a3c']))
  const layers = 4
  for (let i = 0; i < layers; i++) {
    const depth = i / (layers - 1)
    const base = r.height * (0.5 + 0.42 * depth)
    const amp = 40 + 50 * depth
    const freq = 1 / (180 + 120 * rng.next())
    const phase = rng.next() * 10
    const crest = (x: number): number =>
      base - amp * (0.5 + 0.5 * Math.sin(x * freq * Math.PI * 2 + phase + n.fbm(x / 400, i, 3) * 2))
    for (let x = 0; x < r.width; x++) {
      const top = crest(x)
      const slope = crest(x + 2) - crest(x - 2)
      const face = smoothstep(-1.5, 1.5, slope)
      for (let y = Math.max(0, Math.floor(top)); y < r.height; y++) {
        const below = (y - top) / 160
        const ripple = Math.sin(x * 0.09 + y * 0.55 + n.noise(x / 50, y / 50) * 5) * 0.03
        let c = mix(light, shadow, clamp01(face * 0.75 + below * 0.3))
        c = scale(c, 1 + ripple)
        c = mix(c, sky.haze, 0.6 * (1 - depth) ** 1.5)
        r.blend(x, y, c, clamp01(y - top + 1))
      }
    }
  }
  r.vignette(0.25)
}
