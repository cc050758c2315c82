/**
 * Muting and unmuting a person: the user's newest mute list (kind 10000) is read through
 * own-events (never built from nothing), changed by one p tag, signed and published; the mute
 * list query shows the result at once. Muting someone already muted (or unmuting someone who is
 * not) publishes nothing and counts as done.
 */
import type { QueryClient } from '@tanstack/react-query'
import {
  changeMutes,
  listMutes,
  MUTE_MESSAGES,
  type MuteAction,
  muteListTemplate,
  muteProblem,
} from '../../core/people/mute-edit.ts'
import { MUTE_LIST_KIND, parseMuteList } from '../../core/people/mute-list.ts'
import type { PublishResult } from '../../core/relays/publish-result.ts'
import type { OwnEvents } from './own-events.ts'
import { profileKeys } from './profile-keys.ts'
import type { PublicMuteList } from './profile-queries.ts'

/** Mute lists asked for: the newest one wins (lightning-and-ecash §7). */
export const MUTE_LIST_QUERY_LIMIT = 1

export interface MuteDeps {
  own: OwnEvents
  queryClient: QueryClient
  /** Who is logged in and can sign, or null. */
  user(): string | null
  /** The relay pool runs. */
  ready(): boolean
  /** Seconds clock for created_at. */
  now?: () => number
}

/** Each relay's answer; empty when the list already was as asked. */
export type MuteOutcome = PublishResult[]

/** Mute and Unmute for the profile page. */
export interface Mute {
  /** Rejects with the spec's message, or a MuteFailure once the read or the publish failed. */
  change(action: MuteAction, target: string): Promise<MuteOutcome>
}

/** The read or the publish failed: 'Mute failed' or 'Unmute failed', and why. */
export class MuteFailure extends Error {
  override readonly name = 'MuteFailure'
  readonly detail: string

  constructor(action: MuteAction, detail: string) {
    super(MUTE_MESSAGES.failed[action])
    this.detail = detail
  }
}

export async function changeMute(
  deps: MuteDeps,
  action: MuteAction,
  target: string,
): Promise<MuteOutcome> {
  const user = deps.user()
  const problem = muteProblem({
    action,
    target,
    user,
    ready: deps.ready(),
    relays: deps.own.writeTargets(),
  })
  if (problem || user === null) throw new Error(problem ?? MUTE_MESSAGES.invalidUser)
  const person = target.trim().toLowerCase()
  try {
    return await applyMute(deps, user, action, person)
  } catch (error) {
    throw new MuteFailure(action, error instanceof Error ? error.message : String(error))
  }
}

async function applyMute(
  { own, queryClient, now }: MuteDeps,
  user: string,
  action: MuteAction,
  person: string,
): Promise<MuteOutcome> {
  const base = await own.read(MUTE_LIST_KIND, user, MUTE_LIST_QUERY_LIMIT, MUTE_MESSAGES.unreadable)
  const show = async (list: { tags: string[][]; created_at: number }) => {
    const shown: PublicMuteList = {
      ...parseMuteList({ kind: MUTE_LIST_KIND, tags: list.tags }),
      createdAt: list.created_at,
    }
    const queryKey = profileKeys.muteList(user)
    // A read begun before the change must not land after it and put the old list back.
    await queryClient.cancelQueries({ queryKey, exact: true })
    queryClient.setQueryData(queryKey, shown)
  }
  if (listMutes(base?.tags ?? [], person) === (action === 'mute')) {
    if (base) await show(base)
    return []
  }
  const seconds = now ?? (() => Math.floor(Date.now() / 1000))
  const tags = changeMutes(action, base?.tags ?? [], person)
  const { event, results } = await own.publish(muteListTemplate(base, tags, seconds()), user)
  await show(event)
  return results
}
