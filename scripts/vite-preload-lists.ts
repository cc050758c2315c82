import type { Plugin } from 'vite'

interface ChunkFacts {
  imports: readonly string[]
  css: readonly string[]
}

/**
 * Shorter preload lists for the lazy imports (index.html's own preloads are left alone). For each
 * `import()` Vite lists the chunks to fetch beside the one imported (its own imports, so they do
 * not wait for it to arrive), and names them all in one table at the top of the importing chunk:
 * in the entry, some 180 hashed file names before the first note. Two kinds of entry never start
 * a fetch:
 *
 * - the chunks index.html loads (the entry, the start-up script and the feed's chunk): every lazy
 *   import runs after them, and Vite's helper skips a chunk a link of the page names;
 * - the chunk imported itself: the helper calls `import()` in the same task as it adds the link, as
 *   Vite does with no link when a chunk has nothing else to preload. Kept when the import waits
 *   for a stylesheet the page has not loaded: the link fetches the chunk meanwhile.
 *
 * Leaving them out takes 0.7 KiB gzip off the entry; the requests are the same.
 */
export function preloadLists(): {
  plugin: Plugin
  resolveDependencies: (
    file: string,
    deps: string[],
    context: { hostType: 'html' | 'js' },
  ) => string[]
} {
  const chunks = new Map<string, ChunkFacts>()
  /** The chunks and stylesheets index.html loads: the entries and what they import. */
  const onPage = new Set<string>()

  /** `file`'s stylesheets and those of the chunks it imports: what its import waits for. */
  const stylesheets = (file: string, seen = new Set<string>()): string[] => {
    if (seen.has(file)) return []
    seen.add(file)
    const facts = chunks.get(file)
    return facts ? [...facts.css, ...facts.imports.flatMap((i) => stylesheets(i, seen))] : []
  }

  return {
    plugin: {
      name: 'plume-preload-lists',
      apply: 'build',
      generateBundle: {
        // Before Vite's import analysis writes the lists (resolveDependencies below).
        order: 'pre',
        handler(_, bundle) {
          chunks.clear()
          onPage.clear()
          const entries: string[] = []
          for (const file of Object.values(bundle)) {
            if (file.type !== 'chunk') continue
            const css = [...(file.viteMetadata?.importedCss ?? [])]
            chunks.set(file.fileName, { imports: file.imports, css })
            if (file.isEntry) entries.push(file.fileName)
          }
          for (let file = entries.pop(); file !== undefined; file = entries.pop()) {
            if (onPage.has(file)) continue
            onPage.add(file)
            const facts = chunks.get(file)
            for (const css of facts?.css ?? []) onPage.add(css)
            entries.push(...(facts?.imports ?? []))
          }
        },
      },
    },
    resolveDependencies(file, deps, { hostType }) {
      // index.html's own preloads (of the chunks the page loads) stay as they are.
      if (hostType === 'html') return deps
      const waits = stylesheets(file).some((css) => !onPage.has(css))
      return deps.filter((dep) => !onPage.has(dep) && (waits || dep !== file))
    },
  }
}
