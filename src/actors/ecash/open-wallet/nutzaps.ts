/**
 * A session's nutzaps (NIP-61): the service (cashu-nutzap-service.ts) started once the wallet has
 * a seed and there are relays to reach, with the wallet key nutzaps to the user are locked to.
 */
import { poolNetwork } from '../cashu-nutzap.ts'
import { type NutzapService, startNutzaps } from '../cashu-nutzap-service.ts'
import { CASHU_ERRORS } from '../cashu-wallet-api.ts'
import { ensureWalletKey, walletKeyOf } from './keys.ts'
import { transferDeps } from './mints.ts'
import type { Session, SessionDeps } from './open-wallet.ts'

/** Starts the session's nutzaps if they can start; null while they cannot. */
export function startNutzapsFor(d: SessionDeps, s: Session): NutzapService | null {
  if (s.nutzaps || !d.hub || !s.hasSeed) return s.nutzaps
  const network = poolNetwork(d.hub, d.pool ?? (() => undefined))
  const nutzapDeps = {
    ...transferDeps(d, s),
    network,
    signer: d.signer,
    walletKey: () => walletKeyOf(d, s),
  }
  const nutzaps = startNutzaps(nutzapDeps, () => d.changed(s))
  s.nutzaps = nutzaps
  // A wallet made before wallet keys existed gets one now.
  void ensureWalletKey(d, s).then(
    () => nutzaps.refresh(),
    () => nutzaps.refresh(), // the key locked: the inbox says why
  )
  return nutzaps
}

/** The session's nutzaps, or throws why there are none. */
export function nutzapsOf(d: SessionDeps, s: Session): NutzapService {
  if (!s.hasSeed) throw new Error(CASHU_ERRORS.noSeed)
  const nutzaps = startNutzapsFor(d, s)
  if (!nutzaps) throw new Error(CASHU_ERRORS.noRelays)
  return nutzaps
}
