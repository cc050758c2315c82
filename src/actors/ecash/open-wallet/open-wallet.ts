/**
 * One user's open ecash wallet: what the wallet (cashu-wallet.ts) holds in memory for the
 * logged-in user, from open until another login (or none) closes it, and the store its writes go
 * through. The session's parts (cashu-session-*.ts) take it and the wallet's deps as arguments;
 * a session closed while their work was under way must change nothing, hence `isOpen`.
 */
import type { MeltQuoteBolt11Response, Wallet } from '@cashu/cashu-ts'
import type { Actor } from 'xstate'
import type { PaymentQuote } from '../cashu-melt.ts'
import type { LoadedMint } from '../cashu-mint-loader.ts'
import type { Nip60Relays, Nip60Sync } from '../cashu-nip60.ts'
import type { NutzapService } from '../cashu-nutzap-service.ts'
import type { CashuStore, WalletRecord } from '../cashu-store.ts'
import type { CashuDeps, DepositView } from '../cashu-wallet-api.ts'
import type { depositLogic } from '../deposit.effects.ts'
import type { reservationLogic } from '../proof-reservation.effects.ts'

export interface Session {
  pubkey: string
  seed: Promise<Uint8Array> | null
  /** The wallet key (hex), decrypted on first use: nutzaps are locked to it (NIP-60/61). */
  walletKey: Promise<string> | null
  mints: Map<string, Promise<LoadedMint>>
  wallets: Map<string, Promise<Wallet>>
  deposits: Map<string, { actor: Actor<ReturnType<typeof depositLogic>>; view: DepositView }>
  record: WalletRecord | null
  hasSeed: boolean
  /** The seed's recovery phrase has not been confirmed written down yet. */
  phraseUnconfirmed: boolean
  /** That phrase, in memory only until confirmed: made here, or decrypted once to show again. */
  phrase: Promise<string> | null
  /** Reservation actors settling operations a reload interrupted, by operation id. */
  settling: Map<string, Actor<ReturnType<typeof reservationLogic>>>
  recovering: boolean
  /** Melt quotes made for payments, by quote id. */
  payments: Map<string, { view: PaymentQuote; quote: MeltQuoteBolt11Response }>
  /** Nutzaps (NIP-61), started once the wallet has a seed. */
  nutzaps: NutzapService | null
  /** The user's relays and the sync keeping the wallet there (NIP-60), given the relays. */
  relays: Nip60Relays | null
  nip60: Nip60Sync | null
  relayWallet: boolean
}

/** The wallet's deps with its defaults filled in, and how a session's parts reach its view. */
export interface SessionDeps extends CashuDeps {
  store: CashuStore
  now: () => number
  /** `s` is still the open session (not closed for another login since). */
  isOpen(s: Session): boolean
  /** `s` changed: the view follows it, if it is still the open session. */
  changed(s: Session): void
}

export const newId = () => crypto.randomUUID()

export const newSession = (pubkey: string): Session => ({
  pubkey,
  seed: null,
  walletKey: null,
  mints: new Map(),
  wallets: new Map(),
  deposits: new Map(),
  record: null,
  hasSeed: false,
  phraseUnconfirmed: false,
  phrase: null,
  settling: new Map(),
  recovering: false,
  payments: new Map(),
  nutzaps: null,
  relays: null,
  nip60: null,
  relayWallet: false,
})

/** Every write of the record goes through here, so the view (and the NIP-60 sync) follows it. */
export const sessionStore = (d: SessionDeps, s: Session): CashuStore => ({
  ...d.store,
  update: async (pubkey, change) => {
    const record = await d.store.update(pubkey, change)
    if (d.isOpen(s)) {
      s.record = record
      d.changed(s)
      s.nip60?.changed()
    }
    return record
  },
})
