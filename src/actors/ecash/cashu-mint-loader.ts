/**
 * Loads a mint for the wallet (spec §7, §8): its info, keysets and keys in at most 5000 ms, each
 * key set checked against its id (cashu-ts would quietly drop a bad one), the keyset to sign
 * with chosen by our rules, and a cashu-ts Wallet bound to it, deterministic (NUT-13) when a seed
 * and a counter source are given.
 */
import {
  type CounterSource,
  type GetInfoResponse,
  KeyChain,
  Mint,
  type MintKeys,
  type MintKeyset,
  setGlobalRequestOptions,
  Wallet,
} from '@cashu/cashu-ts'
import { chooseKeyset, verifyKeyset } from '../../core/ecash/cashu-keyset.ts'
import {
  MINT_ERRORS,
  MINT_REQUEST_TIMEOUT_MS,
  withMintTimeout,
} from '../../core/ecash/cashu-mint.ts'
import { cashuProofSelector } from '../../core/ecash/cashu-select.ts'

export const UNIT = 'sat'

// Every mint this wallet talks to is reached through this module: each of cashu-ts's HTTP
// requests (per try) is aborted after MINT_REQUEST_TIMEOUT_MS, as a NetworkError.
setGlobalRequestOptions({ requestTimeout: MINT_REQUEST_TIMEOUT_MS })

export interface LoadedMint {
  url: string
  info: GetInfoResponse
  keysets: MintKeyset[]
  /** The key sets that verified against their ids. */
  keys: MintKeys[]
  keysetId: string
}

/** The mint's data, verified; rejects with 'unable to load wallet for mint {url}' (cause kept). */
export async function loadMint(url: string, timeoutMs?: number): Promise<LoadedMint> {
  const mint = new Mint(url)
  try {
    const [info, { keysets }, { keysets: allKeys }] = await withMintTimeout(
      Promise.all([mint.getInfo(), mint.getKeySets(), mint.getKeys()]),
      timeoutMs,
    )
    const metaOf = new Map(keysets.map((k) => [k.id, k]))
    const keys: MintKeys[] = []
    let firstFailure: Error | null = null
    for (const entry of allKeys) {
      const meta = metaOf.get(entry.id)
      // /v1/keys may leave out the fee and expiry a version 01 id covers: /v1/keysets has them.
      const full = {
        ...entry,
        input_fee_ppk: entry.input_fee_ppk ?? meta?.input_fee_ppk,
        final_expiry: entry.final_expiry ?? meta?.final_expiry,
      } as MintKeys
      try {
        verifyKeyset(full)
        keys.push(full)
      } catch (error) {
        firstFailure ??= error as Error
      }
    }
    const verified = new Set(keys.map((k) => k.id))
    const usable = keysets.filter((k) => verified.has(k.id))
    let chosen: MintKeyset
    try {
      chosen = chooseKeyset(usable, UNIT)
    } catch (error) {
      throw firstFailure ?? error
    }
    return { url, info, keysets, keys, keysetId: chosen.id }
  } catch (cause) {
    throw new Error(MINT_ERRORS.unableToLoad(url), { cause })
  }
}

/** A cashu-ts wallet for the loaded mint, without further requests. */
export function walletFor(
  loaded: LoadedMint,
  options: { bip39seed?: Uint8Array; counterSource?: CounterSource } = {},
): Wallet {
  const verified = new Set(loaded.keys.map((k) => k.id))
  const wallet = new Wallet(loaded.url, {
    unit: UNIT,
    keysetId: loaded.keysetId,
    selectProofs: cashuProofSelector(() => performance.now(), Math.random),
    ...options,
  })
  wallet.loadMintFromCache(
    loaded.info,
    KeyChain.mintToCacheDTO(
      loaded.url,
      loaded.keysets.filter((k) => verified.has(k.id)),
      loaded.keys,
    ),
  )
  return wallet
}
