// A relay that lets a request go unanswered is named to keep-alive, wired as the app wires it
// (actors/system/relays.ts), on real relays: one silent (its dropAll fault), one answering.
import { afterAll, beforeAll, expect, it } from 'vitest'
import { WebSocket } from 'ws'
import { createVerifier } from '../../../../src/actors/relays/verifier.ts'
import { type RelayHandle, startRelay } from '../../../peers/relay.ts'
import { closeVerifyApi, verifyApi } from '../../workers/verify-port.ts'
import { appRelays } from './app-relays.ts'

// Node 20 has no global WebSocket; browsers do.
Object.assign(globalThis, { WebSocket })

let silent: RelayHandle
let answering: RelayHandle
beforeAll(async () => {
  silent = await startRelay()
  answering = await startRelay()
})
afterAll(async () => {
  closeVerifyApi()
  await Promise.all([silent.close(), answering.close()])
})

it('a request one relay leaves unanswered names that relay, and only it, once per request', async () => {
  const named: string[] = []
  const relays = await appRelays(
    createVerifier([verifyApi]),
    [silent, answering].map(({ url }) => ({ url, permission: 'readwrite' as const })),
    (url) => named.push(url),
  )
  try {
    silent.setFaults({ dropAll: true })
    await relays.hub.query([{ kinds: [1], limit: 5 }])
    expect(named).toEqual([silent.url])
    silent.setFaults(undefined)
    await relays.hub.query([{ kinds: [1], limit: 5 }])
    expect(named).toEqual([silent.url])
  } finally {
    await relays.stop()
  }
})
