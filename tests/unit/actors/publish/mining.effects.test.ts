import { expose } from 'comlink'
import { finalizeEvent, generateSecretKey, getPublicKey, verifyEvent } from 'nostr-tools/pure'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  minedEventProblem,
  type PowWorker,
  powTargetFor,
  powWorkerCount,
} from '../../../../src/actors/publish/mining.effects.ts'
import { savePowTargetBits, setPowEnabled } from '../../../../src/actors/publish/pow-settings.ts'
import { mineNote } from '../../../../src/actors/system/mining.ts'
import { idDifficulty, POW_ERRORS, WORKER_TIMEOUT_MS } from '../../../../src/core/publish/nip13.ts'
import { createPowApi, type PowApi } from '../../../../src/workers/pow-api.ts'

const key = generateSecretKey()
const pubkey = getPublicKey(key)
const template = { kind: 1, created_at: 1_700_000_000, tags: [['t', 'pow']], content: 'mined' }

type Job = Parameters<PowApi['mine']>[0]
type OnProgress = Parameters<PowApi['mine']>[1]

/**
 * Workers on MessageChannels in this thread: the real worker API on one port, the pool on the
 * other; terminating closes both, as terminating a Worker cuts it off.
 */
function channelWorkers(options: { silent?: boolean } = {}) {
  const started: { stripe: number | null; terminated: boolean }[] = []
  const spawn = (): PowWorker => {
    const channel = new MessageChannel()
    const record = { stripe: null as number | null, terminated: false }
    started.push(record)
    if (!options.silent) {
      const api = createPowApi()
      expose(
        {
          mine: async (job: Job, onProgress: OnProgress) => {
            record.stripe = job.stripe
            // Threads start together; in one thread, let every worker take its job first.
            await new Promise((resolve) => setTimeout(resolve, 0))
            return api.mine(job, onProgress)
          },
        },
        channel.port1,
      )
    }
    const port = channel.port2 as unknown as PowWorker
    port.terminate = () => {
      record.terminated = true
      channel.port1.close()
      channel.port2.close()
    }
    return port
  }
  return { spawn, started }
}

afterEach(() => {
  vi.useRealTimers()
})

describe('mining a note with the worker pool', () => {
  it('mines with every worker on its own stripe, then stops them all', async () => {
    const { spawn, started } = channelWorkers()
    const session = mineNote(template, 10, pubkey, { workers: 3, spawn })
    const mined = await session.result
    expect(idDifficulty(mined.id)).toBeGreaterThanOrEqual(10)
    expect(mined).toMatchObject({ ...template, pubkey, tags: [['t', 'pow'], expect.any(Array)] })
    expect(mined.tags[1]).toEqual(['nonce', expect.stringMatching(/^\d+$/), '10'])
    // Every stripe had a worker. These workers share this thread: on a starved host one can be
    // silent for WORKER_TIMEOUT_MS, and is then restarted on its own stripe (the next test), so a
    // stripe may have been started twice; a loaded run saw [0, 0, 1, 2, 2].
    expect([...new Set(started.map((worker) => worker.stripe))].sort()).toEqual([0, 1, 2])
    expect(started.every((worker) => worker.terminated)).toBe(true)
    expect(session.actor.getSnapshot().context).toMatchObject({ isComplete: true, progress: 100 })

    // Signed by the caller, checked before publishing.
    const signed = finalizeEvent(mined, key)
    expect(minedEventProblem(signed, 10)).toBeNull()
  })

  it("aborts: every worker terminated at once, the result rejects with 'aborted'", async () => {
    const { spawn, started } = channelWorkers({ silent: true })
    const session = mineNote(template, 24, pubkey, { workers: 2, spawn })
    session.abort()
    await expect(session.result).rejects.toThrow(POW_ERRORS.aborted)
    expect(started.map((worker) => worker.terminated)).toEqual([true, true])
    expect(session.actor.getSnapshot().context).toMatchObject({ isAborted: true, progress: 0 })
  })

  it("restarts a worker silent for 5 s, and fails with 'Worker timeout' when the new one is too", async () => {
    vi.useFakeTimers()
    const { spawn, started } = channelWorkers({ silent: true })
    const session = mineNote(template, 16, pubkey, { workers: 1, spawn })
    const outcome = session.result.catch((error: Error) => error.message)
    vi.advanceTimersByTime(WORKER_TIMEOUT_MS - 1)
    expect(started).toHaveLength(1)
    vi.advanceTimersByTime(1)
    expect(started).toHaveLength(2)
    expect(started[0]!.terminated).toBe(true)
    vi.advanceTimersByTime(WORKER_TIMEOUT_MS)
    expect(await outcome).toBe('Worker timeout')
    expect(started.every((worker) => worker.terminated)).toBe(true)
  })

  it("refuses bad input with the spec's messages and starts no worker", async () => {
    const { spawn, started } = channelWorkers()
    await expect(mineNote(template, 0, pubkey, { spawn }).result).rejects.toThrow(
      'invalid targetBits',
    )
    await expect(mineNote(template, 16, '', { spawn }).result).rejects.toThrow('pubkey required')
    expect(started).toHaveLength(0)
  })

  it('uses one worker per core', () => {
    expect(powWorkerCount(8)).toBe(8)
    expect(powWorkerCount(1)).toBe(1)
    expect(powWorkerCount(0)).toBe(1)
  })
})

describe('checking the signed event before it is published', () => {
  it('refuses a signature that does not hold, and an event that lost its proof of work', async () => {
    const { spawn } = channelWorkers()
    const mined = await mineNote(template, 12, pubkey, { workers: 1, spawn }).result
    const signed = finalizeEvent(mined, key)
    expect(minedEventProblem({ ...signed, content: 'changed after signing' }, 12)).toBe(
      POW_ERRORS.signedEventInvalid,
    )
    // A signer that changes the event changes its id: find a change whose id lost the bits.
    let resigned = signed
    for (let shift = 1; idDifficulty(resigned.id) >= 12; shift++) {
      resigned = finalizeEvent({ ...mined, created_at: mined.created_at + shift }, key)
    }
    expect(verifyEvent(resigned)).toBe(true)
    expect(minedEventProblem(resigned, 12)).toBe(POW_ERRORS.signedEventTooWeak)
    // Enough bits but a commitment to less than asked: not the work asked for.
    expect(minedEventProblem(signed, idDifficulty(signed.id) + 1)).toBe(
      POW_ERRORS.signedEventTooWeak,
    )
  })
})

describe('the difficulty a note is mined at', () => {
  const relays = (map: Record<string, number | null>) => async (url: string) => map[url] ?? null

  it('is none while proof of work is off, 16 when on without override', async () => {
    setPowEnabled(false)
    expect(await powTargetFor(['wss://a'], relays({ 'wss://a': 20 }))).toBeNull()
    setPowEnabled(true)
    expect(await powTargetFor([], relays({}))).toBe(16)
  })

  it("is the user's value raised to the highest relay requirement, capped at 24", async () => {
    setPowEnabled(true)
    expect(savePowTargetBits('10')).toBeNull()
    expect(
      await powTargetFor(['wss://a', 'wss://b'], relays({ 'wss://a': 12, 'wss://b': null })),
    ).toBe(12)
    expect(await powTargetFor(['wss://a'], relays({ 'wss://a': 40 }))).toBe(24)
    expect(savePowTargetBits('30')).toBe(POW_ERRORS.difficultyRange)
    expect(await powTargetFor([], relays({}))).toBe(10)
  })
})
