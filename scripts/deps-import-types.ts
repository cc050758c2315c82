// dependency-cruiser's swc parser misses `import('./x.ts').X` and `typeof import('./x.ts')` inside
// types, so such an import would drop out of the graph. They are found here instead and refused:
// `import type { X } from './x.ts'` says the same and counts.
import { join } from 'node:path'
import { parseFileSync } from '@swc/core'

function collect(node: unknown, specifiers: string[]): void {
  if (Array.isArray(node)) {
    for (const child of node) collect(child, specifiers)
    return
  }
  if (node === null || typeof node !== 'object') return
  const record = node as { type?: unknown; argument?: { value?: unknown } }
  if (record.type === 'TsImportType' && typeof record.argument?.value === 'string') {
    specifiers.push(record.argument.value)
  }
  for (const child of Object.values(node)) collect(child, specifiers)
}

/** The specifiers of the import-type expressions in a TypeScript file. */
export function importTypeExpressions(baseDir: string, file: string): string[] {
  if (!/[.]tsx?$/.test(file)) return []
  const ast = parseFileSync(join(baseDir, file), { syntax: 'typescript', tsx: file.endsWith('x') })
  const specifiers: string[] = []
  collect(ast.body, specifiers)
  return specifiers
}
