/**
 * Client of the verify workers: collects events for a moment and verifies them in batches off
 * the main thread, so a burst of thousands of events costs the UI thread only message passing.
 * Batches go to the least busy worker and are split so every worker gets a share; an event
 * already queued or being checked is never sent a second time, and one that held before (the
 * last ACCEPTED_MEMORY) is only hashed again, in microseconds, so a note seen on three relays
 * costs one signature check. A copy that reuses a good id and signature with other content never
 * rides on the original's result: it is checked on its own, and fails.
 *
 * A batch holds the events of one source (the relay that sent them): the worker checks a batch
 * as a whole and, when it fails, each of its events alone (BIP-340 batch verification), so a
 * relay that forges makes only its own batches fall back, never an honest relay's.
 */
import { type Remote, wrap } from 'comlink'
import type { NostrEvent } from 'nostr-tools/pure'
import { eventHash } from '../../core/platform/event-hash.ts'
import type { VerifyApi } from '../../workers/verify-api.ts'

/** Events per worker call: large enough to amortise messaging, small enough to keep latency low. */
export const VERIFY_BATCH_SIZE = 256
/**
 * How long the first event queued waits for others. A relay's frames reach the page one task
 * each: flushed at the next task, a relay's 12 stored events went in batches of 1 to 4; waiting
 * 2 ms, in batches of 8 to 10 (browser test). Batch verification pays from 8 events on.
 */
export const VERIFY_GATHER_MS = 2
/**
 * Signatures remembered as good, newest kept. Repeats come close together (the same note from
 * several relays, a page asked again), so a short memory catches them; a long one would grow the
 * heap by some 250 bytes for every note scrolled past.
 */
const ACCEPTED_MEMORY = 500

export interface Verifier {
  /** Whether the event's id and signature hold; `source` names the relay it came from. */
  verify(event: NostrEvent, source?: string): Promise<boolean>
  /** Events checked by a worker since start (each distinct id and signature once), for the bench. */
  readonly verifiedCount: number
}

interface Pending {
  event: NostrEvent
  done: ((ok: boolean) => void)[]
}

/** Same id and signature is not enough to share a check: every signed field must be equal. */
const sameEvent = (a: NostrEvent, b: NostrEvent): boolean =>
  a.pubkey === b.pubkey &&
  a.created_at === b.created_at &&
  a.kind === b.kind &&
  a.content === b.content &&
  JSON.stringify(a.tags) === JSON.stringify(b.tags)

/** The id is the hash of the signed fields: with a signature that held for it, the event holds. */
const idHolds = (event: NostrEvent): boolean => {
  try {
    return eventHash(event) === event.id
  } catch {
    return false
  }
}

export interface VerifierOptions {
  /** Signatures remembered as good; 0 checks everything every time (the bench). */
  memory?: number
}

export function createVerifier(
  workers: readonly Pick<VerifyApi, 'verify'>[],
  { memory = ACCEPTED_MEMORY }: VerifierOptions = {},
): Verifier {
  if (workers.length === 0) throw new Error('createVerifier needs at least one worker')
  /** "id:sig" -> the check queued or under way; the same event asked twice shares it. */
  const pending = new Map<string, Pending>()
  const accepted = new Map<string, string>() // id -> signature that held
  /** Keys queued, by source: a batch never mixes sources. */
  let queue = new Map<string, string[]>()
  let queued = 0
  const load = workers.map(() => 0) // events sent to each worker and not yet answered
  let scheduled = false
  let verifiedCount = 0
  let lookalikes = 0

  const remember = (event: NostrEvent) => {
    if (memory <= 0) return
    if (accepted.size >= memory) accepted.delete(accepted.keys().next().value ?? '')
    accepted.set(event.id, event.sig)
  }

  const leastBusy = (): number => load.indexOf(Math.min(...load))

  const send = (keys: string[]) => {
    const index = leastBusy()
    const batch = keys.map((key) => pending.get(key)!)
    load[index]! += batch.length
    const finish = (results: readonly boolean[] | null) => {
      load[index]! -= batch.length
      if (results) verifiedCount += batch.length
      for (const [i, key] of keys.entries()) {
        pending.delete(key)
        const { event, done } = batch[i]!
        const ok = results?.[i] === true
        if (ok) remember(event)
        for (const answer of done) answer(ok)
      }
    }
    workers[index]!.verify(batch.map((item) => item.event)).then(finish, () => finish(null))
  }

  const flush = () => {
    scheduled = false
    const sources = queue
    queue = new Map()
    queued = 0
    for (const keys of sources.values()) {
      // Even shares, one per worker, each at most one batch long.
      const share = Math.min(VERIFY_BATCH_SIZE, Math.ceil(keys.length / workers.length))
      for (let start = 0; start < keys.length; start += share)
        send(keys.slice(start, start + share))
    }
  }

  return {
    verify(event, source = '') {
      if (accepted.get(event.id) === event.sig) return Promise.resolve(idHolds(event))
      return new Promise((done) => {
        let key = `${event.id}:${event.sig}`
        const known = pending.get(key)
        if (known && sameEvent(known.event, event)) {
          known.done.push(done)
          return
        }
        if (known) key = `${key}:${++lookalikes}`
        pending.set(key, { event, done: [done] })
        const keys = queue.get(source)
        if (keys) keys.push(key)
        else queue.set(source, [key])
        if (++queued >= VERIFY_BATCH_SIZE * workers.length) flush()
        else if (!scheduled) {
          scheduled = true
          setTimeout(() => {
            if (scheduled) flush()
          }, VERIFY_GATHER_MS)
        }
      })
    },
    get verifiedCount() {
      return verifiedCount
    },
  }
}

/** One worker per spare core, at most two: enough for a phone, no more than the machine has. */
export const verifyWorkerCount = (cores: number = navigator.hardwareConcurrency || 2): number =>
  Math.max(1, Math.min(2, cores - 1))

export function startVerifyWorkers(): Remote<VerifyApi>[] {
  return Array.from({ length: verifyWorkerCount() }, () =>
    wrap<VerifyApi>(
      new Worker(new URL('../../workers/verify.worker.ts', import.meta.url), { type: 'module' }),
    ),
  )
}
