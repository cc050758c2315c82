/** A module as one file (a bench page, or a script inlined into index.html), built in memory by Vite (no config, nothing written). */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { build } from 'vite'

export async function bundleModule(entry: string, format: 'es' | 'iife'): Promise<string> {
  const root = mkdtempSync(join(tmpdir(), 'plume-bench-bundle-'))
  try {
    const result = await build({
      configFile: false,
      root,
      publicDir: false,
      logLevel: 'warn',
      build: {
        write: false,
        target: 'es2022',
        lib: { entry, formats: [format], name: 'benchPage', fileName: 'page' },
      },
    })
    const outputs = Array.isArray(result) ? result : [result]
    for (const output of outputs) {
      if (!('output' in output)) continue
      const chunk = output.output.find((item) => item.type === 'chunk' && item.isEntry)
      if (chunk && chunk.type === 'chunk') return chunk.code
    }
    throw new Error(`vite build of ${entry} gave no entry chunk`)
  } finally {
    rmSync(root, { recursive: true, force: true })
  }
}
