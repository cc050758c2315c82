import { sha256 } from '@noble/hashes/sha2.js'
import { utf8ToBytes } from '@noble/hashes/utils.js'
import { finalizeEvent, generateSecretKey, getPublicKey, type NostrEvent } from 'nostr-tools/pure'
import { describe, expect, it } from 'vitest'
import { validZapAmountMsat, zapTotal } from '../../../../src/core/lightning/zap-totals.ts'
import { encodeInvoice } from '../../../peers/seed/bolt11.ts'

const service = generateSecretKey()
const SERVICE = getPublicKey(service)
const sender = generateSecretKey()
const NOTE = 'ab'.repeat(32)
const RECIPIENT = 'cd'.repeat(32)

function receipt(
  o: {
    msat?: number
    asked?: number | null
    note?: string
    signer?: Uint8Array
    hashOf?: string
  } = {},
): NostrEvent {
  const msat = o.msat ?? 21_000
  const tags = [
    ['p', RECIPIENT],
    ['e', o.note ?? NOTE],
    ['relays', 'wss://r.example'],
  ]
  if (o.asked !== null) tags.push(['amount', String(o.asked ?? msat)])
  const request = finalizeEvent({ kind: 9734, created_at: 1, tags, content: '' }, sender)
  const description = JSON.stringify(request)
  const bolt11 = encodeInvoice({
    amountMsat: msat,
    timestamp: 1,
    paymentHash: sha256(utf8ToBytes(`p${Math.random()}`)),
    paymentSecret: sha256(utf8ToBytes('s')),
    descriptionHash: sha256(utf8ToBytes(o.hashOf ?? description)),
    expirySeconds: 3600,
    nodeSecretKey: sha256(utf8ToBytes('node')),
  })
  return finalizeEvent(
    {
      kind: 9735,
      created_at: 2,
      tags: [
        ['p', RECIPIENT],
        ['e', NOTE],
        ['bolt11', bolt11],
        ['description', description],
      ],
      content: '',
    },
    o.signer ?? service,
  )
}

const expected = { eventId: NOTE, nostrPubkey: SERVICE }

describe('zap receipts validated per NIP-57 appendix F', () => {
  it('counts a receipt signed by the service, for the note, paying what was asked', () => {
    expect(validZapAmountMsat(receipt(), expected)).toBe(21_000)
    expect(validZapAmountMsat(receipt({ asked: null, msat: 5000 }), expected)).toBe(5000)
  })

  it('refuses a receipt signed by another key than the nostrPubkey', () => {
    expect(validZapAmountMsat(receipt({ signer: generateSecretKey() }), expected)).toBeNull()
  })

  it('refuses an invoice amount that differs from the request amount', () => {
    expect(validZapAmountMsat(receipt({ msat: 21_000, asked: 1_000_000 }), expected)).toBeNull()
  })

  it('refuses a request for another note, and an invoice not committing to the request', () => {
    expect(validZapAmountMsat(receipt({ note: 'ef'.repeat(32) }), expected)).toBeNull()
    expect(validZapAmountMsat(receipt({ hashOf: 'something else' }), expected)).toBeNull()
  })

  it('refuses a receipt without a zap request description', () => {
    const bare = finalizeEvent(
      {
        kind: 9735,
        created_at: 2,
        tags: [
          ['e', NOTE],
          ['bolt11', 'lnbc10n1x'],
        ],
        content: '',
      },
      service,
    )
    expect(validZapAmountMsat(bare, expected)).toBeNull()
  })
})

describe('zapTotal', () => {
  it('sums valid receipts once each, in sats', () => {
    const a = receipt({ msat: 21_000 })
    const b = receipt({ msat: 1_000_000 })
    const forged = receipt({ signer: generateSecretKey(), msat: 5_000_000 })
    expect(zapTotal([a, b, a, forged], expected)).toEqual({ msat: 1_021_000, sats: 1021, count: 2 })
    expect(zapTotal([], expected)).toEqual({ msat: 0, sats: 0, count: 0 })
  })
})
