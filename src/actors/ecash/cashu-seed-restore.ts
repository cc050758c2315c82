/**
 * Restoring the wallet from its recovery phrase (NUT-13, NUT-09; spec §5, §9): for each mint
 * typed and each of its sat keysets, the outputs the seed would have made are sent to the mint's
 * /v1/restore in batches of 100 until 300 in a row past the last signed one come back empty
 * (core/ecash/cashu-restore-scan.ts); what the mint signed is checked with checkstate in batches of 100
 * and the unspent kept; the keyset's counter is set past the last signed output so new outputs
 * never collide; the mint is added. Proofs of a token this device sent are not taken back (a
 * new device knows of no such token: there they return until the token is claimed). The phrase is kept only encrypted to the user, and only once
 * the scan is done (a scan cut short leaves no seed: restoring again is safe, nothing counts
 * twice). With a seed already kept, the same phrase scans again (mints missed the first time);
 * another phrase is refused.
 */
import { KeyChain, type Proof, Wallet } from '@cashu/cashu-ts'
import { CASHU } from '../../core/ecash/cashu-constants.ts'
import { mintErrorText, normalizeMintUrl } from '../../core/ecash/cashu-mint.ts'
import { addProofs, inBatches, toStoredProof } from '../../core/ecash/cashu-proof-book.ts'
import {
  afterBatch,
  counterAfterScan,
  RESTORE,
  RESTORE_ERRORS,
  type RestoreScan,
  scanDone,
  startScan,
} from '../../core/ecash/cashu-restore-scan.ts'
import { checkSeed, normalizeMnemonic, walletSeed } from '../../core/ecash/cashu-seed.ts'
import { type LoadedMint, UNIT } from './cashu-mint-loader.ts'
import { sentSecrets } from './cashu-recover.ts'
import type { CashuStore, MintEntry } from './cashu-store.ts'

export const SEED_RESTORE_ERRORS = {
  ...RESTORE_ERRORS,
  otherSeed: 'This wallet already has a different recovery phrase',
} as const

/** Where a scan is: shown while it runs. */
export interface RestoreProgress {
  mint: string
  /** 1-based place of the keyset being scanned among the mint's sat keysets. */
  keyset: number
  keysets: number
  /** Outputs asked for so far at this keyset. */
  scanned: number
  /** Outputs the mint had signed, found so far at this mint. */
  found: number
}

/** What one mint gave back. */
export interface MintRestoreResult {
  mint: string
  name: string
  /** Sats of the unspent proofs added to the wallet. */
  amount: number
  proofs: number
  /** Signed outputs not kept: spent (or pending) at the mint. */
  spent: number
  /** Why this mint (or one of its keysets) could not be scanned, or null. */
  error: string | null
}

export interface SeedRestoreDeps {
  store: CashuStore
  pubkey: string
  now(): number
  loadedMint(url: string): Promise<LoadedMint>
  addMint(url: string): Promise<MintEntry>
  /** The kept seed, or null when the user has none yet. */
  storedSeed(): Promise<Uint8Array | null>
  /** The phrase encrypted to the user (asked first: a locked key fails before the scan). */
  sealSeed(words: string): Promise<string>
  /** Keeps the sealed phrase and opens the wallet with the seed. */
  keepSeed(ciphertext: string, seed: Uint8Array): Promise<void>
}

const sameBytes = (a: Uint8Array, b: Uint8Array) =>
  a.length === b.length && a.every((byte, i) => byte === b[i])

/** Mint URLs as typed (one per entry), normalised, duplicates dropped; throws a mint error. */
export function restoreUrls(mints: readonly string[]): string[] {
  const typed = mints.filter((m) => m.trim())
  if (typed.length === 0) throw new Error(RESTORE_ERRORS.noMints)
  return [...new Set(typed.map(normalizeMintUrl))]
}

