// The app's stylesheets draw their icons as clip paths, never as SVG images: Chromium parses each
// SVG image as a document of its own, and a cold load of the home feed spent some 10 ms of style
// recalculation and 10 ms of paint on them (traces, 8 loads each).
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

function stylesheets(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return stylesheets(path)
    return entry.name.endsWith('.css') ? [path] : []
  })
}

describe("the app's icons", () => {
  const sheets = ['index.html', ...stylesheets('src')].map((path) => ({
    path,
    text: readFileSync(path, 'utf8'),
  }))

  it('are no SVG images', () => {
    const svg = /url\(\s*["']?(data:image\/svg|[^)]*\.svg\b)/
    expect(sheets.filter((sheet) => svg.test(sheet.text)).map((sheet) => sheet.path)).toEqual([])
  })

  it('are clip paths of a path', () => {
    const icons = sheets.flatMap((sheet) => [...sheet.text.matchAll(/--icon:\s*([^;]+);/g)])
    expect(icons.length).toBeGreaterThanOrEqual(5)
    for (const [, value] of icons) expect(value).toMatch(/^path\(\s*"[^"]+"\s*\)$/)
  })
})
