/**
 * Proof of work (NIP-13) for the app: the miner of a mining session (src/machines/mining.machine.ts)
 * is a pool of Comlink workers, one per core, each searching its own stripe of the nonce space with
 * the fast core (src/core/publish/pow-miner.ts). The composition root starts the sessions
 * (actors/system/mining.ts, loaded with `import()`: it is not for the feed's first paint):
 *
 *   // writeRelayUrls: useRelayEntries().filter((e) => canWrite(e.permission)).map((e) => e.url)
 *   const bits = await powTargetFor(writeRelayUrls)  // null: proof of work is off in Settings
 *   if (bits !== null) {
 *     const session = mineNote({ kind: 1, created_at, tags, content }, bits, pubkey)
 *     // <MiningProgress session={session.actor} />: bar, hash rate, progress, ETA, Abort
 *     const mined = await session.result             // rejects 'aborted', 'Worker timeout', ...
 *     const signed = await signer.signEvent(mined, { pow: true })
 *     const problem = minedEventProblem(signed, bits) // null, or why it must not be published
 *   }
 *
 * `session.abort()` stops every worker at once (they are terminated). A worker silent for 5 s is
 * replaced by a new one that goes on past the blocks its predecessor reported.
 */
import { type Endpoint, proxy, wrap } from 'comlink'
import { verifyEvent } from 'nostr-tools/pure'
import { type Actor, fromCallback } from 'xstate'
import { messageOf } from '../../core/platform/error-message.ts'
import {
  chooseTargetBits,
  committedTarget,
  idDifficulty,
  POW_ERRORS,
} from '../../core/publish/nip13.ts'
import { type MinedEvent, NONCES_PER_BLOCK } from '../../core/publish/pow-miner.ts'
import type {
  MinerCommand,
  MinerInput,
  MiningEvent,
  miningMachine,
} from '../../machines/mining.machine.ts'
import type { PowApi } from '../../workers/pow-api.ts'
import { relayPowRequirement } from '../relays/relay-info.ts'
import { powSettings } from './pow-settings.ts'

/** A started worker: its Comlink endpoint, and how to stop it wherever it is. */
export type PowWorker = Endpoint & { terminate(): void }

export const startPowWorker = (): PowWorker =>
  new Worker(new URL('../../workers/pow.worker.ts', import.meta.url), { type: 'module' })

/** Spec: one worker per core. */
export const powWorkerCount = (cores: number = globalThis.navigator?.hardwareConcurrency): number =>
  Math.max(1, Math.floor(cores || 1))

/**
 * The miner the machine invokes: `input.workers` workers, worker i searching blocks i, i + n, ...
 * Answers `miner.restart` by terminating that worker and starting another on the same stripe;
 * stopped (the session left `mining`), it terminates them all.
 */
export function minerLogic(spawn: () => PowWorker = startPowWorker) {
  return fromCallback<MinerCommand, MinerInput>(({ input, sendBack, receive }) => {
    const { template, targetBits, workers: count } = input
    const workers: (PowWorker | null)[] = Array.from({ length: count }, () => null)
    /** Hashes each stripe reported, over every worker that held it. */
    const reported: number[] = Array.from({ length: count }, () => 0)
    const send = (event: MiningEvent) => sendBack(event)

    const start = (stripe: number) => {
      const worker = spawn()
      workers[stripe] = worker
      const current = () => workers[stripe] === worker
      // A worker that cannot load its script says so here, not through Comlink.
      worker.addEventListener('error', (event) => {
        const message = (event as ErrorEvent).message || 'The mining worker failed to start'
        if (current()) send({ type: 'miner.failed', message })
      })
      const api = wrap<PowApi>(worker)
      // A predecessor reported these blocks done; the new worker starts after them.
      const firstBlock = Math.ceil(reported[stripe]! / NONCES_PER_BLOCK)
      const onProgress = proxy(({ hashes, bestBits }: { hashes: number; bestBits: number }) => {
        if (!current()) return
        reported[stripe]! += hashes
        send({ type: 'miner.progress', worker: stripe, hashes, bestBits, at: Date.now() })
      })
      api.mine({ template, targetBits, stripe, stripes: count, firstBlock }, onProgress).then(
        (result) => {
          if (!current()) return
          if (result.event) send({ type: 'miner.found', event: result.event })
          else send({ type: 'miner.failed', message: 'No nonce left to try' })
        },
        (error: unknown) => {
          if (current()) send({ type: 'miner.failed', message: messageOf(error) })
        },
      )
    }

    const stop = (stripe: number) => {
      workers[stripe]?.terminate()
      workers[stripe] = null
    }

    receive((command) => {
      if (command.type !== 'miner.restart' || workers[command.worker] === undefined) return
      stop(command.worker)
      start(command.worker)
    })
    for (let stripe = 0; stripe < count; stripe++) start(stripe)
    return () => {
      for (let stripe = 0; stripe < count; stripe++) stop(stripe)
    }
  })
}

export type MiningActor = Actor<typeof miningMachine>

export interface MiningSession {
  /** The session's actor, for <MiningProgress session={...} /> and useSelector. */
  actor: MiningActor
  /** The mined, unsigned event with its id; rejects with the session's error or 'aborted'. */
  result: Promise<MinedEvent>
  abort(): void
}

export interface MineOptions {
  /** Workers to use (default: one per core). */
  workers?: number
  /** How to start a worker (tests, the bench). */
  spawn?: () => PowWorker
}

/**
 * The difficulty to mine a note at, or null when proof of work is off: the saved value or 16,
 * raised to the highest requirement of the relays written to (their NIP-11 documents, 3 s at
 * most each), capped at 24.
 */
export async function powTargetFor(
  relayUrls: readonly string[],
  requirementOf: (url: string) => Promise<number | null> = relayPowRequirement,
): Promise<number | null> {
  const settings = powSettings()
  if (!settings.enabled) return null
  const requirements = await Promise.all(relayUrls.map((url) => requirementOf(url)))
  return chooseTargetBits(settings.savedBits, requirements)
}

/**
 * Checked after signing, before publishing: the signature holds for the id, the id still has
 * the target's leading zero bits (a signer that changed the event would have changed the id),
 * and the nonce tag commits to at least the target. Null when the event may go out.
 */
export function minedEventProblem(
  signed: Parameters<typeof verifyEvent>[0],
  targetBits: number,
): string | null {
  // verifyEvent remembers its answer on the object under a symbol, which a spread would copy:
  // check a fresh object of the signed fields, so a change made after signing is seen.
  const { id, pubkey, created_at, kind, tags, content, sig } = signed
  if (!verifyEvent({ id, pubkey, created_at, kind, tags, content, sig })) {
    return POW_ERRORS.signedEventInvalid
  }
  const committed = committedTarget(tags)
  if (idDifficulty(id) < targetBits || committed === null || committed < targetBits) {
    return POW_ERRORS.signedEventTooWeak
  }
  return null
}
