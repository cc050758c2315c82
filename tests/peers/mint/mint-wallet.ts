/**
 * What tests that drive cashu-ts straight at the test mint share: a mint on a Lightning ledger
 * of its own, a cashu-ts wallet loaded from it, and proofs minted in chosen denominations.
 */
import { injectWebSocketImpl, type Proof, Wallet } from '@cashu/cashu-ts'
import { WebSocket } from 'ws'
import { createFakeLightning, type FakeLightning } from '../fake-lightning.ts'
import { type MintHandle, type MintOptions, startMint } from './server.ts'

// Node 20 has no global WebSocket, and cashu-ts reads the global once, at import time.
injectWebSocketImpl(WebSocket as unknown as typeof globalThis.WebSocket)

export interface MintWallet {
  lightning: FakeLightning
  mint: MintHandle
  wallet: Wallet
}

/** A fresh test mint (`mint` options) and a cashu-ts wallet (`wallet` options) loaded from it. */
export async function startMintWallet(
  options: {
    mint?: Omit<MintOptions, 'lightning'>
    wallet?: ConstructorParameters<typeof Wallet>[1]
  } = {},
): Promise<MintWallet> {
  const lightning = createFakeLightning()
  const mint = await startMint({ ...options.mint, lightning })
  const wallet = new Wallet(mint.url, options.wallet)
  await wallet.loadMint()
  return { lightning, mint, wallet }
}

/** Proofs of exactly these amounts, minted (their quote paid) at the fixture's mint. */
export async function mintedProofs(
  { lightning, wallet }: MintWallet,
  denominations: number[],
): Promise<Proof[]> {
  const total = denominations.reduce((sum, n) => sum + n, 0)
  const quote = await wallet.createMintQuoteBolt11(total)
  lightning.pay(quote.request)
  return wallet.mintProofsBolt11(total, quote, undefined, { type: 'random', denominations })
}
