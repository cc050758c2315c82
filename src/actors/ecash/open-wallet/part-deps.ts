/**
 * What several parts of the open wallet are given by it (open-wallet.ts). Imports no part, so
 * a part never needs another part's module (nor the open wallet's) for these.
 */
import type { CashuDeps } from '../cashu-wallet-api.ts'

/**
 * The app's relays and the user's signer, as the wallet was started with them: NIP-60 and
 * nutzaps (NIP-61) reach relays through these, and do not without them.
 */
export type RelayAccess = Pick<CashuDeps, 'hub' | 'pool' | 'signer'>

/** The wallet's own key (hex, NIP-60/61), decrypted through the signer on first use. */
export type WalletKey = () => Promise<string>

/** A part changed what the wallet's view shows; said to a closed open wallet, it is ignored. */
export type Changed = () => void
