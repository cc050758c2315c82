import { describe, expect, it } from 'vitest'
import {
  ASCII_MAX_COLUMNS,
  ASCII_MAX_ROWS,
  ASCII_RAMP,
  asciiArt,
  asciiGrid,
  bmpDataUrl,
  CELL_ASPECT,
  type Pixels,
  sampleSize,
} from '../../../../src/core/feed/ascii-art.ts'

/** A picture painted pixel by pixel: `paint(x, y)` gives [r, g, b, a]. */
function picture(
  width: number,
  height: number,
  paint: (x: number, y: number) => [number, number, number, number],
): Pixels {
  const data = new Uint8ClampedArray(width * height * 4)
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) data.set(paint(x, y), (y * width + x) * 4)
  }
  return { width, height, data }
}

/** Reads back a 16-bit BMP data URL: its size and each pixel's 8-bit RGB. */
function readBmp(url: string) {
  const prefix = 'data:image/bmp;base64,'
  expect(url.startsWith(prefix)).toBe(true)
  const bytes = Uint8Array.from(atob(url.slice(prefix.length)), (c) => c.charCodeAt(0))
  const view = new DataView(bytes.buffer)
  expect(String.fromCharCode(bytes[0]!, bytes[1]!)).toBe('BM')
  expect(view.getUint32(2, true)).toBe(bytes.length)
  const width = view.getInt32(18, true)
  const height = -view.getInt32(22, true)
  const bitsPerPixel = view.getUint16(28, true)
  const rowBytes = Math.ceil((width * 2) / 4) * 4
  const eight = (five: number) => Math.round((five * 255) / 31)
  const pixel = (x: number, y: number) => {
    const value = view.getUint16(view.getUint32(10, true) + y * rowBytes + x * 2, true)
    return [eight((value >> 10) & 31), eight((value >> 5) & 31), eight(value & 31)]
  }
  return { width, height, bitsPerPixel, rowBytes, pixel }
}

