/**
 * Client of the verify workers: collects events for a moment and verifies them in batches off
 * the main thread, so a burst of thousands of events costs the UI thread only message passing.
 * An idle worker takes what is queued; a busy one is sent nothing until it answers; an event
 * already queued or being checked is never sent a second time, and one that held before (the
 * last ACCEPTED_MEMORY) is only hashed again, in microseconds, so a note seen on three relays
 * costs one signature check. A copy that reuses a good id and signature with other content never
 * rides on the original's result: it is checked on its own, and fails.
 *
 * A batch holds the events of one source (the relay that sent them): the worker checks a batch
 * as a whole and, when it fails, each of its events alone (BIP-340 batch verification), so a
 * relay that forges makes only its own batches fall back, never an honest relay's. A source whose
 * last batch held an event that did not hold is suspect until one holds: its batches are checked
 * one event at a time, skipping a batch check that would fail again, and on one worker at a time,
 * so that a forger's flood leaves a core to the page and to honest relays.
 */
import type { NostrEvent } from 'nostr-tools/pure'
import type { VerifyApi } from '../../workers/verify-api.ts'
import { watchedVerifyWorker } from './verify-watchdog.ts'
import { newVerifyWorker } from './verify-worker.ts'

/** Events per worker call: large enough to amortise messaging, small enough to keep latency low. */
export const VERIFY_BATCH_SIZE = 256
/**
 * How long the first event queued waits for others. A relay's frames reach the page one task
 * each: flushed at the next task, a relay's 12 stored events went in batches of 1 to 4; waiting
 * 2 ms, in batches of 8 to 10 (browser test): each a single message to the worker.
 */
export const VERIFY_GATHER_MS = 2
/**
 * A queue is split across idle workers only into shares this large, and a worker not yet used
 * is given work only when this many wait: a feed's first page (10 to 30 events) goes to one
 * worker whole, and a second is not started for it.
 */
const SHARE_FLOOR = 32
/**
 * Batches a worker holds at most: the one it checks and, in a burst (a full batch waiting), the
 * next, so that it starts on that one at once rather than waiting for this thread to send it.
 * With one at a time, the page's thread, sharing two cores with two busy workers, took 8-22 ms
 * to send the next batch (traced, 2,000 events).
 */
const BATCHES_IN_FLIGHT = 2
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

type EventHash = (event: NostrEvent) => string
/** SHA-256 (noble's), loaded when a copy of an accepted event first comes, once `hashWhen` allows. */
let hashing: Promise<EventHash | null> | undefined
const loadHash = (): Promise<EventHash | null> =>
  (hashing ??= import('../../core/platform/event-hash.ts').then(
    ({ eventHash }) => eventHash,
    () => {
      hashing = undefined // asked again next time; meanwhile the workers check the copy
      return null
    },
  ))

/**
 * The id is the hash of the signed fields: with a signature that held for it, the event holds.
 * Undefined: the hash could not load.
 */
const idHolds = async (event: NostrEvent): Promise<boolean | undefined> => {
  const eventHash = await loadHash()
  if (!eventHash) return undefined
  try {
    return eventHash(event) === event.id
  } catch {
    return false
  }
}

export interface VerifierOptions {
  /** Signatures remembered as good; 0 checks everything every time (the bench). */
  memory?: number
  /**
   * When the hash's code may load: at once when absent, else once this calls back. Copies that
   * come before go to the workers. The app's waits for its first screen: a feed's second page
   * repeats the first page's oldest note (`until` is inclusive, NIP-01), and that copy loaded
   * 4.3 KiB gzip before the first note in 7 of 7 cold loads (bench "JavaScript before first note").
   */
  hashWhen?: (allow: () => void) => void
}

