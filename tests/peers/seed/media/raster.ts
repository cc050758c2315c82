// A float RGB canvas with the few drawing operations the procedural photos need.
import type { Rgb } from './color.ts'
import { encodePng } from './png.ts'

export class Raster {
  readonly data: Float32Array

  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.data = new Float32Array(width * height * 3)
  }

  get(x: number, y: number): Rgb {
    const i = (y * this.width + x) * 3
    return [this.data[i] ?? 0, this.data[i + 1] ?? 0, this.data[i + 2] ?? 0]
  }

  set(x: number, y: number, c: Rgb): void {
    const i = (y * this.width + x) * 3
    this.data[i] = c[0]
    this.data[i + 1] = c[1]
    this.data[i + 2] = c[2]
  }

  /** alpha-blend colour c over the pixel */
  blend(x: number, y: number, c: Rgb, alpha: number): void {
    if (alpha <= 0 || x < 0 || y < 0 || x >= this.width || y >= this.height) return
    const a = Math.min(alpha, 1)
    const i = (y * this.width + x) * 3
    const d = this.data
    d[i] = (d[i] ?? 0) + (c[0] - (d[i] ?? 0)) * a
    d[i + 1] = (d[i + 1] ?? 0) + (c[1] - (d[i + 1] ?? 0)) * a
    d[i + 2] = (d[i + 2] ?? 0) + (c[2] - (d[i + 2] ?? 0)) * a
  }

  /** additive light, for glows, stars and aurora */
  add(x: number, y: number, c: Rgb, k: number): void {
    if (k <= 0 || x < 0 || y < 0 || x >= this.width || y >= this.height) return
    const i = (y * this.width + x) * 3
    const d = this.data
    d[i] = (d[i] ?? 0) + c[0] * k
    d[i + 1] = (d[i + 1] ?? 0) + c[1] * k
    d[i + 2] = (d[i + 2] ?? 0) + c[2] * k
  }

  /** soft round dot, used for stars and bokeh */
  glow(cx: number, cy: number, radius: number, c: Rgb, k: number, additive = true): void {
    const r = Math.ceil(radius * 2.5)
    for (let y = Math.floor(cy - r); y <= cy + r; y++) {
      for (let x = Math.floor(cx - r); x <= cx + r; x++) {
        const d2 = ((x - cx) ** 2 + (y - cy) ** 2) / (radius * radius)
        const v = Math.exp(-d2 * 1.5) * k
        if (additive) this.add(x, y, c, v)
        else this.blend(x, y, c, v)
      }
    }
  }

  /** gentle darkening towards the corners, like a real lens */
  vignette(strength: number): void {
    const cx = this.width / 2
    const cy = this.height / 2
    const inv = strength / (cx * cx + cy * cy)
    const d = this.data
    for (let y = 0; y < this.height; y++) {
      const dy2 = (y - cy) * (y - cy)
      for (let x = 0; x < this.width; x++) {
        const k = 1 - inv * ((x - cx) * (x - cx) + dy2)
        const i = (y * this.width + x) * 3
        d[i] = (d[i] as number) * k
        d[i + 1] = (d[i + 1] as number) * k
        d[i + 2] = (d[i + 2] as number) * k
      }
    }
  }

  /** A smaller copy, each pixel the average of the area it covers (a thumbnail). */
  shrunk(width: number, height: number): Raster {
    const out = new Raster(width, height)
    const sx = this.width / width
    const sy = this.height / height
    for (let y = 0; y < height; y++) {
      const y0 = Math.floor(y * sy)
      const y1 = Math.max(y0 + 1, Math.floor((y + 1) * sy))
      for (let x = 0; x < width; x++) {
        const x0 = Math.floor(x * sx)
        const x1 = Math.max(x0 + 1, Math.floor((x + 1) * sx))
        let [r, g, b] = [0, 0, 0]
        for (let v = y0; v < y1; v++) {
          for (let u = x0; u < x1; u++) {
            const [pr, pg, pb] = this.get(u, v)
            r += pr
            g += pg
            b += pb
          }
        }
        const n = (y1 - y0) * (x1 - x0)
        out.set(x, y, [r / n, g / n, b / n])
      }
    }
    return out
  }

  toPng(): Uint8Array {
    const bytes = new Uint8Array(this.width * this.height * 3)
    const d = this.data
    for (let i = 0; i < bytes.length; i++) {
      // soft highlight roll-off instead of hard clipping, so bright skies keep some colour
      const v = d[i] as number
      let t = v
      if (v > 0.8) {
        const over = (v - 0.8) * 5
        t = 0.8 + (0.2 * over) / (1 + over)
      }
      bytes[i] = t <= 0 ? 0 : Math.round(t * 255)
    }
    return encodePng(this.width, this.height, bytes)
  }
}
