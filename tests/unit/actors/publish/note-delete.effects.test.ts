// Deleting one's own note against real relays: the real pool and socket machines over ws, the real
// hub verifying over a MessageChannel, a real key signer, the note-delete machine with the app's
// effects, and the deleted notes held in a real QueryClient.
import { QueryClient } from '@tanstack/react-query'
import { finalizeEvent, generateSecretKey, getPublicKey, type NostrEvent } from 'nostr-tools/pure'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { WebSocket } from 'ws'
import { createActor, waitFor } from 'xstate'
import { type DeletedNotes, startDeletedNotes } from '../../../../src/actors/feed/deleted-notes.ts'
import { localKeySigner } from '../../../../src/actors/identity/signers/local-key.ts'
import type { Signer } from '../../../../src/actors/platform/signer.ts'
import {
  noteDeleteEffects,
  noteDeleteRequest,
} from '../../../../src/actors/publish/note-delete.effects.ts'
import type { RelayHub } from '../../../../src/actors/relays/relay-hub.ts'
import { SIGNER_MISMATCH } from '../../../../src/actors/relays/relay-list.effects.ts'
import { createVerifier } from '../../../../src/actors/relays/verifier.ts'
import { toNote } from '../../../../src/core/feed/note.ts'
import { Secret } from '../../../../src/core/platform/secret.ts'
import { DELETE_MESSAGES } from '../../../../src/core/publish/note-delete.ts'
import type { RelayEntry } from '../../../../src/core/relays/relay-list.ts'
import { noteDeleteMachine } from '../../../../src/machines/note-delete.machine.ts'
import type { RelayPoolActorRef } from '../../../../src/machines/relay-pool.machine.ts'
import { type RelayHandle, startRelay } from '../../../peers/relay.ts'
import { closeVerifyApi, verifyApi } from '../../workers/verify-port.ts'
import { linkedPool } from '../relays/real-hub.ts'

// Node 20 has no global WebSocket; browsers do.
Object.assign(globalThis, { WebSocket })

const userKey = generateSecretKey()
const USER = getPublicKey(userKey)
const NOTE = finalizeEvent(
  { kind: 1, created_at: Math.floor(Date.now() / 1000) - 60, tags: [], content: 'oops' },
  userKey,
)

let home: RelayHandle
let keeper: RelayHandle
let refusing: RelayHandle
const pools: RelayPoolActorRef[] = []
const clients: QueryClient[] = []

beforeAll(async () => {
  home = await startRelay({ seed: [NOTE] })
  // Keeps what a deletion names (no NIP-09), and is only read from: a relay the note was seen on.
  keeper = await startRelay({ seed: [NOTE], keepDeleted: true })
  // Refuses every EVENT ('auth-required'), and the hub here cannot authenticate.
  refusing = await startRelay({ seed: [NOTE], auth: { write: true } })
})
afterAll(async () => {
  closeVerifyApi()
  await Promise.all([home.close(), keeper.close(), refusing.close()])
})
afterEach(async () => {
  for (const pool of pools.splice(0)) {
    await waitFor(pool, (s) => !Object.values(s.context.phase).includes('connecting'))
    pool.stop()
  }
  for (const client of clients.splice(0)) client.clear()
})

interface World {
  hub: RelayHub
  pool: RelayPoolActorRef
  deleted: DeletedNotes
  /** Every set of deleted ids the views saw, in order. */
  seen: string[][]
}

function world(relays: RelayEntry[]): World {
  const { pool, hub } = linkedPool(createVerifier([verifyApi]), relays, {
    hub: { eoseTimeoutMs: 400, publishTimeoutMs: 2000 },
  })
  pools.push(pool)
  const queryClient = new QueryClient()
  clients.push(queryClient)
  const deleted = startDeletedNotes(queryClient)
  const seen: string[][] = []
  deleted.actor.subscribe(({ context }) => seen.push([...context.ids]))
  return { hub, pool, deleted, seen }
}

function start(
  { hub, pool, deleted }: World,
  options: { signer?: Signer; online?: () => boolean } = {},
) {
  const signer = options.signer ?? localKeySigner(new Secret(userKey))
  const machine = noteDeleteMachine.provide(
    noteDeleteEffects({ hub, signer: () => signer, deleted, online: options.online }),
  )
  const actor = createActor(machine).start()
  const note = toNote(NOTE, Date.now())
  const request = noteDeleteRequest(
    {
      user: () => USER,
      pool: () => pool.getSnapshot().context.entries,
      seenOn: (id) => hub.seenOn(id),
    },
    note,
  )
  actor.send({ type: 'delete.requested', request })
  return { actor, request }
}

