/**
 * The relay-list machine's effects: the stored copy (localStorage, `nostrRelays:<pubkey>`), the
 * session flag (sessionStorage, `relayDefaultsApplied:<pubkey>`), asking the relays for a user's
 * list, handing a list to the pool, and signing and publishing kind 10002. Also the wiring: the
 * machine learns of the pool's start, who is logged in and whether they can sign.
 */
import type { Filter } from 'nostr-tools/filter'
import { fromPromise } from 'xstate'
import { newestEvent } from '../../core/platform/event-order.ts'
import type { RuntimeConfig } from '../../core/platform/runtime-config.ts'
import {
  normalizeRelayEntries,
  type RelayEdit,
  relaySetEdits,
} from '../../core/relays/relay-edits.ts'
import {
  parseRelayList,
  RELAY_FALLBACK_NOTES_LIMIT,
  RELAY_LIST_KIND,
  RELAY_LIST_QUERY_LIMIT,
  type RelayEntry,
  relayListTemplate,
  relaysFromNotes,
} from '../../core/relays/relay-list.ts'
import { canWrite } from '../../core/relays/relay-permission.ts'
import { normalizeRelayUrl } from '../../core/relays/relay-url.ts'
import {
  type FetchedRelayList,
  parseStoredRelays,
  relaysAppliedKey,
  serializeStoredRelays,
  storedRelaysKey,
} from '../../core/relays/stored-relays.ts'
import { canSign, type LoginActorRef, type LoginSnapshot } from '../../machines/login.machine.ts'
import type {
  ApplyParams,
  PubkeyInput,
  Published,
  PublishInput,
  StoredCopy,
  StoreParams,
} from '../../machines/relay-list.context.ts'
import type { RelayListActorRef } from '../../machines/relay-list.machine.ts'
import type { RelayPoolActorRef } from '../../machines/relay-pool.machine.ts'
import { CONNECT_TIMEOUT_MS } from '../../machines/socket.machine.ts'
import type { Signer } from '../platform/signer.ts'
import type { RelayHub } from './relay-hub.ts'

export const SIGNER_MISMATCH = 'The signer is not the logged-in account'

export interface UserRelaysDeps {
  hub: Pick<RelayHub, 'query' | 'publish'>
  /** The signer of whoever is logged in now. */
  signer(): Signer
  /** The relay pool, once it runs. */
  pool(): RelayPoolActorRef | undefined
  local?: Pick<Storage, 'getItem' | 'setItem'>
  session?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>
  /** Milliseconds clock. */
  now?: () => number
}

/** The user's list, as the relays have it (spec §7): kind 10002, else relays named in notes. */
export async function fetchUserRelays(
  hub: Pick<RelayHub, 'query'>,
  pubkey: string,
): Promise<FetchedRelayList | null> {
  const listFilter: Filter = {
    authors: [pubkey],
    kinds: [RELAY_LIST_KIND],
    limit: RELAY_LIST_QUERY_LIMIT,
  }
  const newest = newestEvent(await hub.query([listFilter]))
  const relays = newest ? parseRelayList(newest) : []
  // A list without a usable relay would leave the user nowhere to read: taken as no list.
  if (newest && relays.length > 0) return { relays, createdAt: newest.created_at }
  const notesFilter: Filter = { authors: [pubkey], kinds: [1], limit: RELAY_FALLBACK_NOTES_LIMIT }
  const guessed = relaysFromNotes(await hub.query([notesFilter]))
  return guessed.length > 0 ? { relays: guessed, createdAt: null } : null
}

/**
 * Connects the pool's idle relays among `urls` (write-only and indexer relays stay idle until
 * needed) and resolves once each is connected or has failed, or after CONNECT_TIMEOUT_MS.
 */
function whenConnected(pool: RelayPoolActorRef, urls: readonly string[]): Promise<void> {
  const tried = new Set<string>()
  const settled = () => {
    const { entries, phase } = pool.getSnapshot().context
    return urls.every((url) => {
      if (!entries.some((entry) => entry.url === url)) return true
      if (phase[url] === 'connecting') tried.add(url)
      return phase[url] === 'connected' || (phase[url] === 'disconnected' && tried.has(url))
    })
  }
  for (const url of urls) {
    const phase = pool.getSnapshot().context.phase[url]
    if (phase === 'idle' || phase === 'disconnected') pool.send({ type: 'pool.connect', url })
  }
  return new Promise((resolve) => {
    if (settled()) return resolve()
    const finish = () => {
      clearTimeout(timer)
      subscription.unsubscribe()
      resolve()
    }
    const timer = setTimeout(finish, CONNECT_TIMEOUT_MS)
    const subscription = pool.subscribe(() => {
      if (settled()) finish()
    })
  })
}

