import type { OutputBundle } from 'rolldown'
import { beforeAll, describe, expect, it } from 'vitest'
import { headStartEntry } from '../../../scripts/vite-head-start.ts'
import { EARLY_SUB_ID } from '../../../src/actors/feed/early-page.ts'
import { INLINE_CONFIG_ID } from '../../../src/core/platform/runtime-config.ts'
import { APP_SCRIPTS_ID } from '../../../src/ui/app-scripts.ts'

/** index.html's head as Vite writes it, with the app's entry and the module preloads. */
const VITE_PAGE = `<head>
    <title>Plume</title>
    <script type="module" crossorigin src="/assets/index-a.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/runtime-c.js">
    <link rel="modulepreload" crossorigin href="/assets/head-start-d.js">
    <link rel="modulepreload" crossorigin href="/assets/shared-e.js">
    <link rel="modulepreload" crossorigin href="/assets/home-b.js">
  </head>`

const chunk = (fileName: string, name: string, imports: string[], isEntry = false) => ({
  type: 'chunk',
  fileName,
  name,
  isEntry,
  imports,
})

const BUNDLE = {
  'assets/index-a.js': chunk('assets/index-a.js', 'index', ['assets/home-b.js'], true),
  'assets/home-b.js': chunk('assets/home-b.js', 'home', [
    'assets/runtime-c.js',
    'assets/head-start-d.js',
  ]),
  'assets/runtime-c.js': chunk('assets/runtime-c.js', 'runtime', []),
  'assets/head-start-d.js': chunk(
    'assets/head-start-d.js',
    'head-start',
    ['assets/shared-e.js'],
    true,
  ),
  'assets/shared-e.js': chunk('assets/shared-e.js', 'shared', []),
  'assets/secp256k1-f.wasm': { type: 'asset', fileName: 'assets/secp256k1-f.wasm' },
}

function transform(bundle: Record<string, unknown>, html = VITE_PAGE): Promise<string> {
  const hook = headStartEntry().transformIndexHtml as {
    handler: (html: string, context: { bundle: OutputBundle }) => Promise<string>
  }
  return hook.handler(html, { bundle: bundle as unknown as OutputBundle })
}

const tags = (html: string) =>
  [...html.matchAll(/<(script|link|template)[^>]*?(?:(?:src|href)="([^"]*)"|id="([^"]*)")/g)].map(
    (m) => m[2] ?? `#${m[3]}`,
  )

describe("index.html's start-up script", () => {
  let page = ''
  let outside = ''
  let held = ''
  beforeAll(async () => {
    page = await transform(BUNDLE)
    ;[outside = '', held = ''] = page.split(`<template id="${APP_SCRIPTS_ID}">`)
  })

  it("comes first, after a preload of the WebAssembly it fetches and the page's first script, with what it imports", () => {
    expect(tags(outside)).toEqual([
      '/assets/secp256k1-f.wasm',
      '#plume-early-request',
      '/assets/head-start-d.js',
    ])
    expect(tags(held.split('</template>')[1] ?? '')).toEqual([
      '/assets/head-start-d.js',
      '/assets/shared-e.js',
    ])
  })

  it("holds the app's entry and the preloads only the app needs in a template, in their order", () => {
    expect(tags(held.split('</template>')[0] ?? '')).toEqual([
      '/assets/index-a.js',
      '/assets/runtime-c.js',
      '/assets/home-b.js',
    ])
    // Nothing outside the template asks for the app's chunks.
    expect(page.replace(/<template[\s\S]*<\/template>/, '')).not.toMatch(/index-a|home-b|runtime-c/)
  })

  it("inlines the page's first script, bundled whole (src/ui/early-request.ts): it reads the page's config and sends the early page's request", () => {
    const first = /<script id="plume-early-request">([\s\S]*?)<\/script>/.exec(page)?.[1] ?? ''
    expect(first).toContain(INLINE_CONFIG_ID)
    expect(first).toContain(EARLY_SUB_ID)
    expect(first).not.toMatch(/^\s*import|\bimport\s*\(/m)
  })

  it('is a build error where the bundle has no start-up script or no WebAssembly', async () => {
    const { 'assets/head-start-d.js': _, ...noScript } = BUNDLE
    await expect(transform(noScript)).rejects.toThrow('no head-start chunk in the bundle')
    const { 'assets/secp256k1-f.wasm': __, ...noWasm } = BUNDLE
    await expect(transform(noWasm)).rejects.toThrow('no secp256k1 WebAssembly in the bundle')
  })
})
