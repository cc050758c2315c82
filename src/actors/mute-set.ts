/**
 * The user's current mute set (NIP-51 kind 10000, public part), held by one actor per system as
 * follows are held: in the query cache under the user's mute list key, which a mute or unmute
 * (mute.ts) sets at once and the persisted cache brings back on a reload, so the first paint
 * after one is filtered already. While someone is logged in (a public key is enough to read the
 * list) the actor follows that query and holds it parsed; logged out, it mutes nothing.
 */
import { type QueryClient, QueryObserver } from '@tanstack/react-query'
import { type ActorRefFrom, createActor, fromTransition } from 'xstate'
import type { MuteList } from '../core/mute-list.ts'
import { type MuteSet, muteSetOf, NO_MUTES } from '../core/mute-set.ts'
import { type ProfileQueries, poolRelaysOf, profileQueries } from './profile-queries.ts'
import type { PlumeSystem } from './system.ts'

type LoginSnapshot = ReturnType<PlumeSystem['login']['getSnapshot']>
const userOf = (login: LoginSnapshot) => (login.matches('signedIn') ? login.context.pubkey : null)

export type MuteSetEvent = { type: 'mutes.changed'; list: MuteList | null }

/** The set the last list read gives; the same set while the list stays the same object. */
export const muteSetLogic = fromTransition(
  (held: { list: MuteList | null; set: MuteSet }, event: MuteSetEvent) =>
    event.list === held.list ? held : { list: event.list, set: muteSetOf(event.list) },
  { list: null as MuteList | null, set: NO_MUTES },
)

export type MuteSetActorRef = ActorRefFrom<typeof muteSetLogic>

export interface MuteSetDeps {
  queryClient: QueryClient
  /** The user's mute list query. */
  muteList: ProfileQueries['muteList']
  /** Calls back with who is logged in now and at every change (null: nobody); returns a stop. */
  watchUser(listener: (user: string | null) => void): () => void
}

/** A mute set actor fed by the user's mute list query, for as long as the watch runs. */
export function startMuteSet({ queryClient, muteList, watchUser }: MuteSetDeps): MuteSetActorRef {
  const actor = createActor(muteSetLogic).start()
  const show = (list: MuteList | null | undefined) =>
    actor.send({ type: 'mutes.changed', list: list ?? null })
  let user: string | null = null
  let stop = () => {}
  watchUser((next) => {
    if (next === user) return
    user = next
    stop()
    stop = () => {}
    if (!next) return show(null)
    const observer = new QueryObserver(queryClient, muteList(next))
    show(observer.getCurrentResult().data)
    stop = observer.subscribe((result) => show(result.data))
  })
  return actor
}

const actors = new WeakMap<PlumeSystem, MuteSetActorRef>()

/** The system's mute set actor, started on first use and fed for the system's life. */
export function muteSetActorFor(system: PlumeSystem): MuteSetActorRef {
  const known = actors.get(system)
  if (known) return known
  const { hub, queryClient, app, login } = system
  const queries = profileQueries({ hub, queryClient, pool: poolRelaysOf(app) })
  const actor = startMuteSet({
    queryClient,
    muteList: queries.muteList,
    watchUser: (listener) => {
      listener(userOf(login.getSnapshot()))
      const subscription = login.subscribe((snapshot) => listener(userOf(snapshot)))
      return () => subscription.unsubscribe()
    },
  })
  actors.set(system, actor)
  return actor
}