/**
 * Where a relay list goes: the list's write relays (NIP-65: the author's outbox) and the pool's
 * indexers, which exist so that others, and the user on a new device, can find the list. URLs are
 * spelled as the pool spells them (the config's may differ from the normal form).
 */
/** Spec §5: the relay list needs write relays to go to. */
export const NO_PUBLISH_RELAYS = 'No relays configured for publishing'

export function publishTargets(
  relays: readonly RelayEntry[],
  pool: readonly RelayEntry[],
): string[] {
  const spelled = (url: string) =>
    pool.find((entry) => (normalizeRelayUrl(entry.url) ?? entry.url) === url)?.url ?? url
  const urls = [
    ...relays.filter((entry) => canWrite(entry.permission)).map((entry) => spelled(entry.url)),
    ...pool.filter((entry) => entry.permission === 'indexer').map((entry) => entry.url),
  ]
  return [...new Set(urls)]
}

/** The implementations `relayListMachine.provide` takes. */
export function userRelayEffects(deps: UserRelaysDeps) {
  // Looked up when used: the browser's storages, unless others are given.
  const local = () => deps.local ?? localStorage
  const session = () => deps.session ?? sessionStorage
  const now = deps.now ?? Date.now
  const seconds = () => Math.floor(now() / 1000)

  return {
    actors: {
      readStored: fromPromise<StoredCopy, PubkeyInput>(async ({ input }) => ({
        record: parseStoredRelays(local().getItem(storedRelaysKey(input.pubkey))),
        checked: session().getItem(relaysAppliedKey(input.pubkey)) !== null,
      })),
      fetchRelayList: fromPromise<FetchedRelayList | null, PubkeyInput>(({ input }) =>
        fetchUserRelays(deps.hub, input.pubkey),
      ),
      publishRelayList: fromPromise<Published, PublishInput>(async ({ input }) => {
        const pool = deps.pool()
        // Spec §5: a list without write relays is not signed at all, even with indexers to take
        // it: it would tell others the user writes nowhere.
        if (!input.relays.some((entry) => canWrite(entry.permission))) {
          throw new Error(NO_PUBLISH_RELAYS)
        }
        const targets = publishTargets(input.relays, pool?.getSnapshot().context.entries ?? [])
        const event = await deps.signer().signEvent(relayListTemplate(input.relays, seconds()))
        if (event.pubkey !== input.pubkey) throw new Error(SIGNER_MISMATCH)
        if (pool) await whenConnected(pool, targets)
        await deps.hub.publish(event, targets)
        return { createdAt: event.created_at }
      }),
    },
    actions: {
      applyToPool: (_: unknown, { relays, keep }: ApplyParams) => {
        const pool = deps.pool()
        if (!pool) return
        for (const edit of relaySetEdits(pool.getSnapshot().context.entries, relays, keep)) {
          pool.send(edit)
        }
      },
      sendToPool: (_: unknown, edit: RelayEdit) => deps.pool()?.send(edit),
      storeList: (_: unknown, { pubkey, relays, createdAt }: StoreParams) => {
        const record = {
          relays,
          createdAt: createdAt ?? seconds(),
          unpublished: createdAt === null,
        }
        try {
          local().setItem(storedRelaysKey(pubkey), serializeStoredRelays(record))
        } catch {
          // Storage full or blocked (spec §8: persistence write failures are swallowed).
        }
      },
      markChecked: (_: unknown, { pubkey }: PubkeyInput) => {
        session().setItem(relaysAppliedKey(pubkey), '1')
      },
      forgetChecked: (_: unknown, { pubkey }: PubkeyInput) => {
        session().removeItem(relaysAppliedKey(pubkey))
      },
    },
  }
}

/**
 * Tells the machine that the pool runs (with the config's defaults), then who is logged in and
 * whether they can sign, from the login actor's snapshots: a change of account is a sign-out
 * followed by a sign-in.
 */
export function linkRelayList(
  relayList: RelayListActorRef,
  login: LoginActorRef,
  config: RuntimeConfig,
): void {
  relayList.send({ type: 'relayList.poolStarted', defaults: normalizeRelayEntries(config.relays) })
  let current: { pubkey: string; canSign: boolean } | null = null
  const follow = (snapshot: LoginSnapshot) => {
    const pubkey = snapshot.matches('signedIn') ? snapshot.context.pubkey : null
    const signing = pubkey !== null && canSign(snapshot)
    if (current && current.pubkey !== pubkey) {
      relayList.send({ type: 'relayList.signedOut' })
      current = null
    }
    if (pubkey === null) return
    if (!current) {
      current = { pubkey, canSign: signing }
      relayList.send({ type: 'relayList.signedIn', pubkey, canSign: signing })
    } else if (current.canSign !== signing) {
      current = { pubkey, canSign: signing }
      relayList.send({ type: 'relayList.signingChanged', canSign: signing })
    }
  }
  follow(login.getSnapshot())
  login.subscribe(follow)
}
