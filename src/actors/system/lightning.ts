/**
 * The Lightning wallet (NWC, WebLN) once loaded: the wallet connection machine with its effects,
 * and its operations. lazy-wallet.ts loads this on first use, or at start when wallets are saved.
 */
import { type ActorOptions, type AnyActorLogic, createActor } from 'xstate'
import { walletConnectionMachine } from '../../machines/wallet-connection.machine.ts'
import {
  WALLET_CONNECTION_INPUT,
  type WalletConnectionDeps,
  walletConnection,
} from '../lightning/wallet-connection.effects.ts'
import type { WalletRuntime } from '../lightning/wallet-handle.ts'

export function startLightningWallet(
  deps: WalletConnectionDeps,
  inspect?: ActorOptions<AnyActorLogic>['inspect'],
): WalletRuntime {
  const wallet = walletConnection(deps)
  const actor = createActor(walletConnectionMachine.provide(wallet.effects), {
    input: WALLET_CONNECTION_INPUT,
    inspect,
  })
  return wallet.run(actor)
}
