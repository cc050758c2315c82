/** The login machine's effects: the extension, the keystore and the remote signer. */
import { type EventObject, fromCallback, fromPromise } from 'xstate'
import {
  type ExtensionAvailabilityEvent,
  loginActors,
  type PersistKeyInput,
  type UnlockedKey,
  type UnlockKeyInput,
  type WatchExtensionInput,
} from '../../machines/login.machine.ts'
import type { RelayHub } from '../relays/relay-hub.ts'
import type { Keystore } from './keystore.ts'
import type { NostrConnectSession, RemoteSigner } from './signers/nip46.ts'

// Loaded with the first use, not with the app: the record crypto, and NIP-46 with its ciphers.
const records = () => import('../../core/identity/keystore-record.ts')
const nip46 = () => import('./signers/nip46.ts')

/** Holds the connected remote signer: the machine only learns its pubkey. */
export interface RemoteSignerSlot {
  current: RemoteSigner | null
}

const NOSTRCONNECT_EXPIRED = 'This nostrconnect:// link has expired: create a new one'

/**
 * The login machine's actors (its child machines, each provided with the effects it runs), plus
 * `offerNostrConnect`: a nostrconnect:// link for a signer app, whose answer the machine then
 * waits for with `login.remote { uri }`.
 */
export function loginEffects(keystore: Keystore, hub: RelayHub, remote: RemoteSignerSlot) {
  const offers = new Map<string, NostrConnectSession>()

  const offerNostrConnect = async (relays: string[]): Promise<string> => {
    const session = (await nip46()).nostrConnect(hub, { relays, client: { name: 'Plume' } })
    offers.set(session.uri, session)
    return session.uri
  }

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
      const signer = input.uri.startsWith('nostrconnect://')
        ? await answerTo(input.uri, signal)
        : await (await nip46()).connectRemoteSigner(input.uri, hub)
      remote.current = signer
      return { pubkey: await signer.getPublicKey() }
    }),
  }

  function answerTo(uri: string, signal: AbortSignal): Promise<RemoteSigner> {
    const offer = offers.get(uri)
    if (!offer) return Promise.reject(new Error(NOSTRCONNECT_EXPIRED))
    offers.delete(uri)
    signal.addEventListener('abort', () => offer.cancel())
    return offer.connected
  }

  return { actors: loginActors(effects), offerNostrConnect }
}