export async function restoreFromSeed(
  deps: SeedRestoreDeps,
  mnemonic: string,
  mints: readonly string[],
  onProgress: (progress: RestoreProgress) => void = () => {},
): Promise<MintRestoreResult[]> {
  const seed = walletSeed(mnemonic)
  checkSeed(seed) // spec §5: 128 to 512 bits
  const urls = restoreUrls(mints)
  const kept = await deps.storedSeed()
  if (kept && !sameBytes(kept, seed)) throw new Error(SEED_RESTORE_ERRORS.otherSeed)
  const sealed = kept ? null : await deps.sealSeed(normalizeMnemonic(mnemonic))
  const results: MintRestoreResult[] = []
  for (const url of urls) results.push(await restoreMint(deps, seed, url, onProgress))
  if (sealed) await deps.keepSeed(sealed, seed)
  return results
}

/** A wallet over every sat keyset of the mint (keys cashu-ts lacks it fetches and verifies). */
function restoringWallet(loaded: LoadedMint, bip39seed: Uint8Array): Wallet {
  const wallet = new Wallet(loaded.url, { unit: UNIT, keysetId: loaded.keysetId, bip39seed })
  const keysets = loaded.keysets.filter((k) => k.unit === UNIT)
  wallet.loadMintFromCache(loaded.info, KeyChain.mintToCacheDTO(loaded.url, keysets, loaded.keys))
  return wallet
}

async function restoreMint(
  deps: SeedRestoreDeps,
  seed: Uint8Array,
  url: string,
  onProgress: (progress: RestoreProgress) => void,
): Promise<MintRestoreResult> {
  const result: MintRestoreResult = {
    mint: url,
    name: url,
    amount: 0,
    proofs: 0,
    spent: 0,
    error: null,
  }
  let loaded: LoadedMint
  try {
    loaded = await deps.loadedMint(url)
    result.name = (await deps.addMint(url)).name
  } catch (error) {
    return { ...result, error: mintErrorText(error) }
  }
  const wallet = restoringWallet(loaded, seed)
  const keysetIds = loaded.keysets.filter((k) => k.unit === UNIT).map((k) => k.id)
  const found: Proof[] = []
  const scans: Record<string, RestoreScan> = {}
  for (const [index, keysetId] of keysetIds.entries()) {
    let scan = startScan()
    try {
      while (!scanDone(scan)) {
        const batch = await wallet.restore(scan.next, RESTORE.batchSize, { keysetId })
        found.push(...batch.proofs)
        scan = afterBatch(scan, batch.lastCounterWithSignature)
        onProgress({
          mint: url,
          keyset: index + 1,
          keysets: keysetIds.length,
          scanned: scan.next,
          found: found.length,
        })
      }
    } catch (error) {
      // The keysets scanned (and the part of this one) still count; the error is shown.
      result.error ??= mintErrorText(error)
    }
    scans[keysetId] = scan
  }
  let unspent: Proof[] = []
  let checked = false
  try {
    for (const batch of inBatches(found, CASHU.checkstateBatch)) {
      const states = await wallet.checkProofsStates(batch)
      unspent = unspent.concat(batch.filter((_, i) => states[i]?.state === 'UNSPENT'))
    }
    checked = true
  } catch (error) {
    // Unknown states: nothing is added, but the counters below still move past what was signed.
    unspent = []
    result.error ??= mintErrorText(error)
  }
  await deps.store.update(deps.pubkey, (record) => {
    // Held already, or handed out in a token this device sent: not counted (again).
    const held = new Set(record.book.entries.map((e) => e.proof.secret))
    const sent = sentSecrets(record.history, 0)
    const fresh = unspent
      .map(toStoredProof)
      .filter((p) => !held.has(p.secret) && !sent.has(p.secret))
    result.amount = fresh.reduce((sum, p) => sum + p.amount, 0)
    result.proofs = fresh.length
    const counters = { ...record.counters }
    for (const [keysetId, scan] of Object.entries(scans)) {
      counters[keysetId] = counterAfterScan(scan, counters[keysetId] ?? 0)
    }
    return { ...record, book: addProofs(record.book, url, fresh, deps.now()), counters }
  })
  if (checked) result.spent = found.length - unspent.length
  return result
}
