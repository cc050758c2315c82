/**
 * The relay-list machine's context, events and effect parameters, and the pure functions over them
 * (relay-list.machine.ts says when; these say what).
 */
import type { RelayEdit } from '../core/relays/relay-edits.ts'
import type { RelayEntry } from '../core/relays/relay-list.ts'
import type { StoredRelays } from '../core/relays/stored-relays.ts'

// Spec constant (§9, relay UI): relay-list broadcast debounce.
export const RELAY_LIST_BROADCAST_DEBOUNCE_MS = 3000

/** Where the list in use came from. */
export type RelayListSource = 'defaults' | 'stored' | 'relays' | 'notes'

export interface RelayListContext {
  /** The config's default relays (normalised). */
  defaults: RelayEntry[]
  pubkey: string | null
  canSign: boolean
  /** The user's list: what the pool holds, besides the config's indexers and automatic relays. */
  relays: RelayEntry[]
  source: RelayListSource
  /** created_at of the published list in use; null for defaults, guesses and new edits. */
  createdAt: number | null
  /** The stored copy, while the relays are asked whether they have a newer list. */
  stored: StoredRelays | null
  /** Edits made while the list was loading, replayed on it once loaded. */
  queued: RelayEdit[]
  /** The list has changes no relay has accepted yet. */
  unpublished: boolean
  /** The last publish's failure ('Publish failed: …'); cleared when the next one starts. */
  error: string | null
}

export type RelayListEvent =
  | { type: 'relayList.poolStarted'; defaults: RelayEntry[] }
  | { type: 'relayList.signedIn'; pubkey: string; canSign: boolean }
  | { type: 'relayList.signedOut' }
  | { type: 'relayList.signingChanged'; canSign: boolean }
  /** The user's edit in Relay Management (the dynamic manager's go to the pool directly). */
  | { type: 'relayList.edit'; edit: RelayEdit }
  /** Reset Preferences (spec §4): the config's default relays again, published when signed in. */
  | { type: 'relayList.restoreDefaults' }
  /** Raised by the machine itself when the list changed: starts the broadcast. */
  | { type: 'relayList.changed' }

export interface StoredCopy {
  record: StoredRelays | null
  /** This browser session already asked the relays for this user's list. */
  checked: boolean
}

export interface PubkeyInput {
  pubkey: string
}
export interface PublishInput {
  pubkey: string
  relays: RelayEntry[]
}
export interface Published {
  /** created_at of the published kind 10002. */
  createdAt: number
}

/** The store action: `createdAt` null means edited now and not published yet. */
export interface StoreParams {
  pubkey: string
  relays: RelayEntry[]
  createdAt: number | null
}
export interface ApplyParams {
  relays: RelayEntry[]
  /** Relays the pool keeps whatever the list says (the config's indexers). */
  keep: RelayEntry[]
}

export const indexersOf = (entries: readonly RelayEntry[]): RelayEntry[] =>
  entries.filter((entry) => entry.permission === 'indexer')

export const required = (pubkey: string | null): string => {
  if (pubkey === null) throw new Error('relay-list.machine: no pubkey')
  return pubkey
}

export const signedOutContext = (defaults: RelayEntry[]): RelayListContext => ({
  defaults,
  pubkey: null,
  canSign: false,
  relays: defaults,
  source: 'defaults',
  createdAt: null,
  stored: null,
  queued: [],
  unpublished: false,
  error: null,
})

interface Args {
  context: RelayListContext
}

// The effects with what they act on: parameterised references, so `provide` reaches them.
export const forwardEdit = {
  type: 'sendToPool',
  params: ({ event }: { event: RelayListEvent }): RelayEdit => {
    if (event.type !== 'relayList.edit') throw new Error('relay-list.machine: not an edit')
    return event.edit
  },
} as const
export const applyList = {
  type: 'applyToPool',
  params: ({ context }: Args): ApplyParams => ({
    relays: context.relays,
    keep: indexersOf(context.defaults),
  }),
} as const
export const applyDefaults = {
  type: 'applyToPool',
  params: ({ context }: Args): ApplyParams => ({
    relays: context.defaults,
    keep: indexersOf(context.defaults),
  }),
} as const
/** Stores the list: as edited now while unpublished, else as the published version it is. */
export const storeCurrent = {
  type: 'storeList',
  params: ({ context }: Args): StoreParams => ({
    pubkey: required(context.pubkey),
    relays: context.relays,
    createdAt: context.unpublished ? null : (context.createdAt ?? 0),
  }),
} as const
export const markSessionChecked = {
  type: 'markChecked',
  params: ({ context }: Args): PubkeyInput => ({ pubkey: required(context.pubkey) }),
} as const
export const forgetSessionChecked = {
  type: 'forgetChecked',
  params: ({ context }: Args): PubkeyInput => ({ pubkey: required(context.pubkey) }),
} as const

export const queue = { actions: ['queueEdit', forwardEdit] } as const
