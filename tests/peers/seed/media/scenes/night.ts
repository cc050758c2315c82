// Night scenes: aurora over a lake, the Milky Way, a city skyline with lit windows.
import { clamp01, hex, mix, type Rgb, ramp, scale, smoothstep } from '../color.ts'
import { paintLayer, paintStars, reflect, type Scene } from './sky.ts'

export const aurora: Scene = (r, rng, n) => {
  const horizonY = r.height * 0.68
  for (let y = 0; y < r.height; y++) {
    const c = ramp([hex('#03060f'), hex('#071425'), hex('#0f2c3a')], clamp01(y / horizonY))
    for (let x = 0; x < r.width; x++) r.set(x, y, c)
  }
  paintStars(r, rng, 900, horizonY)
  const curtains = rng.int(1, 3)
  for (let k = 0; k < curtains; k++) {
    const baseline = r.height * (0.32 + rng.next() * 0.2)
    const height = 110 + rng.next() * 120
    const green = hex('#45ffa8')
    const purple = hex(rng.pick(['#b35cff', '#ff5fa2', '#6d7dff']))
    for (let x = 0; x < r.width; x++) {
      const yb = baseline + n.fbm(x / 380, k * 7.1, 4) * 110
      const band = smoothstep(-0.25, 0.35, n.fbm(x / 260, k * 3.3 + 50, 3))
      const rays = 0.45 + 0.55 * (0.5 + 0.5 * n.fbm(x / 14, k * 11, 3))
      for (let y = 0; y < horizonY; y++) {
        const v = y < yb ? Math.exp(-(yb - y) / height) * rays : Math.exp(-(y - yb) / 7)
        if (v < 0.01) continue
        const c = ramp([green, mix(green, purple, 0.5), purple], clamp01((yb - y) / (height * 1.6)))
        r.add(x, y, c, v * band * 0.75)
      }
    }
  }
  // dark mountains standing in a still lake that mirrors the sky
  const waterY = horizonY + 24
  const top = new Float32Array(r.width)
  for (let x = 0; x < r.width; x++) top[x] = horizonY - 90 * n.ridged(x / 300 + 4, 9, 5) + 30
  paintLayer(r, top, hex('#070b12'), hex('#0c1a22'), 0.5, horizonY, waterY, Math.ceil(waterY))
  reflect(r, n, waterY, 0.6, hex('#030508'))
  r.vignette(0.35)
}

const BAND_EDGE = hex('#8ea6ff')
const BAND_CORE = hex('#ffd8a6')

