/**
 * The follow actor for the profile page: what it is doing and a way to ask it. The actor (and the
 * publishing code behind it) is created on first use, in the profile page's chunk.
 */
import { useSelector } from '@xstate/react'
import { useCallback, useMemo } from 'react'
import { followActorFor, followRequest } from '../../../actors/people/follow.effects.ts'
import type { FollowAction } from '../../../core/people/follow.ts'
import type { FollowSnapshot } from '../../../machines/follow.machine.ts'
import { useSystem } from '../../system-context.tsx'

export interface FollowView {
  /** The person whose follow is being changed now, or null. */
  changing: string | null
  /** The person of the last change. */
  target: string | null
  error: string | null
  detail: string | null
}

const viewOf = (snapshot: FollowSnapshot): FollowView => ({
  changing: snapshot.matches('busy') ? (snapshot.context.change?.target ?? null) : null,
  target: snapshot.context.change?.target ?? null,
  error: snapshot.context.error,
  detail: snapshot.context.detail,
})

const sameView = (a: FollowView, b: FollowView) =>
  a.changing === b.changing && a.target === b.target && a.error === b.error && a.detail === b.detail

export function useFollow() {
  const system = useSystem()
  const actor = useMemo(() => followActorFor(system), [system])
  const view = useSelector(actor, viewOf, sameView)
  const request = useCallback(
    (action: FollowAction, target: string) =>
      actor.send({ type: 'follow.requested', request: followRequest(system, action, target) }),
    [actor, system],
  )
  const dismiss = useCallback(() => actor.send({ type: 'follow.dismissed' }), [actor])
  return { ...view, request, dismiss }
}
