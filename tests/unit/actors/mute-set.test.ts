import { QueryClient, queryOptions } from '@tanstack/react-query'
import { afterEach, describe, expect, it } from 'vitest'
import { startMuteSet } from '../../../src/actors/mute-set.ts'
import { profileKeys } from '../../../src/actors/profile-keys.ts'
import type { PublicMuteList } from '../../../src/actors/profile-queries.ts'
import { NO_MUTES } from '../../../src/core/mute-set.ts'

const USER = '1'.repeat(64)
const OTHER_USER = '2'.repeat(64)
const MUTED = 'a'.repeat(64)

const listOf = (...people: string[]): PublicMuteList => ({
  people: people.map((pubkey) => ({ pubkey, relay: '', petname: '' })),
  hashtags: [],
  words: [],
  threads: [],
  createdAt: 1,
})

/** A login to drive by hand, and the relays' lists per user. */
function setup(lists: Record<string, PublicMuteList | null>, cached?: PublicMuteList) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  if (cached) queryClient.setQueryData(profileKeys.muteList(USER), cached)
  let listener: (user: string | null) => void = () => {}
  const actor = startMuteSet({
    queryClient,
    muteList: (pubkey) =>
      queryOptions({
        queryKey: profileKeys.muteList(pubkey),
        queryFn: async () => lists[pubkey] ?? null,
      }),
    watchUser: (next) => {
      listener = next
      next(null)
      return () => {}
    },
  })
  const people = () => [...actor.getSnapshot().context.set.people]
  return { queryClient, actor, people, logIn: (user: string | null) => listener(user) }
}

let clients: QueryClient[] = []
afterEach(() => {
  for (const client of clients) client.clear()
  clients = []
})

describe('the mute set actor', () => {
  it('mutes nothing logged out; a login brings the user’s list from the relays', async () => {
    const { actor, people, logIn, queryClient } = setup({ [USER]: listOf(MUTED) })
    clients.push(queryClient)
    expect(actor.getSnapshot().context.set).toBe(NO_MUTES)
    logIn(USER)
    await expect.poll(people).toEqual([MUTED])
    logIn(null)
    expect(actor.getSnapshot().context.set).toBe(NO_MUTES)
  })

  it('holds the stored copy at once, before any relay answers', () => {
    const { people, logIn, queryClient } = setup({}, listOf(MUTED))
    clients.push(queryClient)
    logIn(USER)
    expect(people()).toEqual([MUTED])
  })

  it('follows a mute or unmute written to the query, and only the user’s own list', async () => {
    const { people, logIn, queryClient } = setup({ [USER]: listOf() })
    clients.push(queryClient)
    logIn(USER)
    queryClient.setQueryData(profileKeys.muteList(USER), listOf(MUTED))
    expect(people()).toEqual([MUTED])
    queryClient.setQueryData(profileKeys.muteList(OTHER_USER), listOf())
    expect(people()).toEqual([MUTED])
    queryClient.setQueryData(profileKeys.muteList(USER), listOf())
    expect(people()).toEqual([])
  })

  it('switches to another account’s list', async () => {
    const { people, logIn, queryClient } = setup({
      [USER]: listOf(MUTED),
      [OTHER_USER]: listOf(),
    })
    clients.push(queryClient)
    logIn(USER)
    await expect.poll(people).toEqual([MUTED])
    logIn(OTHER_USER)
    await expect.poll(people).toEqual([])
    // The first account's list changing no longer matters.
    queryClient.setQueryData(profileKeys.muteList(USER), listOf(MUTED, OTHER_USER))
    expect(people()).toEqual([])
  })
})
