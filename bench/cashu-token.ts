/**
 * A token for the receive row: minted in Node with cashu-ts against the test mint, `count`
 * proofs of 1 sat each, every one carrying the mint's DLEQ proof (NUT-12) for the app to check.
 */
import { getEncodedToken, Wallet } from '@cashu/cashu-ts'
import type { MintHandle } from '../tests/peers/mint/server.ts'

export async function mintToken(mint: MintHandle, count: number): Promise<string> {
  const wallet = new Wallet(mint.url, { unit: 'sat' })
  await wallet.loadMint()
  const quote = await wallet.createMintQuoteBolt11(count)
  mint.payMintQuote(quote.quote)
  const proofs = await wallet.mintProofsBolt11(count, quote, undefined, {
    type: 'random',
    denominations: Array.from({ length: count }, () => 1),
  })
  if (proofs.length !== count || proofs.some((p) => !p.dleq)) {
    throw new Error(`the test mint gave ${proofs.length} proofs, not ${count} with DLEQs`)
  }
  return getEncodedToken({ mint: mint.url, proofs, unit: 'sat' })
}
