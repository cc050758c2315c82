// The signers without a relay: the in-memory key, a browser extension faked by an object with a
// real key behind it (and the ways real extensions fail), the refusing signers, bunker links.
import * as nip04 from 'nostr-tools/nip04'
import { v2 as nip44 } from 'nostr-tools/nip44'
import {
  type EventTemplate,
  finalizeEvent,
  generateSecretKey,
  getPublicKey,
  type NostrEvent,
  verifyEvent,
} from 'nostr-tools/pure'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { localKeySigner } from '../../../../src/actors/identity/signers/local-key.ts'
import { type Nip07, nip07Signer } from '../../../../src/actors/identity/signers/nip07.ts'
import {
  BUNKER_WITHOUT_RELAY_MESSAGE,
  INVALID_BUNKER_MESSAGE,
  parseBunkerUri,
} from '../../../../src/actors/identity/signers/nip46.ts'
import { lockedSigner, noSigner } from '../../../../src/actors/identity/signers/unavailable.ts'
import { Secret } from '../../../../src/core/platform/secret.ts'

const alice = generateSecretKey()
const bob = generateSecretKey()
const alicePub = getPublicKey(alice)
const bobPub = getPublicKey(bob)
const template = (): EventTemplate => ({
  kind: 1,
  created_at: 1_700_000_000,
  tags: [['t', 'plume']],
  content: 'hello',
})
// finalizeEvent marks its result as verified; a JSON copy makes verifyEvent really check.
const verifies = (event: NostrEvent) => verifyEvent(JSON.parse(JSON.stringify(event)))
const never = <T>() => new Promise<T>(() => {})

describe('local key signer', () => {
  it('signs a valid event by the key, without touching the template', async () => {
    const signer = localKeySigner(new Secret(alice))
    const asked = template()
    const event = await signer.signEvent(asked)
    expect(signer.kind).toBe('nsec')
    expect(await signer.getPublicKey()).toBe(alicePub)
    expect(event.pubkey).toBe(alicePub)
    expect(event.content).toBe('hello')
    expect(verifies(event)).toBe(true)
    expect(asked).toEqual(template())
  })

  it('round-trips NIP-04 and NIP-44 with another key', async () => {
    const signer = localKeySigner(new Secret(alice))
    const to04 = await signer.nip04Encrypt(bobPub, 'secret 04')
    expect(nip04.decrypt(bob, alicePub, to04)).toBe('secret 04')
    expect(await signer.nip04Decrypt(bobPub, nip04.encrypt(bob, alicePub, 'back 04'))).toBe(
      'back 04',
    )
    const to44 = await signer.nip44Encrypt(bobPub, 'secret 44')
    const shared = nip44.utils.getConversationKey(bob, alicePub)
    expect(nip44.decrypt(to44, shared)).toBe('secret 44')
    expect(await signer.nip44Decrypt(bobPub, nip44.encrypt('back 44', shared))).toBe('back 44')
    // Twice with the same peer: the cached conversation key still works.
    expect(await signer.nip44Decrypt(bobPub, await signer.nip44Encrypt(bobPub, 'again'))).toBe(
      'again',
    )
  })

  it('rejects, never throws, on a bad peer key', async () => {
    const signer = localKeySigner(new Secret(alice))
    await expect(signer.nip44Encrypt('not a key', 'x')).rejects.toThrow()
  })

  it('close() zeroes its own copy of the key and refuses afterwards', async () => {
    const given = new Uint8Array(alice)
    const signer = localKeySigner(new Secret(given))
    await signer.nip44Encrypt(bobPub, 'warm the conversation cache')
    const fill = vi.spyOn(Uint8Array.prototype, 'fill')
    signer.close()
    const wiped = (fill.mock.contexts as Uint8Array[]).filter((array) => array.length === 32)
    fill.mockRestore()
    expect(wiped.length).toBeGreaterThanOrEqual(2) // the key and the conversation key
    for (const array of wiped) expect([...array].every((byte) => byte === 0)).toBe(true)
    expect(given).toEqual(alice) // the caller's bytes are the caller's to wipe
    await expect(signer.signEvent(template())).rejects.toThrow('No signing method available')
    await expect(signer.getPublicKey()).rejects.toThrow('No signing method available')
  })
})

/** A NIP-07 extension as a page sees it, with a real key behind it. */
function fakeExtension(key: Uint8Array, overrides: Partial<Nip07> = {}): Nip07 {
  const inner = localKeySigner(new Secret(key))
  return {
    getPublicKey: () => inner.getPublicKey(),
    signEvent: (event) => inner.signEvent(event),
    nip04: { encrypt: inner.nip04Encrypt, decrypt: inner.nip04Decrypt },
    nip44: { encrypt: inner.nip44Encrypt, decrypt: inner.nip44Decrypt },
    ...overrides,
  }
}

