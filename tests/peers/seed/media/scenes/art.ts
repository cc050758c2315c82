// Non-photographic pictures for artists' notes: marbled colour fields, Truchet tiles and
// Bauhaus rings, and out-of-focus bokeh lights.
import { clamp01, hex, mix, type Rgb, ramp, smoothstep } from '../color.ts'
import type { Scene } from './sky.ts'

export const abstract: Scene = (r, rng, n) => {
  const palettes = [
    ['#0b1d3a', '#1f6f8b', '#99e1d9', '#f7d08a', '#e07a5f'],
    ['#2d0f3f', '#7b2cbf', '#e0aaff', '#ffb703', '#fb8500'],
    ['#081c15', '#2d6a4f', '#95d5b2', '#f1faee', '#e76f51'],
    ['#1a1423', '#3d314a', '#96705b', '#ab8476', '#e6c79c'],
    ['#03045e', '#0077b6', '#00b4d8', '#f72585', '#ffd6ff'],
    ['#231942', '#5e548e', '#9f86c0', '#e0b1cb', '#ffd6a5'],
  ]
  const pal = rng.pick(palettes).map(hex)
  const zoom = 1.6 + rng.next() * 1.2
  const warp = 2.5 + rng.next() * 1.5
  for (let y = 0; y < r.height; y++) {
    for (let x = 0; x < r.width; x++) {
      const px = (x / r.width) * zoom
      const py = (y / r.height) * zoom * 0.65
      const qx = n.fbm(px, py, 3)
      const qy = n.fbm(px + 5.2, py + 1.3, 3)
      const rx = n.fbm(px + warp * qx + 1.7, py + warp * qy + 9.2, 3)
      const ry = n.fbm(px + warp * qx + 8.3, py + warp * qy + 2.8, 3)
      const f = n.fbm(px + warp * rx, py + warp * ry, 4)
      let c = ramp(pal, clamp01(0.5 + f * 0.9))
      c = mix(c, pal[4] as Rgb, clamp01(Math.hypot(qx, qy) * 0.6) * 0.35)
      c = mix(c, pal[0] as Rgb, clamp01(-ry) * 0.5)
      r.set(x, y, c)
    }
  }
  r.vignette(0.15)
}

export const generative: Scene = (r, rng, n) => {
  const palettes = [
    ['#f4f1de', '#e07a5f', '#3d405b', '#81b29a', '#f2cc8f'],
    ['#fefae0', '#283618', '#606c38', '#dda15e', '#bc6c25'],
    ['#f8f9fa', '#1d3557', '#457b9d', '#e63946', '#a8dadc'],
    ['#1b1b1e', '#f6bd60', '#f7ede2', '#f5cac3', '#84a59d'],
  ]
  const pal = rng.pick(palettes).map(hex)
  const bg = pal[0] as Rgb
  const size = rng.pick([40, 50, 62])
  const stroke = size * (0.12 + rng.next() * 0.08)
  const truchet = rng.chance(0.5)
  const cols = Math.ceil(r.width / size)
  const rows = Math.ceil(r.height / size)
  const flips: boolean[] = []
  const rings: number[] = []
  for (let i = 0; i < cols * rows; i++) {
    flips.push(rng.chance(0.5))
    rings.push(rng.int(1, 4))
  }
  for (let y = 0; y < r.height; y++) {
    for (let x = 0; x < r.width; x++) {
      const cx = Math.floor(x / size)
      const cy = Math.floor(y / size)
      const lx = x - cx * size
      const ly = y - cy * size
      const cell = cy * cols + cx
      const region = 0.5 + 0.5 * n.fbm(x / 260, y / 260, 3)
      const ink = ramp(pal.slice(1), region)
      let d: number
      if (truchet) {
        // quarter-circle Truchet tiles: two arcs per tile, orientation flipped at random
        const flip = flips[cell] ?? false
        const ax = flip ? size - lx : lx
        const d1 = Math.abs(Math.hypot(ax, ly) - size / 2)
        const d2 = Math.abs(Math.hypot(ax - size, ly - size) - size / 2)
        d = Math.min(d1, d2)
      } else {
        // concentric rings per tile, a nod to Bauhaus posters
        const rr = Math.hypot(lx - size / 2, ly - size / 2)
        const count = rings[cell] ?? 2
        const step = (size * 0.45) / count
        d = Math.abs(((rr + step / 2) % step) - step / 2)
        if (rr > size * 0.46) d = 999
      }
      const a = smoothstep(stroke / 2 + 0.8, stroke / 2 - 0.8, d)
      r.set(x, y, mix(bg, ink, a))
    }
  }
  r.vignette(0.12)
}

export const bokeh: Scene = (r, rng, n) => {
  const warm = rng.chance(0.7)
  const stops = warm
    ? [hex('#120a0a'), hex('#2a1410'), hex('#3a1f16')]
    : [hex('#050a18'), hex('#0d1730'), hex('#142447')]
  for (let y = 0; y < r.height; y++) {
    for (let x = 0; x < r.width; x++) {
      r.set(x, y, ramp(stops, clamp01(0.5 + 0.5 * n.fbm(x / 400, y / 300, 3))))
    }
  }
  const colors = warm
    ? ['#ffb347', '#ffd27a', '#ff7b54', '#ffe4b5', '#f9a03f']
    : ['#7ec8ff', '#b28dff', '#ff8fd3', '#9dffe0', '#ffd27a']
  const count = rng.int(35, 60)
  for (let i = 0; i < count; i++) {
    const cx = rng.next() * r.width
    const cy = r.height * (0.15 + rng.next() * 0.75)
    const rad = 14 + rng.next() ** 2 * 70
    const c = hex(rng.pick(colors))
    const k = 0.18 + rng.next() * 0.35
    for (let y = Math.floor(cy - rad - 2); y <= cy + rad + 2; y++) {
      for (let x = Math.floor(cx - rad - 2); x <= cx + rad + 2; x++) {
        const d = Math.hypot(x - cx, y - cy)
        const disk = smoothstep(rad + 1.5, rad - 1.5, d)
        const rim = Math.exp(-(((d - rad * 0.9) / (rad * 0.08)) ** 2)) * 0.35
        r.add(x, y, c, (disk * (0.8 + 0.2 * (d / rad)) + rim * disk) * k)
      }
    }
  }
  r.vignette(0.35)
}
