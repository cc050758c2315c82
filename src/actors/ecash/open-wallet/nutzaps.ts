/**
 * An open wallet's nutzaps (NIP-61): the service (cashu-nutzap-service.ts) started once the
 * wallet has a seed and there are relays to reach, with the wallet key nutzaps to the user are
 * locked to.
 */
import { poolNetwork } from '../cashu-nutzap.ts'
import {
  NO_NUTZAPS,
  type NutzapService,
  type NutzapView,
  startNutzaps,
} from '../cashu-nutzap-service.ts'
import type { TransferDeps } from '../cashu-transfer.ts'
import { CASHU_ERRORS } from '../cashu-wallet-api.ts'
import type { Changed, RelayAccess, WalletKey } from './part-deps.ts'

export interface NutzapsDeps extends RelayAccess {
  /** What sends and redemptions run with. */
  transfer: TransferDeps
  walletKey: WalletKey
  /** A wallet made before wallet keys existed gets one when its nutzaps start. */
  ensureWalletKey(): Promise<void>
  hasSeed(): boolean
  changed: Changed
}

export interface Nutzaps {
  /** Starts the nutzaps if they can start (and have not); null while they cannot. */
  start(): NutzapService | null
  /** The running service, started now if it can be; else throws why there is none. */
  service(): NutzapService
  view(): NutzapView
  /** The wallet's mints changed: the 10019 names them, the inbox watches them. */
  refresh(): void
  /** The login changed: what waited for the key (the wallet key is decrypted with it) goes on. */
  retryFailed(): void
  stop(): void
}

export function createNutzaps(deps: NutzapsDeps): Nutzaps {
  let running: NutzapService | null = null

  const start = (): NutzapService | null => {
    if (running || !deps.hub || !deps.hasSeed()) return running
    const network = poolNetwork(deps.hub, deps.pool ?? (() => undefined))
    const nutzapDeps = {
      ...deps.transfer,
      network,
      signer: deps.signer,
      walletKey: deps.walletKey,
    }
    const nutzaps = startNutzaps(nutzapDeps, deps.changed)
    running = nutzaps
    void deps.ensureWalletKey().then(
      () => nutzaps.refresh(),
      () => nutzaps.refresh(), // the key locked: the inbox says why
    )
    return nutzaps
  }

  return {
    start,
    service() {
      if (!deps.hasSeed()) throw new Error(CASHU_ERRORS.noSeed)
      const nutzaps = start()
      if (!nutzaps) throw new Error(CASHU_ERRORS.noRelays)
      return nutzaps
    },
    view: () => running?.view() ?? NO_NUTZAPS,
    refresh() {
      void running?.refresh()
    },
    retryFailed() {
      const view = running?.view()
      if (view?.error || view?.infoError) void running?.refresh()
    },
    stop: () => running?.stop(),
  }
}
