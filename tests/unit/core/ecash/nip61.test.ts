// NIP-61: the nutzap info event (10019) and the nutzap (9321) built and read back, and the
// checks on an incoming nutzap against proofs really signed by a test keyset: mint listed,
// locked to the wallet key (with or without the 02 prefix in the 10019), DLEQ present and valid.
import { OutputData, type Proof } from '@cashu/cashu-ts'
import { finalizeEvent, generateSecretKey, getPublicKey } from 'nostr-tools/pure'
import { describe, expect, it } from 'vitest'
import { P2PK_ERRORS } from '../../../../src/core/ecash/cashu-p2pk.ts'
import { toStoredProof } from '../../../../src/core/ecash/cashu-proof-book.ts'
import { TOKEN_ERRORS } from '../../../../src/core/ecash/cashu-token.ts'
import {
  listedMint,
  lockedTo,
  NIP61_KINDS,
  NUTZAP_ERRORS,
  nutzapInfoTemplate,
  nutzapTemplate,
  parseNutzap,
  parseNutzapInfo,
} from '../../../../src/core/ecash/nip61.ts'
import { checkNutzap } from '../../../../src/core/ecash/nip61-check.ts'
import { createKeyset, type MintKeyset } from '../../../peers/mint/keysets.ts'
import { signOutput } from '../../../peers/mint/signing.ts'

const keyset = createKeyset({ seed: new Uint8Array(32).fill(7) })
const walletKey = generateSecretKey()
const walletPub = getPublicKey(walletKey) // x-only, 64 hex
const MINT = 'https://mint.example.com'

/** Proofs the keyset signed, P2PK-locked to `pubkey`, each with its DLEQ. */
function lockedProofs(set: MintKeyset, amount: number, pubkey: string): Proof[] {
  return OutputData.createP2PKData({ pubkey }, amount, set).map((output) => {
    const { amount: value, id, B_ } = output.blindedMessage
    const signature = signOutput(set, { amount: value.toNumber(), id, B_ })
    return output.toProof({ ...signature, amount: value }, set)
  })
}

const sender = generateSecretKey()
const recipient = getPublicKey(generateSecretKey())

function signedNutzap(proofs: Proof[], mint = MINT) {
  const template = nutzapTemplate(
    {
      recipient,
      mint,
      proofs: proofs.map(toStoredProof),
      comment: 'Great note',
      event: { id: 'ab'.repeat(32), kind: 1, relay: 'wss://relay.example.com' },
    },
    1_700_000_000,
  )
  return finalizeEvent(template, sender)
}

const myInfo = {
  relays: ['wss://relay.example.com'],
  mints: [{ url: MINT, units: ['sat'] }],
  pubkey: `02${walletPub}`,
}
const keysetOf = (id: string) => (id === keyset.id ? keyset : undefined)

describe('nutzap info (kind 10019)', () => {
  it('is built with relay, mint and 02-prefixed pubkey tags, and read back', () => {
    const template = nutzapInfoTemplate({ ...myInfo, pubkey: walletPub }, 1)
    expect(template.kind).toBe(10019)
    expect(template.tags).toEqual([
      ['relay', 'wss://relay.example.com'],
      ['mint', MINT, 'sat'],
      ['pubkey', `02${walletPub}`],
    ])
    expect(parseNutzapInfo(template)).toEqual(myInfo)
  })

  it('accepts the pubkey with or without the 02 prefix; no key or no mint is no info', () => {
    const tags = [
      ['mint', MINT],
      ['pubkey', walletPub],
    ]
    expect(parseNutzapInfo({ kind: 10019, tags })?.pubkey).toBe(`02${walletPub}`)
    expect(parseNutzapInfo({ kind: 10019, tags: [['mint', MINT]] })).toBeNull()
    expect(parseNutzapInfo({ kind: 10019, tags: [['pubkey', walletPub]] })).toBeNull()
    expect(parseNutzapInfo({ kind: 10019, tags: [...tags, ['pubkey', 'xyz']] })?.pubkey).toBe(
      `02${walletPub}`,
    )
    expect(parseNutzapInfo({ kind: 10002, tags })).toBeNull()
    expect(() => nutzapInfoTemplate({ ...myInfo, pubkey: 'abc' }, 1)).toThrow(P2PK_ERRORS.invalid)
  })

  it('matches a wallet mint to the listed one as the recipient wrote it, sats only', () => {
    const info = {
      ...myInfo,
      mints: [
        { url: 'https://Mint.Example.com/', units: ['sat'] },
        { url: 'https://usd.example.com', units: ['usd'] },
      ],
    }
    expect(listedMint(info, MINT)?.url).toBe('https://Mint.Example.com/')
    expect(listedMint(info, 'https://usd.example.com')).toBeUndefined()
    expect(listedMint(info, 'https://other.example.com')).toBeUndefined()
  })
})

