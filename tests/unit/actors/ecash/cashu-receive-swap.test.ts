// The receive swap's second half, done in slices, against the test mint: a token worth twenty
// outputs comes back as proofs that hold (DLEQ, unspent), worth the token; the same token again
// is refused by the mint.
import { hasValidDleq, type Proof, sumProofs, Wallet } from '@cashu/cashu-ts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { completeReceiveSwap } from '../../../../src/actors/ecash/cashu-receive-swap.ts'
import { createFakeLightning } from '../../../peers/fake-lightning.ts'
import { type MintHandle, startMint } from '../../../peers/mint/server.ts'

let mint: MintHandle
beforeAll(async () => {
  mint = await startMint({ name: 'Swap Mint', lightning: createFakeLightning() })
})
afterAll(() => mint.stop())

async function wallet(seed?: Uint8Array) {
  const w = new Wallet(mint.url, { unit: 'sat', ...(seed ? { bip39seed: seed } : {}) })
  await w.loadMint()
  return w
}

const total = (proofs: Proof[]) => sumProofs(proofs).toNumber()

describe('completeReceiveSwap', () => {
  it('turns a token into its twenty outputs, every proof good', async () => {
    const sender = await wallet()
    const amounts = Array.from({ length: 20 }, (_, i) => 2 ** i)
    const amount = 2 ** 20 - 1
    const quote = await sender.createMintQuoteBolt11(amount)
    mint.payMintQuote(quote.quote)
    const sent = await sender.mintProofsBolt11(amount, quote, undefined, {
      type: 'random',
      denominations: amounts,
    })
    expect(sent).toHaveLength(20)

    const receiver = await wallet(new Uint8Array(64).fill(9))
    const preview = await receiver.prepareSwapToReceive({
      mint: mint.url,
      unit: 'sat',
      proofs: sent,
    })
    expect(preview.keepOutputs).toHaveLength(20)
    const proofs = await completeReceiveSwap(receiver, preview)
    expect(total(proofs)).toBe(2 ** 20 - 1)
    expect(proofs.map((p) => p.amount.toNumber())).toEqual(
      preview.keepOutputs?.map((o) => o.blindedMessage.amount.toNumber()),
    )
    const keyset = receiver.getKeyset(preview.keysetId)
    for (const proof of proofs) expect(hasValidDleq(proof, keyset, { require: true })).toBe(true)
    const states = await receiver.checkProofsStates(proofs)
    expect(states.every((s) => s.state === 'UNSPENT')).toBe(true)
    expect((await receiver.checkProofsStates(sent)).every((s) => s.state === 'SPENT')).toBe(true)

    const again = await receiver.prepareSwapToReceive({ mint: mint.url, unit: 'sat', proofs: sent })
    await expect(completeReceiveSwap(receiver, again)).rejects.toThrow(/spent/i)
  })
})
