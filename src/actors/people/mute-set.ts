/**
 * The user's current mute set (NIP-51 kind 10000, public part), held by one actor (the
 * composition root starts it on first use) as follows are held: in the query cache under the
 * user's mute list key, which a mute or unmute (mute.ts) sets at once and the persisted cache
 * brings back on a reload, so the first paint after one is filtered already. While someone is
 * logged in (a public key is enough to read the list) the actor follows that query and holds it
 * parsed; logged out, it mutes nothing.
 */
import { type QueryClient, QueryObserver } from '@tanstack/react-query'
import { type ActorRefFrom, fromTransition } from 'xstate'
import type { MuteList } from '../../core/people/mute-list.ts'
import { type MuteSet, muteSetOf, NO_MUTES } from '../../core/people/mute-set.ts'
import type { ProfileQueries } from './profile-queries.ts'

/**
 * `known`: the list has been read (from relays or the stored copy), or the relays failed, or
 * nobody is logged in. Until then what is shown may still be hidden by a list on its way, so a
 * count (the unread notifications) waits for it.
 */
export type MuteSetEvent = { type: 'mutes.changed'; list: MuteList | null; known: boolean }

interface HeldMutes {
  list: MuteList | null
  set: MuteSet
  known: boolean
}

/** The set the last list read gives; the same set while the list stays the same object. */
export const muteSetLogic = fromTransition(
  (held: HeldMutes, { list, known }: MuteSetEvent): HeldMutes =>
    list === held.list
      ? known === held.known
        ? held
        : { ...held, known }
      : { list, set: muteSetOf(list), known },
  { list: null, set: NO_MUTES, known: true } as HeldMutes,
)

export type MuteSetActorRef = ActorRefFrom<typeof muteSetLogic>

/** Who is logged in (null: nobody), and whether the pool has relays to ask. */
export interface MuteSetWatch {
  user: string | null
  relays: boolean
}

export interface MuteSetDeps {
  queryClient: QueryClient
  /** The user's mute list query. */
  muteList: ProfileQueries['muteList']
  /** Calls back now and at every change; returns a stop. */
  watch(listener: (state: MuteSetWatch) => void): () => void
}

/**
 * Feeds a mute set actor with the user's mute list query, for as long as the watch runs. The
 * stored copy shows at once; the relays are asked only once the pool has some, since a query with
 * no relay to ask ends empty and would stand for "mutes nothing".
 */
export function feedMuteSet(
  actor: MuteSetActorRef,
  { queryClient, muteList, watch }: MuteSetDeps,
): void {
  const show = (list: MuteList | null | undefined, known: boolean) =>
    actor.send({ type: 'mutes.changed', list: list ?? null, known })
  const shown = (result: { data: MuteList | null | undefined; status: string }) =>
    show(result.data, result.data !== undefined || result.status === 'error')
  let user: string | null = null
  let asking = false
  let stop = () => {}
  let ask = (_relays: boolean) => {}
  watch(({ user: next, relays }) => {
    if (next === user) {
      if (relays !== asking) ask(relays)
      asking = relays
      return
    }
    user = next
    asking = relays
    stop()
    stop = () => {}
    ask = () => {}
    if (!next) return show(null, true)
    const observer = new QueryObserver(queryClient, { ...muteList(next), enabled: relays })
    ask = (enabled) => observer.setOptions({ ...muteList(next), enabled })
    shown(observer.getCurrentResult())
    stop = observer.subscribe(shown)
  })
}
