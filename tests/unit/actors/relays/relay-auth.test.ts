// NIP-42: the AUTH event and one connection's authentication, with a scripted relay.
import { generateSecretKey, getPublicKey, type NostrEvent, verifyEvent } from 'nostr-tools/pure'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { localKeySigner } from '../../../../src/actors/identity/signers/local-key.ts'
import { lockedSigner, noSigner } from '../../../../src/actors/identity/signers/unavailable.ts'
import type { Signer } from '../../../../src/actors/platform/signer.ts'
import {
  AUTH_CHALLENGE_WAIT_MS,
  AUTH_EVENT_KIND,
  authEventTemplate,
  isAuthRequired,
  type OkAnswer,
  relayAuthSession,
  signAuthEvent,
} from '../../../../src/actors/relays/relay-auth.ts'
import { Secret } from '../../../../src/core/platform/secret.ts'

const key = generateSecretKey()
const signer = localKeySigner(new Secret(key))
const RELAY = 'wss://relay.example.com'

afterEach(() => {
  vi.useRealTimers()
})

describe('the AUTH event', () => {
  it('is kind 22242 with the relay and challenge tags, dated now, empty content', () => {
    expect(authEventTemplate(RELAY, 'abc', 1_700_000_000_999)).toEqual({
      kind: AUTH_EVENT_KIND,
      created_at: 1_700_000_000,
      tags: [
        ['relay', RELAY],
        ['challenge', 'abc'],
      ],
      content: '',
    })
  })

  it('is signed by the current signer', async () => {
    const event = await signAuthEvent(() => signer, RELAY, 'abc')
    expect(event).not.toBeNull()
    expect(verifyEvent(event!)).toBe(true)
    expect(event!.pubkey).toBe(getPublicKey(key))
    expect(event!.tags).toContainEqual(['challenge', 'abc'])
  })

  it('is null, quietly, when nobody can sign: signed out, public key only, locked key', async () => {
    const none = { ...noSigner('a'.repeat(64)), signEvent: vi.fn() }
    await expect(signAuthEvent(() => none, RELAY, 'abc')).resolves.toBeNull()
    expect(none.signEvent).not.toHaveBeenCalled()
    await expect(signAuthEvent(() => lockedSigner(), RELAY, 'abc')).resolves.toBeNull()
  })

  it('knows the auth-required: prefix', () => {
    expect(isAuthRequired('auth-required: we only serve members')).toBe(true)
    expect(isAuthRequired('restricted: not you')).toBe(false)
    expect(isAuthRequired('')).toBe(false)
  })
})

/** A relay that records AUTH frames and answers them as told. */
function scriptedRelay(answer: (event: NostrEvent) => OkAnswer) {
  const auths: NostrEvent[] = []
  let current: Signer = signer
  const waiting = new Map<string, (answer: OkAnswer) => void>()
  const session = relayAuthSession({
    url: RELAY,
    signer: () => current,
    send: (data) => {
      const [type, event] = JSON.parse(data) as [string, NostrEvent]
      expect(type).toBe('AUTH')
      auths.push(event)
      queueMicrotask(() => waiting.get(event.id)?.(answer(event)))
    },
    expectOk: (id) => new Promise((resolve) => waiting.set(id, resolve)),
  })
  return {
    session,
    auths,
    use(next: Signer) {
      current = next
    },
  }
}

describe('one connection', () => {
  it('answers the latest challenge once and stays authenticated', async () => {
    const relay = scriptedRelay(() => ({ ok: true, message: '' }))
    relay.session.challenged('first')
    relay.session.challenged('second')
    await expect(relay.session.authenticate()).resolves.toBe(true)
    await expect(relay.session.authenticate()).resolves.toBe(true)
    expect(relay.auths).toHaveLength(1)
    expect(relay.auths[0]!.tags).toContainEqual(['challenge', 'second'])
  })

  it(`waits up to ${AUTH_CHALLENGE_WAIT_MS} ms for a challenge that has not come yet`, async () => {
    vi.useFakeTimers()
    const relay = scriptedRelay(() => ({ ok: true, message: '' }))
    const late = relay.session.authenticate()
    await vi.advanceTimersByTimeAsync(AUTH_CHALLENGE_WAIT_MS / 2)
    relay.session.challenged('late')
    await expect(late).resolves.toBe(true)

    const never = scriptedRelay(() => ({ ok: true, message: '' }))
    const gaveUp = never.session.authenticate()
    await vi.advanceTimersByTimeAsync(AUTH_CHALLENGE_WAIT_MS)
    await expect(gaveUp).resolves.toBe(false)
    expect(never.auths).toEqual([])
  })

  it('does not ask the same signer again after a refusal, until a new challenge', async () => {
    let accept = false
    const relay = scriptedRelay(() => ({ ok: accept, message: accept ? '' : 'restricted: no' }))
    relay.session.challenged('one')
    await expect(relay.session.authenticate()).resolves.toBe(false)
    await expect(relay.session.authenticate()).resolves.toBe(false)
    expect(relay.auths).toHaveLength(1)
    accept = true
    relay.session.challenged('two')
    await expect(relay.session.authenticate()).resolves.toBe(true)
    expect(relay.auths).toHaveLength(2)
  })

  it('tries again with another signer (a login or an unlock since)', async () => {
    const relay = scriptedRelay(() => ({ ok: true, message: '' }))
    relay.use(lockedSigner())
    relay.session.challenged('c')
    await expect(relay.session.authenticate()).resolves.toBe(false)
    relay.use(signer)
    await expect(relay.session.authenticate()).resolves.toBe(true)
    expect(relay.auths).toHaveLength(1)
  })

  it('forgets the challenge and the authentication when the connection ends', async () => {
    vi.useFakeTimers()
    const relay = scriptedRelay(() => ({ ok: true, message: '' }))
    relay.session.challenged('c')
    await expect(relay.session.authenticate()).resolves.toBe(true)
    relay.session.reset()
    const again = relay.session.authenticate()
    await vi.advanceTimersByTimeAsync(AUTH_CHALLENGE_WAIT_MS)
    await expect(again).resolves.toBe(false)
    expect(relay.auths).toHaveLength(1)
  })
})