export function createVerifier(
  workers: readonly Pick<VerifyApi, 'verify'>[],
  { memory = ACCEPTED_MEMORY, hashWhen }: VerifierOptions = {},
): Verifier {
  if (workers.length === 0) throw new Error('createVerifier needs at least one worker')
  let hashAllowed = hashWhen === undefined
  hashWhen?.(() => {
    hashAllowed = true
  })
  /** "id:sig" -> the check queued or under way; the same event asked twice shares it. */
  const pending = new Map<string, Pending>()
  const accepted = new Map<string, string>() // id -> signature that held
  /** Keys queued, by source: a batch never mixes sources. */
  const queue = new Map<string, string[]>()
  let queued = 0
  /**
   * Sources whose last batch answered held an event that did not hold. A batch of 256 forgeries
   * took 58 ms checked one by one against 98 ms as a batch first (Node 20, median of 15).
   */
  const suspects = new Set<string>()
  let suspectBatches = 0 // suspect sources' batches sent and not yet answered
  const inFlight = workers.map(() => 0) // batches sent and not yet answered
  const used = workers.map((_, index) => index === 0) // sent a batch before (or the first)
  let scheduled = false
  let verifiedCount = 0
  let lookalikes = 0

  const remember = (event: NostrEvent) => {
    if (memory <= 0) return
    if (accepted.size >= memory) accepted.delete(accepted.keys().next().value ?? '')
    accepted.set(event.id, event.sig)
  }

  /** Whether a source's queue may be sent now: a suspect's waits while another suspect's is out. */
  const free = (source: string) => suspectBatches === 0 || !suspects.has(source)

  /** Keys queued that may be sent now. */
  const ready = () => {
    if (suspectBatches === 0) return queued
    let held = 0
    for (const source of suspects) held += queue.get(source)?.length ?? 0
    return queued - held
  }

  /** The first source in turn whose queue may be sent now. */
  const next = (): [string, string[]] | undefined => {
    for (const entry of queue) if (free(entry[0])) return entry
    return undefined
  }

  const send = (index: number, source: string, keys: string[]) => {
    const batch = keys.map((key) => pending.get(key)!)
    const alone = suspects.has(source)
    if (alone) suspectBatches++
    inFlight[index]!++
    used[index] = true
    const finish = (results: readonly boolean[] | null) => {
      inFlight[index]!--
      if (alone) suspectBatches--
      if (results) {
        verifiedCount += batch.length
        if (batch.every((_, i) => results[i] === true)) suspects.delete(source)
        else suspects.add(source)
      }
      for (const [i, key] of keys.entries()) {
        pending.delete(key)
        const { event, done } = batch[i]!
        const ok = results?.[i] === true
        if (ok) remember(event)
        for (const answer of done) answer(ok)
      }
      // What queued while it worked goes at once, in as large a batch as it has become.
      dispatch()
    }
    workers[index]!.verify(
      batch.map((item) => item.event),
      alone,
    ).then(finish, () => finish(null))
  }

  /** Up to `size` keys of a source's queue, which then goes to the back (sources in turn). */
  const take = ([source, keys]: [string, string[]], size: number): string[] => {
    const batch = keys.splice(0, size)
    queue.delete(source)
    if (keys.length > 0) queue.set(source, keys)
    queued -= batch.length
    return batch
  }

  /**
   * Every idle worker takes a batch: the sources in turn (one that forges delays an honest one
   * by a batch at most), an even share of a source's queue when several are idle. A busy worker
   * is sent more only when a full batch waits (BATCHES_IN_FLIGHT); else events queue meanwhile
   * and go as one large batch when it answers. Sent at every gather, a 10,000-event burst went in
   * batches of 1 to 250, queued up to a second deep behind the worker (bench "ingest").
   */
  const dispatch = () => {
    scheduled = false
    for (let source = next(); source; source = next()) {
      const idle = inFlight.flatMap((batches, index) =>
        batches === 0 && mayTake(batches, index) ? [index] : [],
      )
      if (idle.length > 0) {
        const share = Math.ceil(source[1].length / idle.length)
        send(
          idle[0]!,
          source[0],
          take(source, Math.min(VERIFY_BATCH_SIZE, Math.max(SHARE_FLOOR, share))),
        )
        continue
      }
      const busy = inFlight.findIndex(mayTake)
      if (busy < 0) return
      send(busy, source[0], take(source, VERIFY_BATCH_SIZE))
    }
  }

  /**
   * Whether a worker may be sent a batch now: idle, or holding one while a full batch waits. A
   * worker never used takes work only for a burst: the first page's few events, found with the
   * first worker busy, wait for it rather than start a second (startVerifyWorkers).
   */
  const mayTake = (batches: number, index: number): boolean =>
    batches === 0
      ? used[index] || ready() >= SHARE_FLOOR
      : batches < BATCHES_IN_FLIGHT && ready() >= VERIFY_BATCH_SIZE

  return {
    async verify(event, source = '') {
      if (hashAllowed && accepted.get(event.id) === event.sig) {
        const holds = await idHolds(event)
        if (holds !== undefined) return holds
      }
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
        queued++
        if (!inFlight.some(mayTake)) return // the worker that answers first takes it
        if (ready() >= VERIFY_BATCH_SIZE) dispatch()
        else if (!scheduled) {
          scheduled = true
          setTimeout(() => {
            if (scheduled) dispatch()
          }, VERIFY_GATHER_MS)
        }
      })
    },
    get verifiedCount() {
      return verifiedCount
    },
  }
}

/**
 * Two workers where there are two cores. The second is busy only in a burst (a batch under way
 * on the first and more waiting). 2,000 events given at once were checked in a median of 204-218
 * ms by two, 275-307 by one (bench "verify throughput", two runs of five, 2-core machine). When
 * the page's thread is busy too the gain is small: 10,000 events from three relays reached the
 * query cache in 1.95-2.47 times a bare page's time with two, 2.05-2.68 with one (bench "ingest",
 * six runs each, both cores full throughout).
 */
export const verifyWorkerCount = (cores: number = navigator.hardwareConcurrency || 2): number =>
  Math.max(1, Math.min(2, cores))

/**
 * The first worker at once (or the one given, started early: head-start.ts); the others when
 * first sent a batch, so a quiet session has one. Each behind a watchdog (verify-watchdog.ts).
 */
export function startVerifyWorkers(first: Worker | null = null): Pick<VerifyApi, 'verify'>[] {
  return Array.from({ length: verifyWorkerCount() }, (_, index) =>
    watchedVerifyWorker(newVerifyWorker, index === 0 ? { first: first ?? newVerifyWorker() } : {}),
  )
}
