/**
 * Rows 2 and 3: JavaScript and WebAssembly the page and its workers requested before the first
 * note. Which files comes from Resource Timing; their gzip size is computed from the same files
 * in dist/ (level 9, like the app server), since Chromium fetches brotli here and the targets are
 * in gzip. The brotli bytes actually transferred are kept in the details as a cross-check.
 */
import { existsSync, readFileSync } from 'node:fs'
import { extname, resolve, sep } from 'node:path'
import { gzipSync } from 'node:zlib'
import { type Measure, plumeSamples } from './context.ts'
import type { LoadedResource } from './load.ts'
import type { Sample } from './samples.ts'
import { median, round } from './stats.ts'

type Kind = 'js' | 'wasm'

interface CountedFile {
  path: string
  kind: Kind
  scope: LoadedResource['scope']
  raw: number
  gzip: number
  transferred: number
}

const KIB = 1024

function kindOf(url: string): Kind | null {
  const extension = extname(new URL(url).pathname).toLowerCase()
  if (extension === '.js' || extension === '.mjs') return 'js'
  if (extension === '.wasm') return 'wasm'
  return null
}

const gzipSizes = new Map<string, { raw: number; gzip: number }>()

/** Sizes of the dist file behind a URL, or null when it is not one of ours. */
function distSizes(distDir: string, url: string): { raw: number; gzip: number } | null {
  const file = resolve(distDir, `.${decodeURIComponent(new URL(url).pathname)}`)
  if (!file.startsWith(distDir + sep) || !existsSync(file)) return null
  let sizes = gzipSizes.get(file)
  if (!sizes) {
    const body = readFileSync(file)
    sizes = { raw: body.length, gzip: gzipSync(body, { level: 9 }).length }
    gzipSizes.set(file, sizes)
  }
  return sizes
}

/** Scripts and wasm started before the first note, each URL once (a second fetch hits the cache). */
function countedFiles(distDir: string, sample: Sample): CountedFile[] {
  const files = new Map<string, CountedFile>()
  for (const resource of sample.resources) {
    const kind = kindOf(resource.url)
    if (!kind || resource.startMs > sample.firstNoteMs) continue
    const sizes = distSizes(distDir, resource.url)
    const previous = files.get(resource.url)
    files.set(resource.url, {
      path: new URL(resource.url).pathname,
      kind,
      scope: resource.scope,
      raw: sizes?.raw ?? resource.decodedBytes,
      // Not from dist (another origin): what was transferred is the best we have.
      gzip: sizes?.gzip ?? resource.encodedBytes,
      transferred: Math.max(previous?.transferred ?? 0, resource.encodedBytes),
    })
  }
  return [...files.values()].sort((a, b) => b.gzip - a.gzip)
}

const total = (files: CountedFile[], key: 'gzip' | 'transferred' | 'raw', kinds: Kind[]) =>
  files.filter((file) => kinds.includes(file.kind)).reduce((sum, file) => sum + file[key], 0)

export const scriptBytes: Measure = {
  name: 'script bytes',
  async run(context) {
    const samples = await plumeSamples(context)
    const distDir = resolve(context.distDir)
    const runs = samples.plume.map((sample) => countedFiles(distDir, sample))
    const references = samples.reference.map((sample) => countedFiles(distDir, sample))
    const kib = (files: CountedFile[][], kinds: Kind[], key: 'gzip' | 'transferred' = 'gzip') =>
      round(median(files.map((run) => total(run, key, kinds))) / KIB)
    const details = (kinds: Kind[]) => ({
      perRunKiB: runs.map((run) => round(total(run, 'gzip', kinds) / KIB)),
      transferredKiB: kib(runs, kinds, 'transferred'),
      rawKiB: round(total(runs[0] ?? [], 'raw', kinds) / KIB),
      files: (runs[0] ?? []).filter((file) => kinds.includes(file.kind)),
    })
    return [
      {
        name: 'JavaScript before first note (gzip)',
        unit: 'KiB',
        value: kib(runs, ['js']),
        reference: references.length > 0 ? kib(references, ['js']) : null,
        target: { max: 200, inclusive: false },
        details: details(['js']),
      },
      {
        name: 'JavaScript + wasm before first note (gzip)',
        unit: 'KiB',
        value: kib(runs, ['js', 'wasm']),
        reference: references.length > 0 ? kib(references, ['js', 'wasm']) : null,
        target: { max: 300, inclusive: false },
        details: details(['js', 'wasm']),
      },
    ]
  },
}
