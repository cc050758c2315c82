/**
 * The first note's floor on this host, for two designs of the start. The app's own built page
 * (its styles, static header, splash markup and Content-Security-Policy), served as the app is,
 * with the app's scripts replaced by bench/floor-page.ts, which does only what the first note
 * needs (the config, a socket to each read relay, the app's first page asked for, nostr-wasm's
 * check, one card). Each design against the reference page, interleaved, in this run:
 * - `external script`: a module of its own at low fetch priority, the config fetched: the app's
 *   start where the host does not put the config into the page;
 * - `inline at the head's top`: the config in the page, the script inline (allowed by its hash)
 *   first in the head, so its sockets open while the rest of the page is parsed: the app's start
 *   where the host does (src/ui/early-request.ts, which then hands over to the start-up module).
 * The app's start does more than the floor, so it is no faster than its design's floor: a target
 * under a design's floor cannot be met by that design.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { bundleModule } from '../scripts/bundle-module.ts'
import { withCspMeta } from '../scripts/vite-csp.ts'
import {
  feedHashtags,
  feedPageFilters,
  GLOBAL_SOURCE,
  NOTES_PAGE_SIZE,
} from '../src/core/feed/feed-source.ts'
import { localRuntimeConfig, type RuntimeConfig } from '../src/core/platform/runtime-config.ts'
import { startAppServer } from '../tests/peers/app-server.ts'
import type { BenchContext, Measure } from './context.ts'
import { startSteps } from './first-note.ts'
import type { FloorData } from './floor-page.ts'
import { collectSamples } from './samples.ts'
import { median, round } from './stats.ts'
import type { Row } from './table.ts'

interface Design {
  name: string
  /** The app's built index.html made the floor's page. */
  page(app: string, data: FloorData, script: string): string
}

/** JSON inside a <script> element: no `</script>` can end it early. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c')
const dataElement = (data: FloorData) =>
  `<script type="application/json" id="plume-floor">${scriptJson(data)}</script>`

/**
 * The app's page without its scripts (its first script too: left in, it asked the relays beside
 * the floor's own), its policy or the preloads only its scripts use.
 */
function withoutApp(app: string, preloads?: RegExp): string {
  const page = app
    .replace(/<meta http-equiv="Content-Security-Policy"[^>]*>\s*/, '')
    .replace(/<script id="plume-early-request">[\s\S]*?<\/script>\s*/, '')
    .replace(/<template id="plume-app-scripts">[\s\S]*?<\/template>/, '')
    .replace(/<link rel="modulepreload"[^>]*>/g, '')
  return preloads ? page.replace(preloads, '') : page
}

const START_SCRIPT = /<script type="module"[^>]*src="\/assets\/head-start-[^"]*"><\/script>/

const DESIGNS: Design[] = [
  {
    name: 'external script',
    page: (app, data) => {
      if (!START_SCRIPT.test(app)) throw new Error('index.html has no start-up script tag')
      const page = withoutApp(app).replace(
        START_SCRIPT,
        () =>
          `${dataElement({ ...data, config: null })}<script type="module" fetchpriority="low" crossorigin src="/assets/floor.js"></script>`,
      )
      return withCspMeta(page)
    },
  },
  {
    name: 'inline at the head’s top',
    page: (app, data, script) => {
      // Both fetched by the script itself, before the parser reaches their preloads.
      const page = withoutApp(app, /<link rel="preload" href="[^"]*\.(json|wasm)"[^>]*>/g)
        .replace(START_SCRIPT, '')
        .replace(
          /<meta charset="UTF-8" \/>/,
          (tag) => `${tag}${dataElement(data)}<script>${script}</script>`,
        )
      return withCspMeta(page)
    },
  },
]

/** The design's page served by an app server of its own (its policy is the page's own). */
async function floorRow(
  context: BenchContext,
  design: string,
  page: { html: string; script: string; config: RuntimeConfig },
): Promise<Row> {
  const dir = mkdtempSync(join(tmpdir(), 'plume-bench-floor-'))
  try {
    cpSync(context.distDir, dir, { recursive: true })
    writeFileSync(join(dir, 'assets', 'floor.js'), page.script)
    writeFileSync(join(dir, 'index.html'), page.html)
    const server = await startAppServer({ distDir: dir, config: page.config })
    try {
      const samples = await collectSamples(context.browser, {
        runs: context.runs,
        plumeUrl: `${server.url}/`,
        referenceUrl: context.referenceUrl,
        relay: context.relay,
        plumeObserveMs: 0,
        timeoutMs: 30_000,
      })
      if (samples.plume.length === 0) {
        throw new Error(`no floor run showed a note: ${samples.failures.join('; ')}`)
      }
      const floor = samples.plume.map((sample) => round(sample.firstNoteMs))
      const reference = samples.reference.map((sample) => round(sample.firstNoteMs))
      return {
        name: `First note floor, ${design} (median of ${floor.length})`,
        unit: 'ms',
        value: median(floor),
        reference: reference.length > 0 ? median(reference) : null,
        target: null,
        details: {
          floorRuns: floor,
          referenceRuns: reference,
          steps: startSteps(samples.plume),
          failures: samples.failures,
        },
      }
    } finally {
      await server.close()
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

export const firstNoteFloor: Measure = {
  name: 'first note floor',
  async run(context) {
    const entry = fileURLToPath(new URL('./floor-page.ts', import.meta.url))
    const script = (await bundleModule(entry, 'iife')).trim()
    const app = readFileSync(join(context.distDir, 'index.html'), 'utf8')
    const wasmUrl = /href="(\/assets\/secp256k1-[^"]+\.wasm)"/.exec(app)?.[1]
    if (!wasmUrl) throw new Error('index.html preloads no secp256k1 wasm')
    const config = localRuntimeConfig([context.relay.url])
    const data: FloorData = {
      wasmUrl,
      filters: feedPageFilters(
        { ...GLOBAL_SOURCE, hashtags: feedHashtags([], null) },
        NOTES_PAGE_SIZE,
      ),
      config: { relays: config.relays },
    }
    const rows: Row[] = []
    for (const design of DESIGNS) {
      const html = design.page(app, data, script)
      rows.push(await floorRow(context, design.name, { html, script, config }))
    }
    return rows
  },
}
