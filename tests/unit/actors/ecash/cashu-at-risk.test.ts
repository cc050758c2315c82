// What Clear Everything weighs, asked of the real test mint (tests/peers/mint): a deposit paid
// and not minted, a sent token not yet claimed, a mint that does not answer, a receive still
// holding its counters, a phrase not confirmed as written down.
import { injectWebSocketImpl, Mint, Wallet } from '@cashu/cashu-ts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WebSocket } from 'ws'
import { askMints, walletAtRisk } from '../../../../src/actors/ecash/cashu-at-risk.ts'
import { emptyRecord, type WalletRecord } from '../../../../src/actors/ecash/cashu-store.ts'
import { nothingAtRisk } from '../../../../src/core/ecash/wallet-loss.ts'
import { createFakeLightning } from '../../../peers/fake-lightning.ts'
import { freePort } from '../../../peers/free-port.ts'
import { type MintHandle, startMint } from '../../../peers/mint/server.ts'

Object.assign(globalThis, { WebSocket })
injectWebSocketImpl(WebSocket as unknown as typeof globalThis.WebSocket)

const lightning = createFakeLightning()
let mint: MintHandle
beforeAll(async () => {
  mint = await startMint({ lightning, name: 'At Risk Mint' })
})
afterAll(() => mint.stop())

const record = (part: Partial<WalletRecord>): WalletRecord => ({ ...emptyRecord(), ...part })

/** A quote of `amount` sats at the test mint, as the deposit machine stores it. */
async function quote(amount: number) {
  const made = await new Mint(mint.url).createMintQuoteBolt11({ amount, unit: 'sat' })
  return { quote: made.quote, request: made.request, amount, expiry: null, mint: mint.url }
}

/** Proofs worth `amount`, minted through a paid quote. */
async function minted(amount: number) {
  const wallet = new Wallet(mint.url, { unit: 'sat' })
  await wallet.loadMint()
  const q = await quote(amount)
  lightning.pay(q.request)
  return { wallet, proofs: await wallet.mintProofsBolt11(amount, q.quote) }
}

describe('walletAtRisk (what the mints and the wallet database say)', () => {
  it('finds nothing in an empty wallet or a wallet whose sends were all claimed', async () => {
    expect(await walletAtRisk([], askMints())).toEqual(nothingAtRisk())
    const { wallet, proofs } = await minted(8)
    // Claimed: the recipient swapped the proofs, so the mint reports them spent.
    await wallet.receive({ mint: mint.url, unit: 'sat', proofs })
    const sent = {
      id: 's',
      kind: 'send' as const,
      mint: mint.url,
      amount: 8,
      at: 1,
      token: 'cashuB…',
      secrets: proofs.map((p) => p.secret),
    }
    expect(await walletAtRisk([record({ history: [sent] })], askMints())).toEqual(nothingAtRisk())
  })

  it('counts a deposit the mint reports PAID (not an unpaid one) as paid and not minted', async () => {
    const paid = await quote(100)
    lightning.pay(paid.request)
    const unpaid = await quote(50)
    const risk = await walletAtRisk([record({ quotes: [paid, unpaid] })], askMints())
    expect(risk.paidDeposits).toEqual([100])
    expect(risk.uncheckedDeposits).toBe(0)
  })

  it('counts a sent token the mint reports unspent as not claimed', async () => {
    const { proofs } = await minted(16)
    const sent = {
      id: 's',
      kind: 'send' as const,
      mint: mint.url,
      amount: 16,
      at: 1,
      token: 'cashuB…',
      secrets: proofs.map((p) => p.secret),
    }
    const risk = await walletAtRisk([record({ history: [sent] })], askMints())
    expect(risk.unclaimedSends).toEqual([16])
  })

  it('counts what a mint that does not answer holds as unchecked', async () => {
    const gone = `http://127.0.0.1:${await freePort()}`
    const risk = await walletAtRisk(
      [
        record({
          quotes: [{ quote: 'q', request: 'lnbc', amount: 5, expiry: null, mint: gone }],
          history: [
            { id: 's', kind: 'send', mint: gone, amount: 3, at: 1, token: 't', secrets: ['x'] },
          ],
        }),
      ],
      askMints(1_000),
    )
    expect(risk).toMatchObject({ uncheckedDeposits: 1, uncheckedSends: 1 })
  })

  it('counts work holding its counters (receives by name), and an unconfirmed phrase', async () => {
    const counters = { keysetId: '00aa', start: 0, at: 1, mint: mint.url }
    const risk = await walletAtRisk(
      [
        // A deposit's and a payment's counters outlive their quote when the answer was lost.
        record({
          opCounters: {
            'receive:1': counters,
            'deposit:q': counters,
            'op-7': { ...counters, operation: 'melt' },
          },
        }),
        { version: 1, pubkey: 'p', ciphertext: 'c', unconfirmed: true },
        { version: 1, pubkey: 'p', ciphertext: 'c' },
      ],
      askMints(),
    )
    expect(risk).toEqual({
      ...nothingAtRisk(),
      unfinishedReceives: 1,
      openOperations: 2,
      phraseUnconfirmed: true,
    })
  })
})