describe('ASCII art (spec §2, ASCII Mode)', () => {
  it('fits a landscape picture to 64 columns and keeps its shape in character cells', () => {
    expect(asciiGrid(1200, 800)).toEqual({
      columns: ASCII_MAX_COLUMNS,
      rows: Math.round(64 * (800 / 1200) * CELL_ASPECT),
    })
    expect(asciiGrid(1200, 800)).toEqual({ columns: 64, rows: 23 })
  })

  it('caps a tall picture at 36 rows and narrows it instead', () => {
    const grid = asciiGrid(800, 1600)
    expect(grid.rows).toBe(ASCII_MAX_ROWS)
    expect(grid.columns).toBe(Math.round(36 / (2 * CELL_ASPECT)))
    expect(grid.columns).toBeLessThan(ASCII_MAX_COLUMNS)
  })

  it('does not spread a tiny picture over more columns than it has pixels; nothing for no size', () => {
    expect(asciiGrid(16, 16).columns).toBe(16)
    expect(asciiGrid(0, 10)).toEqual({ columns: 0, rows: 0 })
    expect(asciiGrid(Number.NaN, 10)).toEqual({ columns: 0, rows: 0 })
  })

  it('scales pictures down to a few pixels a cell before reading them, never up', () => {
    expect(sampleSize(4000, 2000)).toEqual({ width: 256, height: 128 })
    expect(sampleSize(100, 50)).toEqual({ width: 100, height: 50 })
  })

  it('draws brighter cells with denser characters, the darkest blank and the brightest @', () => {
    // Black on the left half, white on the right.
    const art = asciiArt(
      picture(128, 64, (x) => (x < 64 ? [0, 0, 0, 255] : [255, 255, 255, 255])),
      false,
    )
    expect(art.columns).toBe(64)
    expect(art.lines).toHaveLength(asciiGrid(128, 64).rows)
    for (const line of art.lines) expect(line).toBe(`${' '.repeat(32)}${'@'.repeat(32)}`)
    expect(art.colors).toBeNull()
  })

  it('spreads a gradient over the whole ramp, in order', () => {
    const art = asciiArt(
      picture(64, 8, (x) => {
        const v = Math.round((x / 63) * 255)
        return [v, v, v, 255]
      }),
      false,
    )
    const line = art.lines[0]!
    expect(line[0]).toBe(ASCII_RAMP[0])
    expect(line.at(-1)).toBe(ASCII_RAMP.at(-1))
    const levels = [...line].map((c) => ASCII_RAMP.indexOf(c))
    expect(levels).toEqual([...levels].sort((a, b) => a - b))
    expect(new Set(line).size).toBe(ASCII_RAMP.length)
  })

  it('stretches a dark picture over its own range so its shapes still show', () => {
    const art = asciiArt(
      picture(64, 16, (x) => (x < 32 ? [10, 10, 10, 255] : [40, 40, 40, 255])),
      false,
    )
    expect(art.lines[0]).toBe(`${' '.repeat(32)}${'@'.repeat(32)}`)
  })

  it('weighs green over red over blue, as the eye does, and reads transparency as dark', () => {
    const art = asciiArt(
      picture(64, 16, (x) => {
        if (x < 16) return [255, 0, 0, 255]
        if (x < 32) return [0, 255, 0, 255]
        if (x < 48) return [0, 0, 255, 255]
        return [255, 255, 255, 0]
      }),
      false,
    )
    const [red, green, blue, clear] = [0, 16, 32, 48].map((x) =>
      ASCII_RAMP.indexOf(art.lines[0]![x]!),
    )
    expect(green).toBeGreaterThan(red!)
    expect(red).toBeGreaterThan(blue!)
    expect(clear).toBe(0)
  })

  it('Color Mode: the cells’ colours as a picture of one pixel a character (16-bit BMP)', () => {
    const art = asciiArt(
      picture(64, 16, (x) => {
        if (x < 16) return [0, 0, 0, 255]
        if (x < 40) return [255, 0, 0, 255]
        return [0, 255, 255, 255]
      }),
      true,
    )
    const rows = art.lines.length
    const bmp = readBmp(art.colors!)
    expect(bmp).toMatchObject({ width: 64, height: rows })
    expect(bmp.pixel(0, 0)).toEqual([0, 0, 0])
    expect(bmp.pixel(16, 0)).toEqual([255, 0, 0])
    expect(bmp.pixel(39, rows - 1)).toEqual([255, 0, 0])
    expect(bmp.pixel(40, rows - 1)).toEqual([0, 255, 255])
    expect(
      asciiArt(
        picture(8, 8, () => [1, 2, 3, 255]),
        false,
      ).colors,
    ).toBeNull()
  })

  it('writes a BMP that keeps 5 bits a channel, rows from the top, padded to 4 bytes', () => {
    const bmp = readBmp(
      bmpDataUrl(
        [
          { r: 255, g: 128, b: 0 },
          { r: 0, g: 0, b: 255 },
          { r: 10, g: 200, b: 90 },
          { r: 255, g: 255, b: 255 },
          { r: 0, g: 0, b: 0 },
          { r: 0, g: 0, b: 0 },
        ],
        3,
        2,
      ),
    )
    expect(bmp).toMatchObject({ width: 3, height: 2, bitsPerPixel: 16, rowBytes: 8 })
    expect(bmp.pixel(0, 0)).toEqual([255, 132, 0])
    expect(bmp.pixel(1, 0)).toEqual([0, 0, 255])
    expect(bmp.pixel(2, 0)).toEqual([8, 197, 90])
    expect(bmp.pixel(0, 1)).toEqual([255, 255, 255])
  })

  it('stays about the spec’s 2,000 bytes an item for a photo', () => {
    const art = asciiArt(
      picture(256, 171, (x, y) => [x % 256, y % 256, (x * y) % 256, 255]),
      false,
    )
    const bytes = art.lines.join('\n').length
    expect(bytes).toBeGreaterThan(1000)
    expect(bytes).toBeLessThanOrEqual(2500)
  })
})
