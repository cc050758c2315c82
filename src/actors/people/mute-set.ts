/**
 * The user's current mute set (NIP-51 kind 10000), held by one actor (the composition root
 * starts it on first use) as follows are held: in the query cache under the user's mute list
 * key, which a mute or unmute (mute-edit.effects.ts) sets at once and the persisted cache brings
 * back on a reload, so the first paint after one is filtered already. While someone is logged in
 * (a public key is enough to read the list) the actor follows that query and holds it parsed;
 * logged out, it mutes nothing.
 *
 * The set is the union of the public tags and the private part. The query holds the private part
 * encrypted only; it is decrypted with the user's signer (private-mutes.ts) and the result held
 * here, in memory. A private part that cannot be decrypted (another key, garbage, a login that
 * cannot decrypt) leaves the public part applied and says so (`privacy`).
 */
import { type QueryClient, QueryObserver } from '@tanstack/react-query'
import { type ActorRefFrom, fromTransition } from 'xstate'
import {
  EMPTY_MUTE_LIST,
  type MuteList,
  muteTags,
  unionMuteLists,
} from '../../core/people/mute-list.ts'
import { hasPrivatePart } from '../../core/people/mute-private.ts'
import { type MuteSet, muteSetOf, NO_MUTES } from '../../core/people/mute-set.ts'
import type { PrivateMutes } from './private-mutes.ts'
import type { ProfileQueries, PublicMuteList } from './profile-queries.ts'

/**
 * Where the private part stands: none in the list, being decrypted, read, waiting for a login that
 * can decrypt (a saved key still locked), or unreadable.
 */
export type PrivateMutesState = 'none' | 'decrypting' | 'decrypted' | 'locked' | 'undecryptable'

/**
 * `mutes.changed` — `known`: the list has been read (from relays or the stored copy), or the
 * relays failed, or nobody is logged in. Until then what is shown may still be hidden by a list
 * on its way, so a count (the unread notifications) waits for it.
 * `mutes.private`: the private tags of this content, or null when it could not be decrypted
 * (`locked`: not tried, the login cannot decrypt yet).
 */
export type MuteSetEvent =
  | { type: 'mutes.changed'; list: PublicMuteList | null; known: boolean }
  | { type: 'mutes.private'; content: string; tags: string[][] | null; locked?: boolean }

export interface HeldMutes {
  /** The public part, as the query holds it. */
  list: PublicMuteList | null
  /** The private part, decrypted; null until then, or when there is none or it is unreadable. */
  hidden: MuteList | null
  privacy: PrivateMutesState
  set: MuteSet
  known: boolean
}

const contentOf = (list: PublicMuteList | null) => list?.content ?? ''

const withSet = (held: Omit<HeldMutes, 'set'>): HeldMutes => ({
  ...held,
  set:
    held.list || held.hidden
      ? muteSetOf(unionMuteLists(held.list ?? EMPTY_MUTE_LIST, held.hidden ?? EMPTY_MUTE_LIST))
      : NO_MUTES,
})

function transition(held: HeldMutes, event: MuteSetEvent): HeldMutes {
  if (event.type === 'mutes.private') {
    if (event.content !== contentOf(held.list)) return held
    return withSet({
      ...held,
      hidden: event.tags ? muteTags(event.tags) : null,
      privacy: event.tags ? 'decrypted' : event.locked ? 'locked' : 'undecryptable',
    })
  }
  const { list, known } = event
  if (list === held.list) return known === held.known ? held : { ...held, known }
  // The same private part keeps what was decrypted of it.
  if (contentOf(list) === contentOf(held.list)) return withSet({ ...held, list, known })
  return withSet({
    list,
    known,
    hidden: null,
    privacy: hasPrivatePart(contentOf(list)) ? 'decrypting' : 'none',
  })
}

/** The set the last list read gives; the same set while the list stays the same object. */
export const muteSetLogic = fromTransition(transition, {
  list: null,
  hidden: null,
  privacy: 'none',
  set: NO_MUTES,
  known: true,
} as HeldMutes)

export type MuteSetActorRef = ActorRefFrom<typeof muteSetLogic>

/** Who is logged in (null: nobody), whether the pool has relays to ask, and whether they can decrypt. */
export interface MuteSetWatch {
  user: string | null
  relays: boolean
  /** The login can decrypt now (a key unlocked, an extension, a remote signer). */
  signer?: boolean
}

export interface MuteSetDeps {
  queryClient: QueryClient
  /** The user's mute list query. */
  muteList: ProfileQueries['muteList']
  /** Decrypts the private part; absent: the private part is never read. */
  secrets?: PrivateMutes
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
  { queryClient, muteList, secrets, watch }: MuteSetDeps,
): void {
  let user: string | null = null
  let signer = false
  /** The content last decrypted or tried, so each is asked of the signer once. */
  let tried = ''

  const decrypt = () => {
    const { list, privacy } = actor.getSnapshot().context
    const content = contentOf(list)
    const owner = user
    if (privacy === 'none' || privacy === 'decrypted' || !owner || !secrets) return
    const remembered = secrets.remembered(content)
    if (remembered) return actor.send({ type: 'mutes.private', content, tags: remembered })
    if (content === tried) return
    tried = content
    if (!signer) return actor.send({ type: 'mutes.private', content, tags: null, locked: true })
    secrets.decrypt(owner, content).then(
      (tags) => actor.send({ type: 'mutes.private', content, tags }),
      // Never logged: the reason may quote the private part.
      () => actor.send({ type: 'mutes.private', content, tags: null }),
    )
  }
  const show = (list: PublicMuteList | null | undefined, known: boolean) => {
    actor.send({ type: 'mutes.changed', list: list ?? null, known })
    decrypt()
  }
  const shown = (result: { data: PublicMuteList | null | undefined; status: string }) =>
    show(result.data, result.data !== undefined || result.status === 'error')
  let asking = false
  let stop = () => {}
  let ask = (_relays: boolean) => {}
  watch(({ user: next, relays, signer: canDecrypt = false }) => {
    if (canDecrypt !== signer) {
      signer = canDecrypt
      // A key unlocked: what could not be read without it is tried again.
      tried = ''
    }
    if (next === user) {
      if (relays !== asking) ask(relays)
      asking = relays
      decrypt()
      return
    }
    user = next
    asking = relays
    tried = ''
    stop()
    stop = () => {}
    ask = () => {}
    if (!next) {
      secrets?.forget()
      return show(null, true)
    }
    const observer = new QueryObserver(queryClient, { ...muteList(next), enabled: relays })
    ask = (enabled) => observer.setOptions({ ...muteList(next), enabled })
    shown(observer.getCurrentResult())
    stop = observer.subscribe(shown)
  })
}
