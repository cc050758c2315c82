import { QueryClient, queryOptions } from '@tanstack/react-query'
import type { Filter } from 'nostr-tools/filter'
import type { NostrEvent } from 'nostr-tools/pure'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { profileKeys } from '../../../../src/actors/people/profile-keys.ts'
import type { ContactList } from '../../../../src/actors/people/profile-queries.ts'
import {
  startWebOfTrust,
  type WebOfTrustWatch,
} from '../../../../src/actors/people/web-of-trust.ts'

const key = (n: number) => n.toString(16).padStart(64, '0')
const USER = key(1)
/** 600 follows: three batches of at most 250 authors. */
const FOLLOWS = Array.from({ length: 600 }, (_, n) => key(1000 + n))
const THEIRS = (author: string) => key(Number.parseInt(author, 16) + 5000)
const STRANGER = key(99)

const listOf = (pubkeys: readonly string[]): ContactList => ({
  contacts: pubkeys.map((pubkey) => ({ pubkey, relay: '', petname: '' })),
  createdAt: 1,
})

/** A relay answering each asked author's kind 3, following one person of their own. */
function fakeHub(failing = new Set<number>()) {
  const asked: Filter[][] = []
  const query = vi.fn(async (filters: Filter[]): Promise<NostrEvent[]> => {
    asked.push(filters)
    if (failing.has(asked.length)) throw new Error('no relay answered')
    return (filters[0]?.authors ?? []).map(
      (author) =>
        ({ kind: 3, pubkey: author, created_at: 1, tags: [['p', THEIRS(author)]] }) as NostrEvent,
    )
  })
  return { hub: { query }, asked }
}

let clients: QueryClient[] = []
afterEach(() => {
  for (const client of clients) client.clear()
  clients = []
})

function setup(hub: ReturnType<typeof fakeHub>['hub'], follows: readonly string[] = FOLLOWS) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  clients.push(queryClient)
  let listener: (state: WebOfTrustWatch) => void = () => {}
  const actor = startWebOfTrust({
    hub,
    queryClient,
    contacts: (pubkey) =>
      queryOptions({
        queryKey: profileKeys.contacts(pubkey),
        queryFn: async () => (pubkey === USER ? listOf(follows) : null),
      }),
    watch: (next) => {
      listener = next
      next({ user: null, on: true, relays: false })
      return () => {}
    },
  })
  const settled = () => vi.waitFor(() => expect(actor.getSnapshot().value).toBe('ready'))
  return { actor, queryClient, watch: (state: WebOfTrustWatch) => listener(state), settled }
}

describe('the web-of-trust actor', () => {
  it('logged in with the setting on, asks the follows’ kind 3 in batches of 250 and trusts what they follow', async () => {
    const { hub, asked } = fakeHub()
    const { actor, watch, settled } = setup(hub)
    expect(actor.getSnapshot().context.trusted).toBeNull()
    watch({ user: USER, on: true, relays: true })
    await settled()
    expect(
      asked.map((filters) => filters.map((f) => [f.kinds, f.authors?.length, f.limit])),
    ).toEqual([[[[3], 250, 250]], [[[3], 250, 250]], [[[3], 100, 100]]])
    const trusted = actor.getSnapshot().context.trusted!
    expect(trusted.size).toBe(1 + 600 + 600)
    expect(trusted.has(USER)).toBe(true)
    expect(FOLLOWS.every((p) => trusted.has(p) && trusted.has(THEIRS(p)))).toBe(true)
    expect(trusted.has(STRANGER)).toBe(false)
  })

  it('a batch no relay answered leaves the follows and the other batches', async () => {
    const { hub } = fakeHub(new Set([2]))
    const { actor, watch, settled } = setup(hub)
    watch({ user: USER, on: true, relays: true })
    await settled()
    const trusted = actor.getSnapshot().context.trusted!
    expect(FOLLOWS.every((p) => trusted.has(p))).toBe(true)
    expect(trusted.has(THEIRS(FOLLOWS[0]!))).toBe(true)
    expect(trusted.has(THEIRS(FOLLOWS[250]!))).toBe(false)
    expect(trusted.has(THEIRS(FOLLOWS[500]!))).toBe(true)
  })

  it('asks nothing with the setting off, or before the pool has relays', async () => {
    const { hub, asked } = fakeHub()
    const { actor, queryClient, watch, settled } = setup(hub)
    watch({ user: USER, on: false, relays: true })
    expect(actor.getSnapshot().value).toBe('off')
    watch({ user: USER, on: true, relays: false })
    expect(actor.getSnapshot().value).toBe('waiting')
    // The user's contact list is not asked either: with no relay it would end empty.
    expect(queryClient.isFetching()).toBe(0)
    expect(asked).toEqual([])
    watch({ user: USER, on: true, relays: true })
    await settled()
    watch({ user: null, on: true, relays: true })
    expect(actor.getSnapshot().context.trusted).toBeNull()
  })
})
