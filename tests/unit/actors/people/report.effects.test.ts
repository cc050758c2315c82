// Reporting against real relays: the real pool and socket machines over ws, the real hub verifying
// over a MessageChannel, a real key signer, and the report machine with the app's effects.
import { finalizeEvent, generateSecretKey, getPublicKey, type NostrEvent } from 'nostr-tools/pure'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { WebSocket } from 'ws'
import { createActor, waitFor } from 'xstate'
import { localKeySigner } from '../../../../src/actors/identity/signers/local-key.ts'
import { reportEffects, reportRequest } from '../../../../src/actors/people/report.effects.ts'
import { createVerifier } from '../../../../src/actors/relays/verifier.ts'
import { REPORT_MESSAGES, type ReportTarget } from '../../../../src/core/people/report.ts'
import { Secret } from '../../../../src/core/platform/secret.ts'
import type { RelayEntry } from '../../../../src/core/relays/relay-list.ts'
import type { RelayPoolActorRef } from '../../../../src/machines/relay-pool.machine.ts'
import { reportMachine } from '../../../../src/machines/report.machine.ts'
import { type RelayHandle, startRelay } from '../../../peers/relay.ts'
import { closeVerifyApi, verifyApi } from '../../workers/verify-port.ts'
import { linkedPool } from '../relays/real-hub.ts'

// Node 20 has no global WebSocket; browsers do.
Object.assign(globalThis, { WebSocket })

const userKey = generateSecretKey()
const USER = getPublicKey(userKey)
const AUTHOR = getPublicKey(generateSecretKey())
const NOTE = finalizeEvent(
  { kind: 1, created_at: Math.floor(Date.now() / 1000) - 60, tags: [], content: 'buy now' },
  generateSecretKey(),
)

let home: RelayHandle
let refusing: RelayHandle
const pools: RelayPoolActorRef[] = []

beforeAll(async () => {
  home = await startRelay()
  // Refuses every EVENT ('auth-required'), and the hub here cannot authenticate.
  refusing = await startRelay({ auth: { write: true } })
})
afterAll(async () => {
  closeVerifyApi()
  await Promise.all([home.close(), refusing.close()])
})
afterEach(async () => {
  for (const pool of pools.splice(0)) {
    await waitFor(pool, (s) => !Object.values(s.context.phase).includes('connecting'))
    pool.stop()
  }
})

function start(relays: RelayEntry[], target: ReportTarget, online?: () => boolean) {
  const { pool, hub } = linkedPool(createVerifier([verifyApi]), relays, {
    hub: { eoseTimeoutMs: 400, publishTimeoutMs: 2000 },
  })
  pools.push(pool)
  const signer = localKeySigner(new Secret(userKey))
  const actor = createActor(
    reportMachine.provide(reportEffects({ hub, signer: () => signer, online })),
  ).start()
  const request = reportRequest(
    { user: () => USER, pool: () => pool.getSnapshot().context.entries },
    target,
  )
  actor.send({ type: 'report.requested', request })
  return { actor, request }
}

const reportOn = (relay: RelayHandle): NostrEvent | undefined =>
  relay.events().find((event) => event.kind === 1984 && event.pubkey === USER)

describe('reporting', () => {
  it("a note: the kind 1984 names it with the type and its author, to the user's write relays", async () => {
    const { actor, request } = start(
      [
        { url: home.url, permission: 'readwrite' },
        { url: refusing.url, permission: 'read' },
      ],
      { pubkey: NOTE.pubkey, noteId: NOTE.id },
    )
    // Read-only relays are not written to.
    expect(request.relays).toEqual([home.url])
    expect(actor.getSnapshot().matches('choosing')).toBe(true)
    actor.send({ type: 'report.confirmed', reportType: 'spam', comment: ' selling pills ' })
    const done = await waitFor(actor, (s) => s.matches('done') || s.matches('failed'))
    expect(done.value).toBe('done')
    const report = reportOn(home)!
    expect(report.tags).toEqual([
      ['e', NOTE.id, 'spam'],
      ['p', NOTE.pubkey],
      ['client', 'Plume'],
    ])
    expect(report.content).toBe('selling pills')
  })

  it('a person: the type goes on their p tag', async () => {
    const { actor } = start([{ url: home.url, permission: 'readwrite' }], { pubkey: AUTHOR })
    actor.send({ type: 'report.confirmed', reportType: 'impersonation', comment: '' })
    await waitFor(actor, (s) => s.matches('done'))
    const report = home
      .events()
      .find((event) => event.kind === 1984 && event.tags.some((tag) => tag[1] === AUTHOR))
    expect(report?.tags).toEqual([
      ['p', AUTHOR, 'impersonation'],
      ['client', 'Plume'],
    ])
  })

  it('no relay accepts: "Report not sent" with the answer, and Try again is open', async () => {
    const { actor } = start([{ url: refusing.url, permission: 'readwrite' }], {
      pubkey: NOTE.pubkey,
      noteId: NOTE.id,
    })
    actor.send({ type: 'report.confirmed', reportType: 'nudity' })
    const failed = await waitFor(actor, (s) => s.matches('failed') || s.matches('done'))
    expect(failed.value).toBe('failed')
    expect(failed.context.error).toBe(REPORT_MESSAGES.failed)
    expect(failed.context.detail).toMatch(
      new RegExp(`^Publish failed: ${refusing.url}/?: auth-required: `),
    )
    expect(reportOn(refusing)).toBeUndefined()
  })

  it('offline: not sent, and said so', async () => {
    const { actor } = start(
      [{ url: home.url, permission: 'readwrite' }],
      { pubkey: AUTHOR },
      () => false,
    )
    actor.send({ type: 'report.confirmed', reportType: 'spam' })
    const failed = await waitFor(actor, (s) => s.matches('failed'))
    expect(failed.context.detail).toBe(REPORT_MESSAGES.offline)
  })
})
