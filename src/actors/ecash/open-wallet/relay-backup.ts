/**
 * A session's wallet on the user's relays (NIP-60): the sync keeping it there while the session
 * lasts, and, while there is no wallet on this device, whether the relays hold one to restore.
 */
import { NIP60_RETRY_MS } from '../../../core/ecash/nip60.ts'
import { nip60Relays, startNip60Sync } from '../cashu-nip60.ts'
import { hasRelayWallet } from '../cashu-nip60-restore.ts'
import { walletKeyOf } from './keys.ts'
import { type Session, type SessionDeps, sessionStore } from './open-wallet.ts'

/** Keeps the wallet on the user's relays (NIP-60) while the session lasts, given the relays. */
export function startNip60(d: SessionDeps, s: Session): void {
  if (!d.hub || !d.pool) return
  s.relays = nip60Relays({ hub: d.hub, pool: d.pool }, d.signer, s.pubkey)
  s.nip60 = startNip60Sync({
    pubkey: s.pubkey,
    store: sessionStore(d, s),
    ...(d.nip60Notes ? { notes: d.nip60Notes } : {}),
    relays: s.relays,
    signer: d.signer,
    hasWallet: async () => (await d.store.walletKey(s.pubkey)) !== null,
    walletKey: () => walletKeyOf(d, s),
    now: d.now,
  })
}

/** Without a wallet here: do the user's relays hold one? Asked again once, relays being slow. */
export function lookForRelayWallet(d: SessionDeps, s: Session, tries: number): void {
  const relays = s.relays
  if (!relays || tries <= 0) return
  const again = () => setTimeout(() => lookForRelayWallet(d, s, tries - 1), NIP60_RETRY_MS)
  hasRelayWallet(relays, s.pubkey).then((found) => {
    if (!d.isOpen(s) || s.hasSeed) return
    if (found !== s.relayWallet) {
      s.relayWallet = found
      d.changed(s)
    }
    if (!found) again()
  }, again)
}