const deletionOn = (relay: RelayHandle): NostrEvent | undefined =>
  relay.events().find((event) => event.kind === 5 && event.pubkey === USER)
const holds = (relay: RelayHandle, id: string) => relay.events().some((event) => event.id === id)

describe('deleting one’s own note', () => {
  it('hidden at once; the kind 5 goes to the write relays and to every relay the note was seen on', async () => {
    const w = world([
      { url: home.url, permission: 'readwrite' },
      { url: keeper.url, permission: 'read' },
    ])
    // The note as a view read it: from both relays.
    await waitFor(
      w.pool,
      ({ context }) =>
        Object.values(context.phase).filter((phase) => phase === 'connected').length === 2,
    )
    await w.hub.query([{ ids: [NOTE.id] }])
    // The second copy's relay is noted once it is verified too.
    await vi.waitFor(() => expect(w.hub.seenOn(NOTE.id)).toHaveLength(2))

    const { actor, request } = start(w)
    expect(request.relays).toHaveLength(2)
    expect(actor.getSnapshot().matches('confirming')).toBe(true)
    actor.send({ type: 'delete.confirmed', reason: 'posted by mistake' })
    // Gone from every view before any relay answered.
    expect(w.seen.at(-1)).toEqual([NOTE.id])
    const done = await waitFor(actor, (s) => s.matches('done') || s.matches('failed'))
    expect(done.value).toBe('done')
    expect(done.context.results.some((result) => result.ok)).toBe(true)

    await vi.waitFor(() => expect(deletionOn(keeper)).toBeDefined())
    const deletion = deletionOn(home)!
    expect(deletion.tags).toEqual([
      ['e', NOTE.id],
      ['k', '1'],
      ['client', 'Plume'],
    ])
    expect(deletion.content).toBe('posted by mistake')
    expect(deletionOn(keeper)?.id).toBe(deletion.id)
    // The relay that honours NIP-09 dropped the note; the one that does not still serves it, and
    // the app keeps it out of its views all the same.
    expect(holds(home, NOTE.id)).toBe(false)
    expect(holds(keeper, NOTE.id)).toBe(true)
    expect([...w.deleted.actor.getSnapshot().context.ids]).toEqual([NOTE.id])
  })

  it('no relay accepts: the note comes back, "Delete failed" with every relay’s answer', async () => {
    const w = world([{ url: refusing.url, permission: 'readwrite' }])
    const { actor } = start(w)
    actor.send({ type: 'delete.confirmed' })
    const failed = await waitFor(actor, (s) => s.matches('failed') || s.matches('done'))
    expect(failed.value).toBe('failed')
    expect(failed.context.error).toBe(DELETE_MESSAGES.failed)
    expect(failed.context.detail).toMatch(
      new RegExp(`^Publish failed: ${refusing.url}/?: auth-required: `),
    )
    // Hidden, then shown again.
    expect(w.seen.some((ids) => ids.includes(NOTE.id))).toBe(true)
    expect(w.deleted.actor.getSnapshot().context.ids.has(NOTE.id)).toBe(false)
    expect(deletionOn(refusing)).toBeUndefined()
    expect(holds(refusing, NOTE.id)).toBe(true)
  })

  it('offline: not sent, and said so', async () => {
    const w = world([{ url: home.url, permission: 'readwrite' }])
    const { actor } = start(w, { online: () => false })
    actor.send({ type: 'delete.confirmed' })
    const failed = await waitFor(actor, (s) => s.matches('failed'))
    expect(failed.context.detail).toBe(DELETE_MESSAGES.offline)
    expect(w.deleted.actor.getSnapshot().context.ids.size).toBe(0)
  })

  it('a signer for another account is not the user: nothing is sent', async () => {
    const w = world([{ url: home.url, permission: 'readwrite' }])
    const stranger = localKeySigner(new Secret(generateSecretKey()))
    const { actor } = start(w, { signer: stranger })
    actor.send({ type: 'delete.confirmed' })
    const failed = await waitFor(actor, (s) => s.matches('failed'))
    expect(failed.context.detail).toBe(SIGNER_MISMATCH)
  })
})