describe('NIP-07 signer', () => {
  afterEach(() => {
    vi.useRealTimers()
    delete (globalThis as { nostr?: Nip07 }).nostr
  })

  it('signs through the extension and checks what comes back', async () => {
    const signer = nip07Signer(fakeExtension(alice))
    expect(signer.kind).toBe('nip07')
    expect(await signer.getPublicKey()).toBe(alicePub)
    const event = await signer.signEvent(template())
    expect(event.pubkey).toBe(alicePub)
    expect(verifies(event)).toBe(true)
  })

  it('encrypts and decrypts through window.nostr.nip04 and nip44', async () => {
    const signer = nip07Signer(fakeExtension(alice))
    const shared = nip44.utils.getConversationKey(bob, alicePub)
    expect(nip44.decrypt(await signer.nip44Encrypt(bobPub, 'hi'), shared)).toBe('hi')
    expect(await signer.nip04Decrypt(bobPub, nip04.encrypt(bob, alicePub, 'yo'))).toBe('yo')
  })

  it('finds window.nostr when called, not when created: extensions inject late', async () => {
    const signer = nip07Signer()
    await expect(signer.getPublicKey()).rejects.toThrow('Nostr extension not found')
    await expect(signer.signEvent(template())).rejects.toThrow('Nostr extension not found')
    Object.assign(globalThis, { nostr: fakeExtension(alice) })
    expect(await signer.getPublicKey()).toBe(alicePub)
  })

  it('says so when the extension cannot encrypt', async () => {
    const { nip04: _04, nip44: _44, ...bare } = fakeExtension(alice)
    const signer = nip07Signer(bare)
    await expect(signer.nip44Encrypt(bobPub, 'x')).rejects.toThrow(
      'This extension cannot encrypt (NIP-44)',
    )
    await expect(signer.nip44Decrypt(bobPub, 'x')).rejects.toThrow(
      'This extension cannot decrypt (NIP-44)',
    )
    await expect(signer.nip04Encrypt(bobPub, 'x')).rejects.toThrow(
      'This extension cannot encrypt (NIP-04)',
    )
  })

  describe('deadlines (spec §9: 15 s public key, 20 s sign, 30 s sign with PoW)', () => {
    beforeEach(() => {
      vi.useFakeTimers()
    })

    /** Advances fake time; says whether the promise settled by then. */
    async function settledAfter(promise: Promise<unknown>, ms: number): Promise<boolean> {
      let settled = false
      promise.then(
        () => {
          settled = true
        },
        () => {
          settled = true
        },
      )
      await vi.advanceTimersByTimeAsync(ms)
      return settled
    }

    it('public key: 15 s', async () => {
      const signer = nip07Signer(fakeExtension(alice, { getPublicKey: never }))
      const asked = signer.getPublicKey()
      expect(await settledAfter(asked, 14_999)).toBe(false)
      expect(await settledAfter(asked, 1)).toBe(true)
      await expect(asked).rejects.toThrow(/^Extension did not respond in time$/)
    })

    it('sign: 20 s', async () => {
      const signer = nip07Signer(fakeExtension(alice, { signEvent: never }))
      const signing = signer.signEvent(template())
      expect(await settledAfter(signing, 19_999)).toBe(false)
      expect(await settledAfter(signing, 1)).toBe(true)
      await expect(signing).rejects.toThrow(
        'Extension did not respond to sign request within 20 seconds. Check the extension and try again.',
      )
    })

    it('sign with proof of work: 30 s', async () => {
      const signer = nip07Signer(fakeExtension(alice, { signEvent: never }))
      const signing = signer.signEvent(template(), { pow: true })
      expect(await settledAfter(signing, 20_000)).toBe(false)
      expect(await settledAfter(signing, 10_000)).toBe(true)
      await expect(signing).rejects.toThrow(
        /^Extension did not respond to sign request within 30 seconds/,
      )
    })

    it('encryption is bounded too', async () => {
      const stuck = { encrypt: never<string>, decrypt: never<string> }
      const signer = nip07Signer(fakeExtension(alice, { nip44: stuck }))
      const encrypting = signer.nip44Encrypt(bobPub, 'x')
      expect(await settledAfter(encrypting, 20_000)).toBe(true)
      await expect(encrypting).rejects.toThrow(/^Extension did not respond to nip44 encrypt/)
    })

    it('a timed-out public key request is asked again next time', async () => {
      let calls = 0
      const inner = fakeExtension(alice)
      const signer = nip07Signer(
        fakeExtension(alice, {
          getPublicKey: () => (++calls === 1 ? never<string>() : inner.getPublicKey()),
        }),
      )
      const first = signer.getPublicKey()
      expect(await settledAfter(first, 15_000)).toBe(true)
      await expect(first).rejects.toThrow('Extension did not respond in time')
      await expect(signer.getPublicKey()).resolves.toBe(alicePub)
    })
  })

  describe('an extension that misbehaves is an error, not a success', () => {
    const signedBy = (key: Uint8Array, change: (event: NostrEvent) => NostrEvent) =>
      fakeExtension(alice, {
        signEvent: async (t) => change(finalizeEvent({ ...t }, key)),
      })

    it('a bad signature', async () => {
      const signer = nip07Signer(
        signedBy(alice, (event) => ({
          ...event,
          sig: event.sig.replace(/^./, (c) => (c === '0' ? '1' : '0')),
        })),
      )
      await expect(signer.signEvent(template())).rejects.toThrow(
        'The extension returned an event whose signature does not verify',
      )
    })

    it('a signature that holds, by another key than the logged-in one', async () => {
      const signer = nip07Signer(signedBy(bob, (event) => event))
      await expect(signer.signEvent(template())).rejects.toThrow(
        'The extension signed with a different key than the one you are logged in with',
      )
    })

    it('another event than the one asked for', async () => {
      const signer = nip07Signer(
        fakeExtension(alice, {
          signEvent: async (t) => finalizeEvent({ ...t, content: 'something else' }, alice),
        }),
      )
      await expect(signer.signEvent(template())).rejects.toThrow(
        'The extension signed a different event than the one requested',
      )
    })

    it('garbage', async () => {
      const signer = nip07Signer(
        fakeExtension(alice, { signEvent: async () => 'ok' as unknown as NostrEvent }),
      )
      await expect(signer.signEvent(template())).rejects.toThrow(
        'The extension returned something that is not an event',
      )
    })

    it('an invalid public key', async () => {
      const signer = nip07Signer(fakeExtension(alice, { getPublicKey: async () => 'npub1…' }))
      await expect(signer.getPublicKey()).rejects.toThrow(
        'The extension returned an invalid public key',
      )
    })

    it("a refusal keeps the extension's words", async () => {
      const signer = nip07Signer(
        fakeExtension(alice, { signEvent: () => Promise.reject('User rejected the request') }),
      )
      await expect(signer.signEvent(template())).rejects.toThrow('User rejected the request')
      const silent = nip07Signer(fakeExtension(alice, { signEvent: () => Promise.reject() }))
      await expect(silent.signEvent(template())).rejects.toThrow(
        'The extension refused the request',
      )
    })

    it("a silent refusal of the public key reads as the sign-in's failure (spec §8)", async () => {
      const silent = nip07Signer(fakeExtension(alice, { getPublicKey: () => Promise.reject() }))
      await expect(silent.getPublicKey()).rejects.toThrow('Failed to sign in with extension')
      const worded = nip07Signer(
        fakeExtension(alice, { getPublicKey: () => Promise.reject(new Error('Not now')) }),
      )
      await expect(worded.getPublicKey()).rejects.toThrow('Not now')
    })
  })
})

