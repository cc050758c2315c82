// Profile pictures as small deterministic SVGs: initials on a gradient, Bauhaus shapes, soft orbs
// or offset rings, each in the person's own colours.
import { createRng, type Rng } from '../prng.ts'
import type { Persona } from '../types.ts'
import { hex, hsl, mix, toHex } from './color.ts'

/** Four related colours derived from a palette index (golden-angle hue steps keep them distinct). */
export function personaColors(palette: number): [string, string, string, string] {
  const hue = (palette * 137.508 + 20) % 360
  // skip the olive/yellow-green band, which reads as muddy at these saturations
  const safe = (h: number): number => {
    const x = ((h % 360) + 360) % 360
    return x > 45 && x < 100 ? x + 70 : x
  }
  return [
    toHex(hsl(safe(hue), 0.62, 0.52)),
    toHex(hsl(safe(hue + 38), 0.7, 0.6)),
    toHex(hsl(safe(hue - 150), 0.55, 0.62)),
    toHex(hsl(safe(hue + 10), 0.45, 0.18)),
  ]
}

function initialsOf(name: string): string {
  const words = name.replace(/^The /, '').split(/\s+/).filter(Boolean)
  return words
    .slice(0, 2)
    .map((w) => w[0] ?? '')
    .join('')
    .toUpperCase()
}

function initials(p: Persona, rng: Rng): string {
  const [a, b, c] = personaColors(p.palette)
  const angle = rng.int(0, 360)
  return `<defs><linearGradient id="g" gradientTransform="rotate(${angle} .5 .5)"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient></defs>
<rect width="256" height="256" fill="url(#g)"/>
<circle cx="${rng.int(10, 60)}" cy="${rng.int(190, 250)}" r="${rng.int(60, 110)}" fill="${c}" opacity=".35"/>
<circle cx="${rng.int(200, 250)}" cy="${rng.int(10, 60)}" r="${rng.int(40, 80)}" fill="#fff" opacity=".15"/>
<text x="128" y="128" dy=".35em" text-anchor="middle" font-family="system-ui, -apple-system, 'Segoe UI', sans-serif" font-size="104" font-weight="650" fill="#fff" letter-spacing="-2">${initialsOf(p.displayName)}</text>`
}

function bauhaus(p: Persona, rng: Rng): string {
  const [a, b, c, d] = personaColors(p.palette)
  const colors = rng.shuffle([a, b, c, '#f4ecdc'])
  const shapes: string[] = [`<rect width="256" height="256" fill="${d}"/>`]
  for (let i = 0; i < 4; i++) {
    const x = (i % 2) * 128
    const y = Math.floor(i / 2) * 128
    const fill = colors[i] as string
    const kind = rng.int(0, 3)
    if (kind === 0) shapes.push(`<circle cx="${x + 64}" cy="${y + 64}" r="54" fill="${fill}"/>`)
    else if (kind === 1) {
      // quarter circle anchored at a random corner of the cell
      const corner = rng.int(0, 3)
      const cx = x + (corner % 2) * 128
      const cy = y + Math.floor(corner / 2) * 128
      shapes.push(
        `<clipPath id="q${i}"><rect x="${x}" y="${y}" width="128" height="128"/></clipPath><circle cx="${cx}" cy="${cy}" r="128" fill="${fill}" clip-path="url(#q${i})"/>`,
      )
    } else if (kind === 2)
      shapes.push(`<path d="M${x} ${y + 128}A64 64 0 0 1 ${x + 128} ${y + 128}Z" fill="${fill}"/>`)
    else
      shapes.push(
        `<rect x="${x + 24}" y="${y + 24}" width="80" height="80" fill="${fill}" transform="rotate(45 ${x + 64} ${y + 64})"/>`,
      )
  }
  return shapes.join('\n')
}

function orbs(p: Persona, rng: Rng): string {
  const [a, b, c] = personaColors(p.palette)
  const blobs = [a, b, a, b, c]
    .map(
      (fill) =>
        `<circle cx="${rng.int(30, 226)}" cy="${rng.int(30, 226)}" r="${rng.int(60, 110)}" fill="${fill}" opacity=".85"/>`,
    )
    .join('')
  const bg = toHex(mix(hex(c), hex('#ffffff'), 0.55))
  return `<defs><filter id="blur" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="20"/></filter></defs>
<rect width="256" height="256" fill="${bg}"/><g filter="url(#blur)">${blobs}</g>`
}

function rings(p: Persona, rng: Rng): string {
  const [a, b, c, d] = personaColors(p.palette)
  const cx = rng.int(90, 166)
  const cy = rng.int(90, 166)
  const out = [`<rect width="256" height="256" fill="${d}"/>`]
  const colors = [a, b, c, '#f4ecdc']
  for (let i = 7; i >= 1; i--) {
    out.push(
      `<circle cx="${cx + (i % 2) * 6}" cy="${cy - (i % 3) * 4}" r="${i * 24}" fill="${colors[i % colors.length]}"/>`,
    )
  }
  return out.join('\n')
}

const STYLES = { initials, bauhaus, orbs, rings } as const

export function renderAvatar(p: Persona): string {
  const rng = createRng(`avatar/${p.handle}`)
  const body = STYLES[p.avatar](p, rng)
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 256 256" width="256" height="256">${body}</svg>`
}
