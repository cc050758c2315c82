// Profile banners (1500x500 SVG): calm landscapes in the person's colours, so profile headers
// look finished without shipping any image files.
import { createRng, type Rng } from '../prng.ts'
import type { Persona } from '../types.ts'
import { personaColors } from './avatars.ts'
import { hex, mix, toHex } from './color.ts'

const W = 1500
const H = 500

function shade(color: string, toward: string, t: number): string {
  return toHex(mix(hex(color), hex(toward), t))
}

/** a smooth random ridge as an SVG path closed along the bottom edge */
function ridge(rng: Rng, baseY: number, amp: number, roughness: number): string {
  const points: string[] = []
  const steps = 30
  let y = baseY
  for (let i = 0; i <= steps; i++) {
    y += (rng.next() - 0.5) * amp * roughness
    y = Math.min(baseY + amp * 0.5, Math.max(baseY - amp, y))
    points.push(`${Math.round((i / steps) * W)},${Math.round(y)}`)
  }
  return `M0,${H} L${points.join(' L')} L${W},${H} Z`
}

function sky(id: string, top: string, bottom: string): string {
  return `<linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient>`
}

function mountains(p: Persona, rng: Rng): string {
  const [a, b, , d] = personaColors(p.palette)
  const sunX = rng.int(200, 1300)
  const layers = [0, 1, 2, 3]
    .map((i) => {
      const fill = shade(d, b, 0.75 - i * 0.22)
      return `<path d="${ridge(rng, 230 + i * 70, 140 - i * 20, 0.9)}" fill="${fill}"/>`
    })
    .join('')
  return `<defs>${sky('s', shade(a, '#0b1020', 0.35), shade(b, '#fff4e0', 0.55))}</defs>
<rect width="${W}" height="${H}" fill="url(#s)"/>
<circle cx="${sunX}" cy="${rng.int(120, 200)}" r="60" fill="#fff6e4" opacity=".9"/>
${layers}`
}

function waves(p: Persona, rng: Rng): string {
  const [a, b, c, d] = personaColors(p.palette)
  const rows = [0, 1, 2, 3, 4]
    .map((i) => {
      const y = 240 + i * 55
      const amp = 18 + i * 6
      const len = 260 + rng.int(0, 120)
      const phase = rng.int(0, len)
      let path = `M0,${H} L0,${y}`
      for (let x = -phase; x < W + len; x += len) {
        path += ` Q${x + len / 4},${y - amp} ${x + len / 2},${y} T${x + len},${y}`
      }
      path += ` L${W},${H} Z`
      return `<path d="${path}" fill="${shade(c, d, 0.2 + i * 0.16)}" opacity=".95"/>`
    })
    .join('')
  return `<defs>${sky('s', shade(a, '#ffffff', 0.25), shade(b, '#fff0d8', 0.6))}</defs>
<rect width="${W}" height="${H}" fill="url(#s)"/>
<circle cx="${rng.int(300, 1200)}" cy="${rng.int(150, 210)}" r="70" fill="#fff3dc" opacity=".85"/>
${rows}`
}

function city(p: Persona, rng: Rng): string {
  const [a, b, , d] = personaColors(p.palette)
  const shapes: string[] = []
  for (let layer = 0; layer < 2; layer++) {
    const fill = layer === 0 ? shade(d, a, 0.45) : shade(d, '#000000', 0.35)
    let x = -rng.int(0, 40)
    while (x < W) {
      const w = rng.int(50, 120)
      const h = layer === 0 ? rng.int(160, 330) : rng.int(100, 260)
      shapes.push(`<rect x="${x}" y="${H - h}" width="${w}" height="${h}" fill="${fill}"/>`)
      if (layer === 1) {
        for (let wy = H - h + 14; wy < H - 10; wy += 22) {
          for (let wx = x + 10; wx < x + w - 14; wx += 18) {
            if (rng.chance(0.3))
              shapes.push(
                `<rect x="${wx}" y="${wy}" width="8" height="10" fill="#ffd98a" opacity=".9"/>`,
              )
          }
        }
      }
      x += w + rng.int(2, 14)
    }
  }
  return `<defs>${sky('s', shade(d, '#000000', 0.2), shade(b, '#ff9a6b', 0.4))}</defs>
<rect width="${W}" height="${H}" fill="url(#s)"/>
<circle cx="${rng.int(200, 1300)}" cy="${rng.int(70, 140)}" r="36" fill="#fdf3d8" opacity=".85"/>
${shapes.join('')}`
}

function dunes(p: Persona, rng: Rng): string {
  const [a, b, c] = personaColors(p.palette)
  const layers = [0, 1, 2, 3]
    .map((i) => {
      const y = 260 + i * 60
      const x1 = rng.int(200, 700)
      const x2 = rng.int(800, 1300)
      const fill = shade(c, '#f2c48d', 0.65 - i * 0.12)
      return `<path d="M0,${y + rng.int(-20, 30)} C${x1},${y - 120} ${x2},${y + 80} ${W},${y - rng.int(0, 60)} L${W},${H} L0,${H} Z" fill="${fill}"/>`
    })
    .join('')
  return `<defs>${sky('s', shade(a, '#ffffff', 0.2), shade(b, '#ffe2b8', 0.65))}</defs>
<rect width="${W}" height="${H}" fill="url(#s)"/>
<circle cx="${rng.int(200, 1300)}" cy="${rng.int(110, 180)}" r="54" fill="#fff1d6"/>
${layers}`
}

function blobs(p: Persona, rng: Rng): string {
  const [a, b, c] = personaColors(p.palette)
  const circles = [a, b, c, b, a, c]
    .map(
      (fill) =>
        `<ellipse cx="${rng.int(0, W)}" cy="${rng.int(0, H)}" rx="${rng.int(200, 420)}" ry="${rng.int(140, 260)}" fill="${fill}" opacity=".8"/>`,
    )
    .join('')
  return `<defs><filter id="blur" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="70"/></filter></defs>
<rect width="${W}" height="${H}" fill="${shade(b, '#ffffff', 0.6)}"/><g filter="url(#blur)">${circles}</g>`
}

const STYLES = { mountains, waves, city, dunes, blobs } as const

export function renderBanner(p: Persona): string {
  const rng = createRng(`banner/${p.handle}`)
  const body = STYLES[p.banner](p, rng)
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" preserveAspectRatio="xMidYMid slice">${body}</svg>`
}
