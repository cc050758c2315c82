// A relay that forges is told to the pool's health as the app wires it (actors/system/relays.ts),
// on a real relay: every rejection counted, told once per relay for the task that found them.
import { finalizeEvent, generateSecretKey } from 'nostr-tools/pure'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { WebSocket } from 'ws'
import { waitFor } from 'xstate'
import { createVerifier } from '../../../../src/actors/relays/verifier.ts'
import { type RelayHandle, startRelay } from '../../../peers/relay.ts'
import { closeVerifyApi, verifyApi } from '../../workers/verify-port.ts'
import { appRelays } from './app-relays.ts'

// Node 20 has no global WebSocket; browsers do.
Object.assign(globalThis, { WebSocket })

const FORGED = 40
const author = generateSecretKey()
const now = Math.floor(Date.now() / 1000)
const notes = Array.from({ length: FORGED }, (_, i) =>
  finalizeEvent({ kind: 1, created_at: now - i, tags: [], content: `note ${i}` }, author),
)

let forger: RelayHandle
beforeAll(async () => {
  forger = await startRelay({ seed: notes, faults: { corruptSignatures: () => true } })
})
afterAll(async () => {
  closeVerifyApi()
  await forger.close()
})

it('counts every forged event of a relay, told in fewer steps than events', async () => {
  const relays = await appRelays(createVerifier([verifyApi]), [
    { url: forger.url, permission: 'readwrite' },
  ])
  try {
    const told: number[] = []
    relays.pool.subscribe(({ context }) => {
      const count = context.rejected[forger.url] ?? 0
      if (count !== told.at(-1)) told.push(count)
    })
    await expect(relays.hub.query([{ kinds: [1], limit: FORGED }])).resolves.toEqual([])
    await waitFor(relays.pool, ({ context }) => context.rejected[forger.url] === FORGED)
    // One pool event per rejection was one per event (FORGED steps); checked in batches, fewer.
    expect(told.length).toBeLessThan(FORGED / 2)
    expect(told.at(-1)).toBe(FORGED)
  } finally {
    await relays.stop()
  }
})
