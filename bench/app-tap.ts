/**
 * Runs in Chromium, inside a bench-only build of the real app (bench/tap-build.ts): the app's
 * own entry (src/ui/main.tsx) imports this module in place of src/actors/system.ts, so the app
 * starts exactly as in production and the bench gets a handle on the system it started. Nothing
 * here ships: the production build never sees this file.
 */

import { wrap } from 'comlink'
import { verifyEvent } from 'nostr-tools/pure'
import { type Nostr, NostrWasm } from 'nostr-wasm'
import wasmUrl from 'nostr-wasm/secp256k1.wasm?url'
import {
  createVerifier,
  startVerifyWorkers,
  type Verifier,
  verifyWorkerCount,
} from '../src/actors/relays/verifier.ts'
import { startSystem as startAppSystem } from '../src/actors/system.ts'
import { estimateQueryBytes } from '../src/core/app/cache-breakdown.ts'
import { mergeNotes, type Note, toNote } from '../src/core/feed/note.ts'
import type { VerifyApi } from '../src/workers/verify-api.ts'

export * from '../src/actors/system.ts'

type System = ReturnType<typeof startAppSystem>
type Filters = Parameters<System['hub']['query']>[0]

/**
 * How the events are checked: the app's pool (`worker`: startVerifyWorkers and createVerifier,
 * as the system builds it, minus the memory of good signatures), nostr-tools on the main thread
 * (`main`, the reference), and for context nostr-wasm on the main thread (`wasm-main`, the
 * pool's engine without the messaging) and a pool of one worker whatever the core count (the
 * figure per core).
 */
export type VerifyKind = 'worker' | 'main' | 'wasm-main' | 'one-worker'

export interface VerifyTiming {
  ms: number
  valid: number
}

export interface IngestTiming {
  /** performance.now() when the REQs went out and when the notes were in the query cache. */
  startedAt: number
  finishedAt: number
  /** From the REQs to the end of stored events (every event received, verified, a note). */
  queryMs: number
  /** The newest-first merge and the write into the query cache. */
  cacheMs: number
  events: number
  distinct: number
  /** Events the app's verify workers checked during the ingestion. */
  verified: number
}

function hooks(system: System) {
  let events: unknown[] = []
  let wasm: Promise<Nostr> | undefined
  let pool: Verifier | undefined
  let oneWorker: Verifier | undefined
  /** The app's worker, started the way src/actors/relays/verifier.ts starts it. */
  const startWorker = () =>
    wrap<VerifyApi>(
      new Worker(new URL('../src/workers/verify.worker.ts', import.meta.url), { type: 'module' }),
    )
  return {
    /** The events to verify, parsed afresh for every run (nostr-tools marks checked objects). */
    setEvents(json: string) {
      events = JSON.parse(json) as unknown[]
    },
    async verify(kind: VerifyKind): Promise<VerifyTiming> {
      const batch = structuredClone(events) as Parameters<typeof verifyEvent>[0][]
      if (kind === 'wasm-main' && !wasm) wasm = NostrWasm(fetch(wasmUrl))
      // The app's pool as the system builds it, without the memory of good signatures: every
      // run checks the same events again, as if they were new.
      if (kind === 'worker' && !pool) pool = createVerifier(startVerifyWorkers(), { memory: 0 })
      if (kind === 'one-worker' && !oneWorker)
        oneWorker = createVerifier([startWorker()], { memory: 0 })
      const nostrWasm = kind === 'wasm-main' && wasm ? await wasm : null
      const started = performance.now()
      let results: boolean[]
      if (kind === 'main') results = batch.map((event) => verifyEvent(event))
      else if (nostrWasm) {
        results = batch.map((event) => {
          try {
            nostrWasm.verifyEvent(event)
            return true
          } catch {
            return false
          }
        })
      } else {
        const verifier = kind === 'one-worker' ? oneWorker : pool
        if (!verifier) throw new Error(`no verifier for ${kind}`)
        results = await Promise.all(batch.map((event) => verifier.verify(event)))
      }
      return { ms: performance.now() - started, valid: results.filter(Boolean).length }
    },
    /**
     * Pulls every event the filters cover from the app's relays into the query cache, the way a
     * feed takes notes in: each verified event becomes a note as it arrives (toNote scans the
     * content for media, microseconds per note, spread over the arrival), then at the end of
     * stored events one newest-first merge and one cache write.
     */
    async ingest(filters: Filters): Promise<IngestTiming> {
      const verifiedBefore = system.verifier.verifiedCount
      const startedAt = performance.now()
      const received: Note[] = []
      await new Promise<void>((resolve) => {
        const subscription = system.hub.subscribe(filters, {
          onEvent: (event) => received.push(toNote(event, Date.now())),
          onEose: () => {
            subscription.close()
            resolve()
          },
        })
      })
      const queryMs = performance.now() - startedAt
      const notes = mergeNotes([], received)
      system.queryClient.setQueryData(['bench', 'ingest', startedAt], notes)
      const finishedAt = performance.now()
      return {
        startedAt,
        finishedAt,
        queryMs,
        cacheMs: finishedAt - startedAt - queryMs,
        events: received.length,
        distinct: notes.length,
        verified: system.verifier.verifiedCount - verifiedBefore,
      }
    },
    /**
     * The query cache by group (a key's first part): its queries, those a mounted view observes,
     * and their data's size as the memory manager estimates it (JSON length).
     */
    queryGroups(): Record<string, { queries: number; observed: number; bytes: number }> {
      const groups: Record<string, { queries: number; observed: number; bytes: number }> = {}
      for (const query of system.queryClient.getQueryCache().getAll()) {
        const name = String(query.queryKey[0])
        const group = groups[name] ?? { queries: 0, observed: 0, bytes: 0 }
        groups[name] = group
        group.queries++
        if (query.getObserversCount() > 0) group.observed++
        group.bytes += estimateQueryBytes({ queryKey: query.queryKey, data: query.state.data })
      }
      return groups
    },
    /** Workers in the app's pool on this machine. */
    poolSize: () => verifyWorkerCount(),
    /** Relays whose sockets are open. */
    connectedRelays(): number {
      const pool = system.app.getSnapshot().children.relays
      if (!pool) return 0
      return pool
        .getSnapshot()
        .context.sockets.filter((socket) => socket.getSnapshot().matches('connected')).length
    },
  }
}

export type PlumeBenchHooks = ReturnType<typeof hooks>

export function startSystem(...args: Parameters<typeof startAppSystem>): System {
  const system = startAppSystem(...args)
  Object.assign(globalThis, { __plumeBench: hooks(system) })
  return system
}