export const nightsky: Scene = (r, rng, n) => {
  const horizonY = r.height * 0.8
  const glow = hex(rng.pick(['#6a3d2a', '#3a3560', '#5a3350']))
  for (let y = 0; y < r.height; y++) {
    const t = clamp01(y / horizonY)
    const c = ramp([hex('#03040b'), hex('#0a1026'), mix(hex('#16204a'), glow, 0.7)], t ** 1.4)
    for (let x = 0; x < r.width; x++) r.set(x, y, c)
  }
  // the Milky Way as a dusty diagonal band
  const angle = (rng.int(-55, -20) * Math.PI) / 180
  const ux = Math.cos(angle)
  const uy = Math.sin(angle)
  const cx = r.width * (0.4 + rng.next() * 0.2)
  const cy = r.height * 0.45
  const width = 70 + rng.next() * 40
  const intensity = (x: number, y: number): number => {
    const d = -(x - cx) * uy + (y - cy) * ux
    return Math.exp(-((d / width) ** 2))
  }
  for (let y = 0; y < horizonY; y++) {
    for (let x = 0; x < r.width; x++) {
      const s = (x - cx) * ux + (y - cy) * uy
      const d = -(x - cx) * uy + (y - cy) * ux
      const band = Math.exp(-((d / width) ** 2)) * (0.55 + 0.45 * n.fbm(s / 140, d / 70, 5))
      const dust =
        smoothstep(0, 0.45, n.fbm(s / 90 + 20, d / 22, 5)) * Math.exp(-((d / (width * 0.45)) ** 2))
      const v = band * (1 - 0.75 * dust) * (0.6 + 0.4 * Math.exp(-((s / 420) ** 2)))
      const c = mix(BAND_EDGE, BAND_CORE, Math.exp(-((d / (width * 0.5)) ** 2)) * 0.8)
      r.add(x, y, c, v * 0.42)
    }
  }
  paintStars(r, rng, 2600, horizonY, (x, y) => 0.25 + 0.75 * intensity(x, y))
  // rolling hill and a few pines in silhouette
  const top = new Float32Array(r.width)
  for (let x = 0; x < r.width; x++) top[x] = horizonY - 30 * (0.5 + 0.5 * n.fbm(x / 250, 2, 3)) + 10
  let px = rng.int(0, 80)
  while (px < r.width) {
    const h = 40 + rng.next() * 90
    const w = h * 0.3
    for (let x = Math.max(0, Math.floor(px - w)); x < Math.min(r.width, px + w); x++) {
      const d = Math.abs(x - px) / w
      top[x] = Math.min(
        top[x] ?? r.height,
        horizonY - h * (1 - d) * (1 - (((1 - d) * 6) % 1) * 0.1),
      )
    }
    px += rng.int(30, 220)
  }
  paintLayer(r, top, hex('#020306'), hex('#020306'), 0, 0, 1)
  r.vignette(0.3)
}

export const city: Scene = (r, rng, n) => {
  const dusk = rng.chance(0.6)
  const waterY = r.height * 0.68
  const stops = dusk
    ? [hex('#101a40'), hex('#4a2f66'), hex('#f08a6a')]
    : [hex('#04060f'), hex('#0c1430'), hex('#27305e')]
  for (let y = 0; y < r.height; y++) {
    const c = ramp(stops, clamp01(y / waterY) ** 1.2)
    for (let x = 0; x < r.width; x++) r.set(x, y, c)
  }
  if (!dusk) paintStars(r, rng, 120, waterY * 0.6)
  const windowColors = [hex('#ffd27a'), hex('#ffe9b5'), hex('#cfe8ff'), hex('#ffb866')]
  for (let layer = 0; layer < 2; layer++) {
    const front = layer === 1
    const body = front ? hex('#0a0d1a') : mix(hex('#1c2140'), stops[1] as Rgb, 0.45)
    let x = -rng.int(0, 20)
    while (x < r.width) {
      const w = rng.int(34, front ? 90 : 70)
      const h = front ? rng.int(70, 250) : rng.int(110, 300)
      const top = waterY - h
      for (let yy = Math.max(0, top); yy < waterY; yy++) {
        for (let xx = Math.max(0, x); xx < Math.min(r.width, x + w); xx++) r.set(xx, yy, body)
      }
      if (front && rng.chance(0.3)) {
        // rooftop antenna with a red light
        const ax = x + Math.floor(w / 2)
        for (let yy = top - 26; yy < top; yy++)
          r.set(Math.min(r.width - 1, Math.max(0, ax)), Math.max(0, yy), body)
        r.glow(ax, top - 26, 1.6, hex('#ff4d4d'), 1.2)
      }
      const lit = front ? 0.35 : 0.18
      for (let wy = top + 8; wy < waterY - 8; wy += 11) {
        for (let wx = x + 5; wx < x + w - 8; wx += 9) {
          if (!rng.chance(lit)) continue
          const c = scale(rng.pick(windowColors), front ? 0.95 : 0.55)
          for (let yy = wy; yy < wy + 5; yy++) {
            for (let xx = wx; xx < wx + 4; xx++) if (xx >= 0 && xx < r.width) r.set(xx, yy, c)
          }
        }
      }
      x += w + rng.int(0, front ? 10 : 4)
    }
  }
  reflect(r, n, waterY, 0.62, hex('#05070f'))
  r.vignette(0.3)
}
