/**
 * The test mint's keysets (NUT-01, NUT-02): key pairs for the amounts 2^0..2^(n-1), made by
 * cashu-ts's mint-side `createNewMintKeys`, with ids of version 00 or 01 and an input fee.
 */
import { createNewMintKeys, type RawMintKeys } from '@cashu/cashu-ts'
import { bytesToHex } from '@noble/hashes/utils.js'

export interface KeysetSpec {
  unit?: string
  /** Parts per thousand per input (NUT-02). */
  inputFeePpk?: number
  active?: boolean
  /** Keyset id version: 0 (16 hex characters) or 1 (66, includes unit, fee and expiry). */
  version?: 0 | 1
  /** Unix seconds; part of a version 01 id. */
  finalExpiry?: number
  /** BIP-32 seed (16 to 64 bytes) for reproducible keys; random when absent. */
  seed?: Uint8Array
  /** Number of denominations, 2^0..2^(n-1). */
  denominations?: number
}

export interface MintKeyset {
  id: string
  unit: string
  active: boolean
  input_fee_ppk: number
  final_expiry?: number
  /** Amount (decimal string) to compressed public key (hex). */
  keys: Record<string, string>
  privateKeys: RawMintKeys
}

export function createKeyset(spec: KeysetSpec = {}): MintKeyset {
  const unit = spec.unit ?? 'sat'
  const fee = spec.inputFeePpk ?? 0
  const pair = createNewMintKeys(
    // biome-ignore lint/suspicious/noExplicitAny: IntRange<0, 65> is a 65-member literal union
    (spec.denominations ?? 24) as any,
    spec.seed,
    {
      unit,
      input_fee_ppk: fee,
      versionByte: spec.version ?? 1,
      ...(spec.finalExpiry === undefined ? {} : { expiry: spec.finalExpiry }),
    },
  )
  const keys = Object.fromEntries(
    Object.entries(pair.pubKeys).map(([amount, key]) => [amount, bytesToHex(key)]),
  )
  return {
    id: pair.keysetId,
    unit,
    active: spec.active ?? true,
    input_fee_ppk: fee,
    ...(spec.finalExpiry === undefined ? {} : { final_expiry: spec.finalExpiry }),
    keys,
    privateKeys: pair.privKeys,
  }
}

/** GET /v1/keysets entry. */
export const keysetInfo = (k: MintKeyset) => ({
  id: k.id,
  unit: k.unit,
  active: k.active,
  input_fee_ppk: k.input_fee_ppk,
  ...(k.final_expiry === undefined ? {} : { final_expiry: k.final_expiry }),
})

/** GET /v1/keys entry. */
export const keysetKeys = (k: MintKeyset) => ({ ...keysetInfo(k), keys: k.keys })

/** NUT-02 fee for these inputs: the keysets' ppk summed, rounded up per 1000. */
export function inputFee(keysetIds: string[], byId: (id: string) => MintKeyset): number {
  const ppk = keysetIds.reduce((sum, id) => sum + byId(id).input_fee_ppk, 0)
  return Math.ceil(ppk / 1000)
}
