/**
 * The follow actor for the profile page: what it is doing and a way to ask it. The actor (and the
 * publishing code behind it) is the system's, loaded on first use, in the profile page's time;
 * until then nothing is under way.
 */
import { useSelector } from '@xstate/react'
import { useCallback } from 'react'
import type { FollowAction } from '../../../core/people/follow.ts'
import type { FollowSnapshot } from '../../../machines/follow.machine.ts'
import { useLoaded } from '../../hooks/use-loaded.ts'
import { useSystem } from '../../system-context.tsx'

export interface FollowView {
  /** The person whose follow is being changed now, or null. */
  changing: string | null
  /** The person of the last change. */
  target: string | null
  error: string | null
  detail: string | null
}

const IDLE: FollowView = { changing: null, target: null, error: null, detail: null }

const viewOf = (snapshot: FollowSnapshot | undefined): FollowView =>
  snapshot
    ? {
        changing: snapshot.matches('busy') ? (snapshot.context.change?.target ?? null) : null,
        target: snapshot.context.change?.target ?? null,
        error: snapshot.context.error,
        detail: snapshot.context.detail,
      }
    : IDLE

const sameView = (a: FollowView, b: FollowView) =>
  a.changing === b.changing && a.target === b.target && a.error === b.error && a.detail === b.detail

export function useFollow() {
  const system = useSystem()
  const follow = useLoaded(system.follow)
  const view = useSelector(follow?.actor, viewOf, sameView)
  const request = useCallback(
    (action: FollowAction, target: string) =>
      void system.follow().then((loaded) => loaded.request(action, target)),
    [system],
  )
  const dismiss = useCallback(
    () => void system.follow().then((loaded) => loaded.dismiss()),
    [system],
  )
  return { ...view, request, dismiss }
}
