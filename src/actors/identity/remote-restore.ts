/**
 * A remote (NIP-46) login after a reload: its kept session, resumed with the signer. Why a resume
 * fails decides what stays. A signer that gives no answer in time (itself or every one of its
 * relays out of reach), or a device that stays offline, may well answer at the next start: the
 * kept session and the stored login stay, so the next start tries again. A refusal, another
 * account, a record that is missing or unreadable end the login: both go. Either way this page is
 * signed out, and the message says which.
 */
import type { KeptRemoteSession } from '../../core/identity/remote-session.ts'
import { messageOf } from '../../core/platform/error-message.ts'
import type { Secret } from '../../core/platform/secret.ts'
import { remoteRestoreMessage, remoteUnreachableMessage } from '../../machines/login.machine.ts'
import { type NetworkEvents, whenOnline } from '../platform/online.ts'
import { forgetLogin } from './login-session.ts'
import type { RemoteSessionStore } from './remote-session-store.ts'
import type { RemoteSigner, RemoteSignerHub } from './signers/nip46.ts'
import { RemoteSignerTimeout } from './signers/remote-timeout.ts'

// Loaded with the first use, not with the app: NIP-46 and its ciphers.
const nip46 = () => import('./signers/nip46.ts')

export const REMOTE_SESSION_NOT_KEPT = 'it is no longer kept on this device'
export const DEVICE_OFFLINE = 'this device is offline'
/** How long an offline start waits for the network: as long as a request waits for its answer. */
export const OFFLINE_WAIT_MS = 30_000

export interface RemoteRestoreOptions {
  /** The browser reports a network (navigator.onLine). */
  online?: () => boolean
  /** Where 'online' is announced (window). */
  network?: NetworkEvents
  offlineWaitMs?: number
  /** Per request to the signer; nip46.ts's own by default. */
  timeoutMs?: number
}

/** The device stayed offline for the whole wait. */
class DeviceOffline extends Error {
  constructor() {
    super(DEVICE_OFFLINE)
  }
}

/**
 * The signer of the kept session of `pubkey`, resumed; rejects with the text to show, having
 * forgotten the session and the stored login unless the signer was only out of reach.
 */
export async function restoreRemoteLogin(
  pubkey: string,
  hub: RemoteSignerHub,
  sessions: RemoteSessionStore,
  options: RemoteRestoreOptions = {},
): Promise<RemoteSigner> {
  let kept: KeptRemoteSession | null = null
  try {
    kept = await sessions.load()
    if (!kept || kept.userPubkey !== pubkey) throw new Error(REMOTE_SESSION_NOT_KEPT)
    // Offline, no signer can answer: wait for the network instead of asking into the void.
    if (!(await whenOnline(options.offlineWaitMs ?? OFFLINE_WAIT_MS, options))) {
      throw new DeviceOffline()
    }
    const { timeoutMs } = options
    return await (await nip46()).resumeRemoteSigner(kept, hub, timeoutMs ? { timeoutMs } : {})
  } catch (error) {
    if (error instanceof RemoteSignerTimeout || error instanceof DeviceOffline) {
      throw new Error(remoteUnreachableMessage(error.message))
    }
    await sessions.forget().catch(() => {})
    forgetLogin()
    throw new Error(remoteRestoreMessage(messageOf(error)))
  } finally {
    if (kept) wipe(kept.clientKey)
  }
}

function wipe(key: Secret<Uint8Array>): void {
  key.reveal().fill(0)
}
