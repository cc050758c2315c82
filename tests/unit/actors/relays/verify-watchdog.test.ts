// The verify workers' watchdog over real Comlink endpoints: MessageChannels whose far side runs the
// verify API, or swallows every message (a worker that hangs). Its deadline passes when a test
// says so.
import { expose } from 'comlink'
import { finalizeEvent, generateSecretKey } from 'nostr-tools/pure'
import { initNostrWasm } from 'nostr-wasm'
import { afterEach, expect, it, vi } from 'vitest'
import { createVerifier } from '../../../../src/actors/relays/verifier.ts'
import {
  VERIFY_DEADLINE_MS,
  type VerifyWorker,
  type WatchdogTimers,
  watchedVerifyWorker,
} from '../../../../src/actors/relays/verify-watchdog.ts'
import { createVerifyApi } from '../../../../src/workers/verify-api.ts'

const key = generateSecretKey()
const signed = (content: string) =>
  finalizeEvent({ kind: 1, created_at: 1_700_000_000, tags: [], content }, key)
const events = ['one', 'two', 'three'].map(signed)
const api = createVerifyApi(initNostrWasm)

interface Started {
  kind: 'answers' | 'silent'
  port: MessagePort
  terminated: boolean
}
const ports: MessagePort[] = []
afterEach(() => {
  for (const port of ports.splice(0)) port.close()
  vi.restoreAllMocks()
})

/** Workers of these kinds, started in this order; what became of each. */
function workers(...kinds: Started['kind'][]) {
  const started: Started[] = []
  const start = (): VerifyWorker => {
    const kind = kinds[started.length]
    if (!kind) throw new Error('no worker left to start')
    const { port1, port2 } = new MessageChannel()
    ports.push(port1, port2)
    if (kind === 'answers') expose(api, port1) // a silent one never listens
    const worker: Started = { kind, port: port2, terminated: false }
    started.push(worker)
    return Object.assign(port2, {
      terminate: () => {
        worker.terminated = true
        port2.close()
      },
    })
  }
  const fates = () => started.map(({ kind, terminated }) => ({ kind, terminated }))
  return { start, started, fates }
}

/** Timers that run only on `expire`; each must be the verify deadline. */
function deadlines() {
  const pending = new Map<number, () => void>()
  let count = 0
  const timers: WatchdogTimers = {
    setTimeout(run, ms) {
      expect(ms).toBe(VERIFY_DEADLINE_MS)
      pending.set(++count, run)
      return count
    },
    clearTimeout: (timer) => pending.delete(timer as number),
  }
  return {
    timers,
    pending: () => pending.size,
    /** The deadline of the batch sent first passes. */
    expireFirst() {
      const [timer, run] = [...pending][0]!
      pending.delete(timer)
      run()
    },
    /** The deadline of every batch under way passes. */
    expire() {
      for (const [timer, run] of [...pending]) {
        pending.delete(timer)
        run()
      }
    },
  }
}

it('sends a batch its worker never answers to a fresh worker once the deadline passes', async () => {
  const { start, fates } = workers('silent', 'answers')
  const clock = deadlines()
  const warn = vi.spyOn(console, 'warn')
  const verify = watchedVerifyWorker(start, { timers: clock.timers })
  const answer = verify.verify(events)
  await vi.waitFor(() => expect(clock.pending()).toBe(1))
  clock.expire()
  await expect(answer).resolves.toEqual([true, true, true])
  expect(fates()).toEqual([
    { kind: 'silent', terminated: true },
    { kind: 'answers', terminated: false },
  ])
  expect(warn).not.toHaveBeenCalled()
})

it('when it stops a worker, sends every batch still on it to the fresh worker at once', async () => {
  const { start, fates } = workers('silent', 'answers')
  const clock = deadlines()
  const verify = watchedVerifyWorker(start, { timers: clock.timers })
  const first = verify.verify(events)
  const second = verify.verify([signed('second')])
  await vi.waitFor(() => expect(clock.pending()).toBe(2))
  clock.expireFirst() // the second batch's deadline has not passed
  await expect(first).resolves.toEqual([true, true, true])
  await expect(second).resolves.toEqual([true])
  expect(fates()).toEqual([
    { kind: 'silent', terminated: true },
    { kind: 'answers', terminated: false },
  ])
  expect(clock.pending()).toBe(0)
})

it('answers events as not verified, with a warning, when the fresh worker does not answer either; the next batch starts another', async () => {
  const { start, fates } = workers('silent', 'silent', 'answers')
  const clock = deadlines()
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
  const verifier = createVerifier([watchedVerifyWorker(start, { timers: clock.timers })])
  const answers = Promise.all(events.map((event) => verifier.verify(event)))
  await vi.waitFor(() => expect(clock.pending()).toBe(1))
  clock.expire()
  await vi.waitFor(() => expect(fates()).toHaveLength(2))
  await vi.waitFor(() => expect(clock.pending()).toBe(1))
  clock.expire()
  await expect(answers).resolves.toEqual([false, false, false])
  expect(warn.mock.calls).toEqual([
    [
      'Plume: two verify workers in turn gave no answer for a batch of 3 events; they are dropped as not verified',
    ],
  ])
  await expect(verifier.verify(signed('after'))).resolves.toBe(true)
  expect(fates()).toEqual([
    { kind: 'silent', terminated: true },
    { kind: 'silent', terminated: true },
    { kind: 'answers', terminated: false },
  ])
})

it("takes a worker's error as a failure at once, without waiting for the deadline, under way or idle", async () => {
  const { start, started, fates } = workers('silent', 'answers', 'answers')
  const clock = deadlines()
  const verify = watchedVerifyWorker(start, { timers: clock.timers })
  const answer = verify.verify(events)
  await vi.waitFor(() => expect(clock.pending()).toBe(1))
  started[0]!.port.dispatchEvent(new Event('error'))
  await vi.waitFor(() => expect(fates()).toHaveLength(2))
  await expect(answer).resolves.toEqual([true, true, true])
  // Between batches: the next batch goes to a fresh worker at once.
  started[1]!.port.dispatchEvent(new Event('error'))
  await expect(verify.verify([signed('next')])).resolves.toEqual([true])
  expect(fates()).toEqual([
    { kind: 'silent', terminated: true },
    { kind: 'answers', terminated: true },
    { kind: 'answers', terminated: false },
  ])
  expect(clock.pending()).toBe(0)
})

it('never restarts a worker that answers, and starts none while it is given one', async () => {
  const { start, fates } = workers('answers', 'answers')
  const clock = deadlines()
  const verify = watchedVerifyWorker(start, { first: start(), timers: clock.timers })
  for (const content of ['a', 'b', 'c']) {
    await expect(verify.verify([signed(content)])).resolves.toEqual([true])
    // Its deadline ends with the answer: time passing after it restarts nothing.
    expect(clock.pending()).toBe(0)
    clock.expire()
  }
  expect(fates()).toEqual([{ kind: 'answers', terminated: false }])
})