describe('nutzap (kind 9321)', () => {
  it('carries proofs as JSON, the unit, u, e, k and p tags and the comment, read back', () => {
    const proofs = lockedProofs(keyset, 5, `02${walletPub}`)
    const event = signedNutzap(proofs)
    expect(event.kind).toBe(NIP61_KINDS.nutzap)
    expect(event.tags.filter((t) => t[0] !== 'proof')).toEqual([
      ['unit', 'sat'],
      ['u', MINT],
      ['e', 'ab'.repeat(32), 'wss://relay.example.com'],
      ['k', '1'],
      ['p', recipient],
    ])
    const nutzap = parseNutzap(event)
    expect(nutzap).toMatchObject({
      sender: getPublicKey(sender),
      recipient,
      mint: MINT,
      unit: 'sat',
      comment: 'Great note',
      event: 'ab'.repeat(32),
    })
    expect(nutzap?.proofs).toEqual(proofs.map(toStoredProof))
    expect(nutzap?.proofs.reduce((sum, p) => sum + p.amount, 0)).toBe(5)
    expect(lockedTo(nutzap!.proofs[0]!.secret)).toBe(`02${walletPub}`)
  })

  it('is not a nutzap without u or p, or with an unreadable proof', () => {
    const event = signedNutzap(lockedProofs(keyset, 1, `02${walletPub}`))
    const without = (name: string) => ({ ...event, tags: event.tags.filter((t) => t[0] !== name) })
    expect(parseNutzap(without('u'))).toBeNull()
    expect(parseNutzap(without('p'))).toBeNull()
    expect(parseNutzap({ ...event, tags: [...event.tags, ['proof', '{nope']] })).toBeNull()
    expect(parseNutzap({ ...event, tags: [...event.tags, ['proof', '{"id":"x"}']] })).toBeNull()
  })
})

describe('checking an incoming nutzap', () => {
  it('accepts proofs from a listed mint, locked to my key, with valid DLEQs', () => {
    const nutzap = parseNutzap(signedNutzap(lockedProofs(keyset, 3, `02${walletPub}`)))!
    expect(() => checkNutzap(nutzap, myInfo, keysetOf)).not.toThrow()
    // The mint spelled otherwise (a trailing slash) is the same mint.
    expect(() => checkNutzap({ ...nutzap, mint: `${MINT}/` }, myInfo, keysetOf)).not.toThrow()
  })

  it('refuses a mint I do not list, another key, a missing or bad DLEQ, another unit', () => {
    const proofs = lockedProofs(keyset, 2, `02${walletPub}`)
    const nutzap = parseNutzap(signedNutzap(proofs))!
    expect(() =>
      checkNutzap({ ...nutzap, mint: 'https://other.example.com' }, myInfo, keysetOf),
    ).toThrow(NUTZAP_ERRORS.notListed)

    const elsewhere = lockedProofs(keyset, 2, `02${getPublicKey(generateSecretKey())}`)
    expect(() => checkNutzap(parseNutzap(signedNutzap(elsewhere))!, myInfo, keysetOf)).toThrow(
      NUTZAP_ERRORS.notLocked,
    )

    // Not locked at all: anyone who saw the event could take it.
    const plain = OutputData.createRandomData(1, keyset).map((output) => {
      const { amount: value, id, B_ } = output.blindedMessage
      return output.toProof(
        { ...signOutput(keyset, { amount: value.toNumber(), id, B_ }), amount: value },
        keyset,
      )
    })
    expect(() => checkNutzap(parseNutzap(signedNutzap(plain))!, myInfo, keysetOf)).toThrow(
      NUTZAP_ERRORS.notLocked,
    )

    const bare = nutzap.proofs.map(({ dleq: _, ...p }) => p)
    expect(() => checkNutzap({ ...nutzap, proofs: bare }, myInfo, keysetOf)).toThrow(
      TOKEN_ERRORS.invalidDleq,
    )
    const forged = nutzap.proofs.map((p) => ({ ...p, dleq: { ...p.dleq!, s: '11'.repeat(32) } }))
    expect(() => checkNutzap({ ...nutzap, proofs: forged }, myInfo, keysetOf)).toThrow(
      TOKEN_ERRORS.invalidDleq,
    )
    // Signed by a keyset that is not the mint's.
    const other = createKeyset({ seed: new Uint8Array(32).fill(8) })
    const foreign = parseNutzap(signedNutzap(lockedProofs(other, 1, `02${walletPub}`)))!
    expect(() => checkNutzap(foreign, myInfo, keysetOf)).toThrow(TOKEN_ERRORS.invalidDleq)

    expect(() => checkNutzap({ ...nutzap, unit: 'usd' }, myInfo, keysetOf)).toThrow(
      NUTZAP_ERRORS.unit,
    )
    expect(() => checkNutzap({ ...nutzap, proofs: [] }, myInfo, keysetOf)).toThrow(
      NUTZAP_ERRORS.noProofs,
    )
  })

  it('takes a 10019 key given without the prefix as the same key', () => {
    const nutzap = parseNutzap(signedNutzap(lockedProofs(keyset, 1, `02${walletPub}`)))!
    const info = parseNutzapInfo({
      kind: 10019,
      tags: [
        ['mint', MINT],
        ['pubkey', walletPub],
      ],
    })!
    expect(() => checkNutzap(nutzap, info, keysetOf)).not.toThrow()
  })
})
