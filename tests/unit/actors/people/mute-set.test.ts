import { QueryClient, queryOptions } from '@tanstack/react-query'
import { v2 as nip44 } from 'nostr-tools/nip44'
import { generateSecretKey, getPublicKey } from 'nostr-tools/pure'
import { afterEach, describe, expect, it } from 'vitest'
import { localKeySigner } from '../../../../src/actors/identity/signers/local-key.ts'
import type { MuteSetWatch } from '../../../../src/actors/people/mute-set.ts'
import { type PrivateMutes, privateMutes } from '../../../../src/actors/people/private-mutes.ts'
import { profileKeys } from '../../../../src/actors/people/profile-keys.ts'
import type { PublicMuteList } from '../../../../src/actors/people/profile-queries.ts'
import { startMuteSet } from '../../../../src/actors/system/people.ts'
import { NO_MUTES } from '../../../../src/core/people/mute-set.ts'
import { Secret } from '../../../../src/core/platform/secret.ts'

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
function setup(
  lists: Record<string, PublicMuteList | null>,
  cached?: PublicMuteList,
  secrets?: PrivateMutes,
) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  if (cached) queryClient.setQueryData(profileKeys.muteList(USER), cached)
  let listener: (state: MuteSetWatch) => void = () => {}
  const actor = startMuteSet({
    queryClient,
    secrets,
    muteList: (pubkey) =>
      queryOptions({
        queryKey: profileKeys.muteList(pubkey),
        // A user the relays know nothing of: no relay answered (spec §8).
        queryFn: async () => {
          if (!(pubkey in lists)) throw new Error('Failed to load profile')
          return lists[pubkey] ?? null
        },
      }),
    watch: (next) => {
      listener = next
      next({ user: null, relays: false })
      return () => {}
    },
  })
  const people = () => [...actor.getSnapshot().context.set.people]
  return {
    queryClient,
    actor,
    people,
    logIn: (user: string | null, relays = true, signer = true) =>
      listener({ user, relays, signer }),
  }
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

  it('holds the stored copy at once, and asks the relays only once the pool has some', async () => {
    const { people, logIn, queryClient } = setup({ [USER]: listOf() }, listOf(MUTED))
    clients.push(queryClient)
    logIn(USER, false)
    expect(people()).toEqual([MUTED])
    // Without relays nothing is asked: an empty answer would unmute everyone.
    expect(queryClient.getQueryState(profileKeys.muteList(USER))?.fetchStatus).toBe('idle')
    logIn(USER, true)
    await expect.poll(people).toEqual([])
  })

  it('is known logged out, with a stored copy, once the relays answer or fail; not before', async () => {
    const known = (actor: ReturnType<typeof setup>['actor']) => actor.getSnapshot().context.known
    const fresh = setup({ [USER]: listOf(MUTED) })
    clients.push(fresh.queryClient)
    expect(known(fresh.actor)).toBe(true)
    fresh.logIn(USER, false)
    expect(known(fresh.actor)).toBe(false)
    fresh.logIn(USER, true)
    await expect.poll(() => known(fresh.actor)).toBe(true)
    expect(fresh.people()).toEqual([MUTED])

    const stored = setup({ [USER]: listOf() }, listOf(MUTED))
    clients.push(stored.queryClient)
    stored.logIn(USER, false)
    expect(known(stored.actor)).toBe(true)

    const failing = setup({})
    clients.push(failing.queryClient)
    failing.logIn(USER, true)
    await expect.poll(() => known(failing.actor)).toBe(true)
    expect(failing.people()).toEqual([])
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

describe('the private part (NIP-51, decrypted in memory)', () => {
  const key = generateSecretKey()
  const me = getPublicKey(key)
  const HIDDEN = 'b'.repeat(64)
  const toSelf = nip44.utils.getConversationKey(key, me)
  const sealed = (tags: string[][]) => nip44.encrypt(JSON.stringify(tags), toSelf)
  const withPrivate = (content: string): PublicMuteList => ({ ...listOf(MUTED), content })
  const secrets = () => privateMutes(() => localKeySigner(new Secret(key)))

  it('mutes the union of both parts once decrypted with the user’s key', async () => {
    const list = withPrivate(
      sealed([
        ['p', HIDDEN],
        ['word', 'Secret plan'],
        ['t', 'spoilers'],
      ]),
    )
    const { actor, people, logIn, queryClient } = setup({ [me]: list }, undefined, secrets())
    clients.push(queryClient)
    logIn(me)
    await expect.poll(() => actor.getSnapshot().context.privacy).toBe('decrypted')
    expect(people().sort()).toEqual([MUTED, HIDDEN].sort())
    expect(actor.getSnapshot().context.set.words).toEqual(['secret plan'])
    expect([...actor.getSnapshot().context.set.hashtags]).toEqual(['spoilers'])
    // The query (persisted) holds the ciphertext only.
    expect(JSON.stringify(queryClient.getQueryData(profileKeys.muteList(me)))).not.toMatch(
      /secret plan/i,
    )
    logIn(null)
    expect(actor.getSnapshot().context.set).toBe(NO_MUTES)
  })

  it('a part it cannot decrypt (another key, garbage) leaves the public part applied and says so', async () => {
    const foreign = nip44.encrypt(
      `[["p","${HIDDEN}"]]`,
      nip44.utils.getConversationKey(generateSecretKey(), me),
    )
    for (const content of [foreign, 'garbage']) {
      const { actor, people, logIn, queryClient } = setup(
        { [me]: withPrivate(content) },
        undefined,
        secrets(),
      )
      clients.push(queryClient)
      logIn(me)
      await expect.poll(() => actor.getSnapshot().context.privacy).toBe('undecryptable')
      expect(people()).toEqual([MUTED])
    }
  })

  it('a login that cannot decrypt yet (a locked key) tries again once it can', async () => {
    const list = withPrivate(sealed([['p', HIDDEN]]))
    const { actor, people, logIn, queryClient } = setup({ [me]: list }, undefined, secrets())
    clients.push(queryClient)
    logIn(me, true, false)
    await expect.poll(() => actor.getSnapshot().context.privacy).toBe('locked')
    expect(people()).toEqual([MUTED])
    logIn(me, true, true)
    await expect.poll(people).toEqual([MUTED, HIDDEN])
  })
})
