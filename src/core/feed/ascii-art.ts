/**
 * ASCII Mode (spec §2, Modes): a picture as rows of characters, a denser character for a
 * brighter cell (drawn light on dark), and in Color Mode each character in its cell's colour.
 * Kept small, at most ASCII_MAX_COLUMNS by ASCII_MAX_ROWS, so a drawn picture is about the
 * spec's 2,000 bytes per ASCII cache item (§9) in text.
 *
 * The colours are a picture of their own, one pixel a cell, which the view paints behind the
 * characters and clips to them (CSS background-clip: text): every character in its colour at the
 * cost of one element, where a span per colour would cost hundreds.
 */

/** From empty to dense: the brighter a cell, the further along. */
export const ASCII_RAMP = ' .:-=+*#%@'
export const ASCII_MAX_COLUMNS = 64
export const ASCII_MAX_ROWS = 36
/**
 * A character cell's width over its height: a monospace advance of 0.6 em over the line height
 * of 1.1 em the art is shown with. Rows are fewer than columns by this much to keep the shape.
 */
export const CELL_ASPECT = 0.6 / 1.1
/** Pixels sampled per cell side: enough to average out noise, little to read back. */
const SAMPLES_PER_CELL = 4

/** RGBA pixels, 4 bytes each, row by row (ImageData's layout). */
export interface Pixels {
  width: number
  height: number
  data: Uint8ClampedArray | Uint8Array
}

export interface AsciiGrid {
  columns: number
  rows: number
}

export interface AsciiArt {
  columns: number
  /** One string per row, `columns` characters each. */
  lines: string[]
  /** Color Mode: the cells' colours, a `columns` × rows picture as a BMP data URL; else null. */
  colors: string | null
}

/** The character grid of a picture of this size: as wide as allowed, the shape kept. */
export function asciiGrid(width: number, height: number): AsciiGrid {
  if (!(width > 0 && height > 0)) return { columns: 0, rows: 0 }
  const shape = (height / width) * CELL_ASPECT
  let columns = Math.min(ASCII_MAX_COLUMNS, Math.ceil(width))
  let rows = Math.max(1, Math.round(columns * shape))
  if (rows > ASCII_MAX_ROWS) {
    rows = ASCII_MAX_ROWS
    columns = Math.max(1, Math.min(columns, Math.round(rows / shape)))
  }
  return { columns, rows }
}

/** The grid held for a picture until it is drawn: its known size's, else a common 3:2 photo's. */
export const expectedGrid = (width: number | null, height: number | null): AsciiGrid =>
  width && height ? asciiGrid(width, height) : asciiGrid(1200, 800)

/** The size to scale a picture to before drawing it: a few pixels a cell, never enlarged. */
export function sampleSize(width: number, height: number): { width: number; height: number } {
  const { columns } = asciiGrid(width, height)
  const scale = Math.min(1, (columns * SAMPLES_PER_CELL) / width)
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  }
}

/** A cell's average colour, over black where the picture is transparent. */
function cellColor(pixels: Pixels, x0: number, x1: number, y0: number, y1: number) {
  let r = 0
  let g = 0
  let b = 0
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const i = (y * pixels.width + x) * 4
      const alpha = (pixels.data[i + 3] ?? 0) / 255
      r += (pixels.data[i] ?? 0) * alpha
      g += (pixels.data[i + 1] ?? 0) * alpha
      b += (pixels.data[i + 2] ?? 0) * alpha
    }
  }
  const n = (x1 - x0) * (y1 - y0)
  return { r: r / n, g: g / n, b: b / n }
}

/** Relative luminance of sRGB values (Rec. 709 weights), 0 to 255. */
const luminance = ({ r, g, b }: { r: number; g: number; b: number }) =>
  0.2126 * r + 0.7152 * g + 0.0722 * b

/**
 * The picture as ASCII art on its grid (asciiGrid of the pixels' size). Brightness is stretched
 * over the picture's own range, so a dark photo still shows its shapes. With `color`, the cells'
 * colours too, as a picture of one pixel a cell.
 */
export function asciiArt(pixels: Pixels, color: boolean): AsciiArt {
  const { columns, rows } = asciiGrid(pixels.width, pixels.height)
  const cells: { r: number; g: number; b: number }[] = []
  for (let row = 0; row < rows; row++) {
    const y0 = Math.floor((row * pixels.height) / rows)
    const y1 = Math.max(y0 + 1, Math.floor(((row + 1) * pixels.height) / rows))
    for (let column = 0; column < columns; column++) {
      const x0 = Math.floor((column * pixels.width) / columns)
      const x1 = Math.max(x0 + 1, Math.floor(((column + 1) * pixels.width) / columns))
      cells.push(cellColor(pixels, x0, x1, y0, y1))
    }
  }
  const light = cells.map(luminance)
  const darkest = Math.min(...light)
  const range = Math.max(...light) - darkest
  const last = ASCII_RAMP.length - 1
  const char = (value: number) =>
    ASCII_RAMP[range > 0 ? Math.round(((value - darkest) / range) * last) : last] ?? ' '

  const lines: string[] = []
  for (let row = 0; row < rows; row++) {
    let line = ''
    for (let column = 0; column < columns; column++)
      line += char(light[row * columns + column] ?? 0)
    lines.push(line)
  }
  return { columns, lines, colors: color ? bmpDataUrl(cells, columns, rows) : null }
}

/**
 * RGB colours, row by row from the top, as an uncompressed 16-bit BMP data URL (5 bits a channel,
 * more than characters can show): a format every browser paints, written in a few lines, about
 * 3.8 kB of base64 for a 64 × 22 photo.
 */
export function bmpDataUrl(
  pixels: readonly { r: number; g: number; b: number }[],
  width: number,
  height: number,
): string {
  const rowBytes = Math.ceil((width * 2) / 4) * 4
  const size = 54 + rowBytes * height
  const bytes = new Uint8Array(size)
  const view = new DataView(bytes.buffer)
  bytes.set([0x42, 0x4d]) // 'BM'
  view.setUint32(2, size, true)
  view.setUint32(10, 54, true) // pixels start after the two headers
  view.setUint32(14, 40, true) // BITMAPINFOHEADER
  view.setInt32(18, width, true)
  view.setInt32(22, -height, true) // negative: rows from the top
  view.setUint16(26, 1, true) // planes
  view.setUint16(28, 16, true) // bits per pixel: x1r5g5b5
  view.setUint32(34, rowBytes * height, true)
  const five = (value: number) => Math.min(31, Math.round(value / (255 / 31)))
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const { r, g, b } = pixels[y * width + x] ?? { r: 0, g: 0, b: 0 }
      view.setUint16(54 + y * rowBytes + x * 2, (five(r) << 10) | (five(g) << 5) | five(b), true)
    }
  }
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return `data:image/bmp;base64,${btoa(binary)}`
}
