import { writeFileSync } from 'node:fs'
import { build } from 'vite'

const out = {}
await build({
  configFile: 'vite.config.ts',
  logLevel: 'error',
  build: { outDir: '/tmp/dist-x', emptyOutDir: true },
  plugins: [
    {
      name: 'x',
      generateBundle(_, bundle) {
        for (const [name, chunk] of Object.entries(bundle)) {
          if (chunk.type !== 'chunk') continue
          out[name] = Object.entries(chunk.modules)
            .map(([id, m]) => [
              id.replace(/.*node_modules\//, 'nm:').replace(/.*\/work\/main\//, ''),
              m.renderedLength,
            ])
            .sort((a, b) => b[1] - a[1])
        }
      },
    },
  ],
})
writeFileSync('/tmp/b/modules.json', JSON.stringify(out, null, 1))
