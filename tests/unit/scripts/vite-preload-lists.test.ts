import type { OutputBundle } from 'rolldown'
import { describe, expect, it } from 'vitest'
import { preloadLists } from '../../../scripts/vite-preload-lists.ts'

type Chunk = { isEntry?: boolean; imports?: string[]; css?: string[] }

/** The plugin's view of a build with these chunks. */
function built(chunks: Record<string, Chunk>) {
  const lists = preloadLists()
  const bundle = Object.fromEntries(
    Object.entries(chunks).map(([fileName, chunk]) => [
      fileName,
      {
        type: 'chunk',
        fileName,
        isEntry: chunk.isEntry ?? false,
        imports: chunk.imports ?? [],
        viteMetadata: { importedCss: new Set(chunk.css ?? []) },
      },
    ]),
  ) as unknown as OutputBundle
  const hook = lists.plugin.generateBundle as { handler: (...args: unknown[]) => void }
  hook.handler.call({}, {}, bundle, false)
  return lists.resolveDependencies
}

const resolve = built({
  'assets/index-a.js': {
    isEntry: true,
    imports: ['assets/home-b.js'],
    css: ['assets/index-a.css'],
  },
  'assets/home-b.js': { imports: ['assets/runtime-c.js'], css: ['assets/home-b.css'] },
  'assets/runtime-c.js': {},
  'assets/start-d.js': { isEntry: true },
  'assets/menu-e.js': { imports: ['assets/home-b.js', 'assets/kit-f.js'] },
  'assets/kit-f.js': { imports: ['assets/home-b.js'], css: ['assets/home-b.css'] },
  'assets/modal-g.js': { imports: ['assets/kit-f.js'], css: ['assets/modal-g.css'] },
})

describe('the lazy imports’ preload lists', () => {
  it('leave out the chunks the page loads, and the chunk imported itself', () => {
    const deps = [
      'assets/menu-e.js',
      'assets/home-b.js',
      'assets/runtime-c.js',
      'assets/start-d.js',
      'assets/kit-f.js',
    ]
    expect(resolve('assets/menu-e.js', deps, { hostType: 'js' })).toEqual(['assets/kit-f.js'])
  })

  it('keep the chunk imported when its import waits for a stylesheet the page has not loaded', () => {
    const deps = ['assets/modal-g.js', 'assets/home-b.js', 'assets/kit-f.js']
    expect(resolve('assets/modal-g.js', deps, { hostType: 'js' })).toEqual([
      'assets/modal-g.js',
      'assets/kit-f.js',
    ])
  })

  it("leave index.html's own preloads alone", () => {
    const deps = ['assets/home-b.js', 'assets/runtime-c.js']
    expect(resolve('assets/index-a.js', deps, { hostType: 'html' })).toEqual(deps)
  })
})
