// Managing the wallet's mints against the test mint (tests/peers/mint) and real IndexedDB
// (fake-indexeddb): a mint's details from its info and keyset, and removing a mint only when it
// holds nothing and no operation uses it.
import 'fake-indexeddb/auto'
import { injectWebSocketImpl } from '@cashu/cashu-ts'
import { generateSecretKey, getPublicKey } from 'nostr-tools/pure'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WebSocket } from 'ws'
import { createCashuStore } from '../../../../src/actors/ecash/cashu-store.ts'
import { startCashuWallet } from '../../../../src/actors/ecash/cashu-wallet.ts'
import type { CashuWallet, LoginSource } from '../../../../src/actors/ecash/cashu-wallet-api.ts'
import { localKeySigner } from '../../../../src/actors/identity/signers/local-key.ts'
import { idbStore } from '../../../../src/actors/platform/idb-store.ts'
import { Secret } from '../../../../src/core/platform/secret.ts'
import { createFakeLightning } from '../../../peers/fake-lightning.ts'
import { type MintHandle, startMint } from '../../../peers/mint/server.ts'
import { until } from './cashu-fixtures.ts'

// Node 20 has no global WebSocket; cashu-ts reads it at import time.
injectWebSocketImpl(WebSocket as unknown as typeof globalThis.WebSocket)

const lightning = createFakeLightning()
let mint: MintHandle
let feeMint: MintHandle
beforeAll(async () => {
  mint = await startMint({ lightning, name: 'Manage Mint' })
  feeMint = await startMint({ lightning, name: 'Fee Mint', keysets: [{ inputFeePpk: 100 }] })
})
afterAll(async () => {
  await mint.stop()
  await feeMint.stop()
})

let databases = 0
async function openWallet() {
  const key = generateSecretKey()
  const pubkey = getPublicKey(key)
  const login: LoginSource = {
    getSnapshot: () => ({ context: { pubkey } }),
    subscribe: () => ({ unsubscribe() {} }),
  }
  const store = createCashuStore(idbStore(`cashu-manage-${++databases}`, 'wallet'))
  const wallet = startCashuWallet({ login, signer: () => localKeySigner(new Secret(key)), store })
  await wallet.open()
  await wallet.createSeed()
  return wallet
}

async function deposit(wallet: CashuWallet, url: string, amount: number) {
  const id = wallet.deposit(url, amount)
  const view = () => wallet.view().deposits.find((d) => d.id === id)
  await until(() => view()?.invoice != null, 'the invoice')
  lightning.pay(view()?.invoice as string)
  await until(() => view()?.outcome === 'minted' && view()?.step === 'done', 'the deposit')
}

describe('mintInfo', () => {
  it("gives the mint's texts, what it supports and the active keyset's fee", async () => {
    const wallet = await openWallet()
    await wallet.addMint(mint.url)
    await wallet.addMint(feeMint.url)
    const details = await wallet.mintInfo(mint.url)
    expect(details).toMatchObject({
      url: mint.url,
      name: 'Manage Mint',
      description: 'NUT-00 to 12, 13-compatible restore and 17, on 127.0.0.1.',
      motd: 'Test ecash only: nothing here is worth a sat.',
      contact: [{ method: 'email', info: 'mint@example.invalid' }],
      version: 'plume-test-mint/0.1.0',
      inputFeePpk: 0,
    })
    expect(details.supports).toEqual(
      expect.arrayContaining([
        'Deposits by websocket (NUT-17)',
        'Locked ecash / nutzaps (NUT-11)',
        'DLEQ proofs (NUT-12)',
        'Restore from phrase (NUT-09/13)',
      ]),
    )
    expect((await wallet.mintInfo(feeMint.url)).inputFeePpk).toBe(100)
  })
})

describe('removeMint', () => {
  it('refuses a mint holding sats, removes one holding none', async () => {
    const wallet = await openWallet()
    await wallet.addMint(mint.url)
    await wallet.addMint(feeMint.url)
    await deposit(wallet, mint.url, 700)

    await expect(wallet.removeMint(mint.url)).rejects.toThrow(
      'This mint still holds 700 sats: send or pay them out first',
    )
    await wallet.removeMint(feeMint.url)
    expect(wallet.view().mints.map((m) => m.url)).toEqual([mint.url])
    expect(wallet.view().balances[mint.url]).toBe(700)
    await expect(wallet.removeMint(feeMint.url)).rejects.toThrow('This mint is not in the wallet')
    // Removed, it can be added again.
    await wallet.addMint(feeMint.url)
    expect(wallet.view().mints).toHaveLength(2)
  })

  it('refuses a mint a deposit is waiting on', async () => {
    const wallet = await openWallet()
    await wallet.addMint(feeMint.url)
    const id = wallet.deposit(feeMint.url, 21)
    await until(() => wallet.view().deposits.some((d) => d.id === id && d.invoice), 'the invoice')
    await expect(wallet.removeMint(feeMint.url)).rejects.toThrow(
      'An operation with this mint is still running: wait for it to finish',
    )
    // Paid, the deposit is done, and the sats it minted keep the mint.
    lightning.pay(wallet.view().deposits.find((d) => d.id === id)?.invoice as string)
    await until(() => wallet.view().deposits.some((d) => d.id === id && d.step === 'done'), 'mint')
    await expect(wallet.removeMint(feeMint.url)).rejects.toThrow(
      'This mint still holds 21 sats: send or pay them out first',
    )
    expect(wallet.view().mints.map((m) => m.url)).toEqual([feeMint.url])
  })
})
