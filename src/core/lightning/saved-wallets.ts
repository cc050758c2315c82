/**
 * Saved wallet connections (spec §3, §4, §5): the list kept in localStorage, its entries, the
 * default names, which entry auto-connect may use, and the saved-wallet selection texts. The
 * pairing string never sits in the list: it holds the literal `encrypted` in its place, and the
 * secret lives in the encrypted record (wallet-record.ts).
 */
import type { WalletType } from './wallet-connection.ts'

export const ENCRYPTED_MARK = 'encrypted'
export const WEBLN_WALLET_NAME = 'WebLN Wallet'

// Saved wallet selection texts (spec §8).
export const SELECT_WALLET = 'Please select a wallet'
export const WALLET_NOT_FOUND = 'Wallet not found or could not be decrypted'
export const OLD_WALLET_RECORD =
  'This saved wallet was encrypted by an older version of the app and cannot be opened. Remove it and connect the wallet again with its connection string.'
export const WALLET_CONNECT_FAILED = 'Failed to connect to wallet'
/** Spec §5: saving a pairing string needs the user's pubkey. */
export const SAVE_NEEDS_PUBKEY = 'Log in to save a wallet: it is stored encrypted to your key'

/** A stored wallet connection (spec §3). */
export interface SavedWallet {
  /** wallet_{timestamp}_{random} */
  id: string
  name: string
  /** The literal 'encrypted' for a remote wallet; empty for the browser provider. */
  connectionString: string
  walletType: WalletType
  connectedAt: number
  lastUsed: number
  persist: boolean
  /** The owner's hex pubkey. */
  pubkey: string
}

export function newWalletId(now: number, random: number): string {
  return `wallet_${now}_${Math.floor(random * 2 ** 32).toString(36)}`
}

/** 'NWC Wallet 21/11/2026' style, in the user's locale. */
export function defaultWalletName(date: Date, locale?: string): string {
  return `NWC Wallet ${date.toLocaleDateString(locale)}`
}

export function newSavedWallet(fields: {
  id: string
  name: string
  walletType: WalletType
  pubkey: string
  now: number
}): SavedWallet {
  const name = fields.name.trim() || (fields.walletType === 'webln' ? WEBLN_WALLET_NAME : '')
  return {
    id: fields.id,
    name: name || defaultWalletName(new Date(fields.now)),
    connectionString: fields.walletType === 'nwc' ? ENCRYPTED_MARK : '',
    walletType: fields.walletType,
    connectedAt: fields.now,
    lastUsed: fields.now,
    persist: true,
    pubkey: fields.pubkey.toLowerCase(),
  }
}

const isWalletType = (value: unknown): value is WalletType => value === 'nwc' || value === 'webln'
const time = (value: unknown): number =>
  typeof value === 'number' && Number.isFinite(value) ? value : 0

/**
 * The list as stored (JSON), cleaned (spec §5): entries without walletType or id are ignored; a
 * remote-wallet entry without a connection string is dropped (nothing could connect it). A
 * plaintext pairing string from an older app is dropped too: it must never stay at rest.
 * `dropped` tells the caller to write the cleaned list back.
 */
export function readSavedWallets(raw: string | null): { wallets: SavedWallet[]; dropped: boolean } {
  let parsed: unknown
  try {
    parsed = raw === null ? [] : JSON.parse(raw)
  } catch {
    return { wallets: [], dropped: true }
  }
  if (!Array.isArray(parsed)) return { wallets: [], dropped: true }
  const wallets: SavedWallet[] = []
  for (const entry of parsed) {
    if (typeof entry !== 'object' || entry === null) continue
    const e = entry as Record<string, unknown>
    if (typeof e.id !== 'string' || e.id === '' || !isWalletType(e.walletType)) continue
    const connectionString = typeof e.connectionString === 'string' ? e.connectionString : ''
    if (e.walletType === 'nwc' && connectionString !== ENCRYPTED_MARK) continue
    wallets.push({
      id: e.id,
      name: typeof e.name === 'string' ? e.name : '',
      connectionString: e.walletType === 'nwc' ? ENCRYPTED_MARK : '',
      walletType: e.walletType,
      connectedAt: time(e.connectedAt),
      lastUsed: time(e.lastUsed),
      persist: e.persist !== false,
      pubkey: typeof e.pubkey === 'string' ? e.pubkey.toLowerCase() : '',
    })
  }
  return { wallets, dropped: wallets.length !== parsed.length }
}

export const walletsOf = (wallets: readonly SavedWallet[], pubkey: string): SavedWallet[] =>
  wallets.filter((wallet) => wallet.pubkey === pubkey.toLowerCase())

/**
 * The wallet auto-connect may use (spec §4): exactly one saved wallet for this user, used within
 * the last 30 days; null otherwise (with several, the user chooses). Whether it can be decrypted
 * now is the caller's question.
 */
export function autoConnectCandidate(
  wallets: readonly SavedWallet[],
  pubkey: string,
  now: number,
  freshMs: number,
): SavedWallet | null {
  const own = walletsOf(wallets, pubkey)
  if (own.length !== 1) return null
  const [wallet] = own
  return wallet && now - wallet.lastUsed <= freshMs ? wallet : null
}
