// Minimal PNG encoder (8-bit RGB, adaptive row filters, zlib from node) so photos need no image library.
import { deflateSync } from 'node:zlib'

const CRC_TABLE = (() => {
  const table = new Uint32Array(256)
  for (let n = 0; n < 256; n++) {
    let c = n
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
    table[n] = c >>> 0
  }
  return table
})()

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff
  for (let i = 0; i < bytes.length; i++)
    c = (CRC_TABLE[(c ^ (bytes[i] ?? 0)) & 0xff] ?? 0) ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length)
  const view = new DataView(out.buffer)
  view.setUint32(0, data.length)
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i)
  out.set(data, 8)
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)))
  return out
}

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c
  const pa = Math.abs(p - a)
  const pb = Math.abs(p - b)
  const pc = Math.abs(p - c)
  if (pa <= pb && pa <= pc) return a
  return pb <= pc ? b : c
}

/** Encode tightly packed RGB bytes (width * height * 3) as a PNG file. */
export function encodePng(width: number, height: number, rgb: Uint8Array): Uint8Array {
  const stride = width * 3
  const raw = new Uint8Array((stride + 1) * height)
  // Paeth on every row: one pass, and it compresses smooth gradients and flat areas well
  for (let y = 0; y < height; y++) {
    const out = y * (stride + 1)
    const row = y * stride
    const prev = row - stride
    raw[out] = 4
    for (let i = 0; i < stride; i++) {
      const a = i >= 3 ? (rgb[row + i - 3] as number) : 0
      const b = y > 0 ? (rgb[prev + i] as number) : 0
      const c = i >= 3 && y > 0 ? (rgb[prev + i - 3] as number) : 0
      raw[out + 1 + i] = ((rgb[row + i] as number) - paeth(a, b, c)) & 0xff
    }
  }

  const header = new Uint8Array(13)
  const hv = new DataView(header.buffer)
  hv.setUint32(0, width)
  hv.setUint32(4, height)
  header[8] = 8 // bit depth
  header[9] = 2 // colour type: truecolour
  const parts = [
    new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', new Uint8Array(deflateSync(raw, { level: 4 }))),
    chunk('IEND', new Uint8Array(0)),
  ]
  const total = parts.reduce((n, p) => n + p.length, 0)
  const file = new Uint8Array(total)
  let offset = 0
  for (const p of parts) {
    file.set(p, offset)
    offset += p.length
  }
  return file
}
