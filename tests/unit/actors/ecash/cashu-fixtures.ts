// What the ecash wallet's actor tests share: users with a real key, stores over fresh
// fake-indexeddb databases, waiting on the wallet's view, and deposits paid on the fake
// Lightning ledger the test mint watches.
import 'fake-indexeddb/auto'
import { generateSecretKey, getPublicKey } from 'nostr-tools/pure'
import { createCashuStore } from '../../../../src/actors/ecash/cashu-store.ts'
import type { CashuWallet, LoginSource } from '../../../../src/actors/ecash/cashu-wallet-api.ts'
import { localKeySigner } from '../../../../src/actors/identity/signers/local-key.ts'
import { idbStore } from '../../../../src/actors/platform/idb-store.ts'
import { Secret } from '../../../../src/core/platform/secret.ts'
import type { FakeLightning } from '../../../peers/fake-lightning.ts'

let databases = 0
/** A store over a database of its own; `reopen` is the same database read anew (a reload). */
export function freshStore(prefix: string) {
  const name = `${prefix}-${++databases}`
  const reopen = () => createCashuStore(idbStore(name, 'wallet'))
  return Object.assign(reopen(), { reopen })
}

/** A logged-in user: their key signs and encrypts; the wallet reads the pubkey from here. */
export function user() {
  const key = generateSecretKey()
  const pubkey = getPublicKey(key)
  const login: LoginSource = {
    getSnapshot: () => ({ context: { pubkey } }),
    subscribe: () => ({ unsubscribe() {} }),
  }
  const signer = () => localKeySigner(new Secret(key))
  return { key, pubkey, login, signer }
}

/** A user whose login can end and come back (the wallet closes and opens again). */
export function switchable(who: ReturnType<typeof user>) {
  let pubkey: string | null = who.pubkey
  const listeners = new Set<(snapshot: { context: { pubkey: string | null } }) => void>()
  const login: LoginSource = {
    getSnapshot: () => ({ context: { pubkey } }),
    subscribe: (listener) => {
      listeners.add(listener)
      return { unsubscribe: () => listeners.delete(listener) }
    },
  }
  const set = (next: string | null) => {
    pubkey = next
    for (const listener of listeners) listener({ context: { pubkey } })
  }
  return { ...who, login, set }
}

/**
 * How long a wait for something the test expects gives it: only a thing that never happens
 * should reach it. Mint work is curve arithmetic in this process, and with the cores busy beside
 * a full test run single steps took 10-18 s.
 */
export const WAIT_MS = 45_000

export const until = async (check: () => boolean, what: string, ms = WAIT_MS) => {
  const start = Date.now()
  while (!check()) {
    if (Date.now() - start > ms) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}

/** A deposit of `amount` sats to `mintUrl`, its invoice paid on `lightning`. */
export async function deposit(
  wallet: CashuWallet,
  lightning: FakeLightning,
  mintUrl: string,
  amount: number,
) {
  const id = wallet.deposit(mintUrl, amount)
  const view = () => wallet.view().deposits.find((d) => d.id === id)
  await until(() => view()?.invoice != null, 'the invoice')
  lightning.pay(view()?.invoice as string)
  await until(() => view()?.outcome === 'minted' && view()?.step === 'done', 'the deposit')
}

/** The error `promise` rejects with; a promise that resolves fails the test. */
export const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a failure')
    },
    (error: Error) => error,
  )
