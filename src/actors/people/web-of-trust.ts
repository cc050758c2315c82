/**
 * The user's web of trust, held by one actor (the web-of-trust machine, started by the composition
 * root on first use) and fed with who is logged in, the setting, and the user's follows: their
 * contact list query, read as the Follow button and Follow Only read it, asked only once the pool
 * has relays (a query with none ends empty and would stand for "follows nobody").
 */
import { type QueryClient, QueryObserver } from '@tanstack/react-query'
import { createActor } from 'xstate'
import { type WebOfTrustActorRef, webOfTrustMachine } from '../../machines/web-of-trust.machine.ts'
import type { RelayHub } from '../relays/relay-hub.ts'
import type { ContactList, ProfileQueries } from './profile-queries.ts'
import { webOfTrustEffects } from './web-of-trust.effects.ts'

/** Who is logged in (null: nobody), the setting, and whether the pool has relays to ask. */
export interface WebOfTrustWatch {
  user: string | null
  on: boolean
  relays: boolean
}

export interface WebOfTrustDeps {
  hub: Pick<RelayHub, 'query'>
  queryClient: QueryClient
  /** The user's contact list query. */
  contacts: ProfileQueries['contacts']
  /** Calls back now and at every change; returns a stop. */
  watch(listener: (state: WebOfTrustWatch) => void): () => void
}

/** The follows a contact list query gives: none for no list or a failed read, null until then. */
const followsOf = (result: {
  data: ContactList | null | undefined
  status: string
}): readonly string[] | null =>
  result.data
    ? result.data.contacts.map((contact) => contact.pubkey)
    : result.data === null || result.status === 'error'
      ? []
      : null

export function startWebOfTrust({
  hub,
  queryClient,
  contacts,
  watch,
}: WebOfTrustDeps): WebOfTrustActorRef {
  const actor = createActor(webOfTrustMachine.provide(webOfTrustEffects(hub))).start()
  let held: WebOfTrustWatch = { user: null, on: false, relays: false }
  const report = (follows: readonly string[] | null) =>
    actor.send({ type: 'trust.watched', user: held.user, on: held.on, follows })
  /** The user's contact list query while it is watched: asks when the pool has relays. */
  let contactList: { ask(relays: boolean): void; stop(): void } | null = null
  watch((next) => {
    const wanted = next.user !== null && next.on
    if (contactList && (next.user !== held.user || !wanted)) {
      contactList.stop()
      contactList = null
    }
    const relaysChanged = next.relays !== held.relays
    held = next
    if (!wanted || next.user === null) return report(null)
    // The pool's snapshots come often (every socket's state): the query changes only with relays.
    if (contactList) return relaysChanged ? contactList.ask(next.relays) : undefined
    const options = contacts(next.user)
    const observer = new QueryObserver(queryClient, { ...options, enabled: next.relays })
    contactList = {
      ask: (relays) => observer.setOptions({ ...options, enabled: relays }),
      stop: observer.subscribe((result) => report(followsOf(result))),
    }
    report(followsOf(observer.getCurrentResult()))
  })
  return actor
}