describe('signers that cannot sign', () => {
  it('a locked nsec asks for the passphrase', async () => {
    const signer = lockedSigner(alicePub)
    const message = 'Key is locked. Please unlock your NSEC key with your passphrase to sign.'
    await expect(signer.signEvent(template())).rejects.toThrow(message)
    await expect(signer.nip44Decrypt(bobPub, 'x')).rejects.toThrow(message)
    expect(await signer.getPublicKey()).toBe(alicePub)
  })

  it('signed out or public key only: no signing method', async () => {
    const message = 'No signing method available'
    await expect(noSigner().signEvent(template())).rejects.toThrow(message)
    await expect(noSigner().getPublicKey()).rejects.toThrow(message)
    await expect(noSigner(alicePub).nip04Encrypt(bobPub, 'x')).rejects.toThrow(message)
    expect(await noSigner(alicePub).getPublicKey()).toBe(alicePub)
  })
})

describe('bunker links', () => {
  const signerPub = bobPub

  it('reads the signer key, its relays and the secret', () => {
    const uri = `bunker://${signerPub}?relay=wss%3A%2F%2Frelay.example.com&relay=wss://two.example&secret=abc`
    expect(parseBunkerUri(` ${uri} `)).toEqual({
      pubkey: signerPub,
      relays: ['wss://relay.example.com', 'wss://two.example'],
      secret: 'abc',
    })
  })

  it('reads secrets the way URLSearchParams writes them', () => {
    const uri = `bunker://${signerPub.toUpperCase()}?relay=ws://127.0.0.1:7000&secret=open+sesame`
    expect(parseBunkerUri(uri)).toMatchObject({ pubkey: signerPub, secret: 'open sesame' })
  })

  it('rejects what is not a bunker link, or names no usable relay', () => {
    expect(() => parseBunkerUri('nsec1abc')).toThrow(INVALID_BUNKER_MESSAGE)
    expect(() => parseBunkerUri(`bunker://${signerPub.slice(2)}?relay=wss://r.example`)).toThrow(
      INVALID_BUNKER_MESSAGE,
    )
    expect(() => parseBunkerUri(`bunker://${signerPub}`)).toThrow(BUNKER_WITHOUT_RELAY_MESSAGE)
    expect(() => parseBunkerUri(`bunker://${signerPub}?relay=https://r.example`)).toThrow(
      BUNKER_WITHOUT_RELAY_MESSAGE,
    )
  })
})
