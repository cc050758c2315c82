/**
 * The login machine's effects: the extension, the keystore and the remote signer, whose session
 * is kept sealed on the device (remote-session-store.ts) and resumed after a reload.
 */
import { type EventObject, fromCallback, fromPromise } from 'xstate'
import {
  type ExtensionAvailabilityEvent,
  loginActors,
  type PersistKeyInput,
  type UnlockedKey,
  type UnlockKeyInput,
  type WatchExtensionInput,
} from '../../machines/login.machine.ts'
import { loadOnce } from '../platform/load-once.ts'
import type { RelayHub } from '../relays/relay-hub.ts'
import type { Keystore } from './keystore.ts'
import type { RemoteSignerSlot } from './remote-login.ts'
import type { RemoteRestoreOptions } from './remote-restore.ts'
import type { RemoteSessionStore } from './remote-session-store.ts'

export type { RemoteSignerSlot } from './remote-login.ts'

// Loaded with the first use, not with the app: the record crypto, and the remote signer's login
// (NIP-46 offers, connections and the resumption of a kept session: 0.6 KiB gzip of its own).
const records = () => import('../../core/identity/keystore-record.ts')

/**
 * The login machine's actors (its child machines, each provided with the effects it runs), plus
 * `offerNostrConnect`: a nostrconnect:// link for a signer app, whose answer the machine then
 * waits for with `login.remote { uri }`.
 */
export function loginEffects(
  keystore: Keystore,
  hub: RelayHub,
  remote: RemoteSignerSlot,
  sessions: RemoteSessionStore,
  restore: RemoteRestoreOptions = {},
) {
  const remotely = loadOnce(() =>
    import('./remote-login.ts').then(({ remoteLogin }) =>
      remoteLogin(hub, remote, sessions, restore),
    ),
  )

  const effects = {
    extensionPublicKey: fromPromise<string>(async () => {
      const { nip07Signer } = await import('./signers/nip07.ts')
      return nip07Signer().getPublicKey()
    }),

    // It receives no events; what it sends back is typed by sendBack's use.
    watchExtension: fromCallback<EventObject, WatchExtensionInput>(({ sendBack, input }) => {
      const check = () => {
        const event: ExtensionAvailabilityEvent = {
          type: 'extension.availability',
          available: 'nostr' in globalThis,
        }
        sendBack(event)
      }
      check()
      const timer = setInterval(check, input.intervalMs)
      return () => clearInterval(timer)
    }),

    unlockKey: fromPromise<UnlockedKey, UnlockKeyInput>(async ({ input }) => {
      try {
        return { key: await keystore.unlock(input.pubkey, input.passphrase), pubkey: input.pubkey }
      } catch (error) {
        // The asking screen's texts (spec §8); they never contain the secret.
        const texts = await records()
        const wording = {
          unlock: texts.unlockMessage,
          viewSecret: texts.viewSecretMessage,
          savedAccount: texts.savedAccountMessage,
        }[input.purpose]
        throw new Error(wording(error))
      }
    }),

    persistKey: fromPromise<void, PersistKeyInput>(async ({ input }) => {
      await keystore.saveKey(await (await records()).createRecord(input.key, input.passphrase))
    }),

    forgetKey: fromPromise<void, { pubkey: string }>(({ input }) =>
      keystore.deleteKey(input.pubkey),
    ),

    connectRemote: fromPromise<{ pubkey: string }, { uri: string }>(async ({ input, signal }) => {
      remote.current?.close()
      return (await remotely()).connect(input.uri, signal)
    }),

    // After a reload; what a failure keeps is remote-restore.ts's to say.
    restoreRemote: fromPromise<{ pubkey: string }, { pubkey: string }>(async ({ input }) => {
      remote.current?.close()
      remote.current = null // a failed restore leaves no closed signer behind
      return (await remotely()).restore(input.pubkey)
    }),
  }

  return {
    actors: loginActors(effects),
    offerNostrConnect: async (relays: string[]) => (await remotely()).offer(relays),
  }
}
