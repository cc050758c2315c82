import { expose, wrap } from 'comlink'
import { finalizeEvent, generateSecretKey } from 'nostr-tools/pure'
import { initNostrWasm } from 'nostr-wasm'
import { afterAll, describe, expect, it } from 'vitest'
import { createVerifyApi, type VerifyApi } from '../../../src/workers/verify-api.ts'

const key = generateSecretKey()
const good = finalizeEvent({ kind: 1, created_at: 1_700_000_000, tags: [], content: 'signed' }, key)
const flip = (hex: string) => (hex[0] === '0' ? `1${hex.slice(1)}` : `0${hex.slice(1)}`)

// The worker's API exposed over a real MessageChannel, as Comlink does between threads.
const channel = new MessageChannel()
expose(createVerifyApi(initNostrWasm), channel.port1)
const worker = wrap<VerifyApi>(channel.port2)
afterAll(() => {
  channel.port1.close()
  channel.port2.close()
})

describe('verify worker', () => {
  it('accepts a good event and rejects a bad signature, a bad id and a tampered content', async () => {
    const results = await worker.verify([
      good,
      { ...good, sig: flip(good.sig) },
      { ...good, id: flip(good.id) },
      { ...good, content: 'tampered' },
    ])
    expect(results).toEqual([true, false, false, false])
  })

  it('answers false for anything that is not an event', async () => {
    expect(await worker.verify([null, 1, 'x', { ...good, tags: 'no' }])).toEqual([
      false,
      false,
      false,
      false,
    ])
  })

  it('drops a forged event in a batch and accepts its honest neighbours', async () => {
    const events = Array.from({ length: 256 }, (_, i) =>
      finalizeEvent({ kind: 1, created_at: 1_700_000_000 + i, tags: [], content: `n${i}` }, key),
    )
    const forged = { ...events[77]!, sig: flip(events[78]!.sig) }
    const tampered = { ...events[200]!, content: 'tampered' }
    const results = await worker.verify(
      events.map((event, i) => (i === 77 ? forged : i === 200 ? tampered : event)),
    )
    expect(results.flatMap((ok, i) => (ok ? [] : [i]))).toEqual([77, 200])
  })

  it('verifies a large batch', async () => {
    const events = Array.from({ length: 300 }, (_, i) =>
      finalizeEvent({ kind: 1, created_at: 1_700_000_000 + i, tags: [], content: `n${i}` }, key),
    )
    const results = await worker.verify(events)
    expect(results.every(Boolean)).toBe(true)
  })
})
