/**
 * The follow actor for the profile page and Settings: what it is doing, what it asks, and a way to
 * ask it. The actor (and the publishing code behind it) is the system's, loaded on first use, in
 * the profile page's time; until then nothing is under way.
 */
import { useSelector } from '@xstate/react'
import { useCallback } from 'react'
import type { ContactListEvent, FollowAction, ListAction } from '../../../core/people/follow.ts'
import type { PublishResult } from '../../../core/relays/publish-result.ts'
import {
  type FollowQuestion,
  type FollowSnapshot,
  followQuestion,
} from '../../../machines/follow.machine.ts'
import { useLoaded } from '../../hooks/use-loaded.ts'
import { useSystem } from '../../system-context.tsx'

export interface FollowView {
  /** The person whose follow is being changed now ('' for a restore), or null. */
  changing: string | null
  /** The person of the last change. */
  target: string | null
  /** What the last change did. */
  action: ListAction | null
  /** The last change was published (or needed nothing). */
  done: boolean
  error: string | null
  detail: string | null
  /** The question the user must answer before the change goes on. */
  question: FollowQuestion | null
  /** Each relay's answer to the last list published. */
  results: readonly PublishResult[]
}

const IDLE: FollowView = {
  changing: null,
  target: null,
  action: null,
  done: false,
  error: null,
  detail: null,
  question: null,
  results: [],
}

const viewOf = (snapshot: FollowSnapshot | undefined): FollowView => {
  if (!snapshot) return IDLE
  const { change, error, detail, results } = snapshot.context
  return {
    changing: snapshot.matches('busy') ? (change?.target ?? null) : null,
    target: change?.target ?? null,
    action: change?.action ?? null,
    done: snapshot.matches({ ready: 'done' }),
    error,
    detail,
    question: followQuestion(snapshot),
    results,
  }
}

const sameView = (a: FollowView, b: FollowView) =>
  a.changing === b.changing &&
  a.target === b.target &&
  a.action === b.action &&
  a.done === b.done &&
  a.error === b.error &&
  a.detail === b.detail &&
  a.question?.kind === b.question?.kind &&
  a.results === b.results

export function useFollow() {
  const system = useSystem()
  const follow = useLoaded(system.follow)
  const view = useSelector(follow?.actor, viewOf, sameView)
  const request = useCallback(
    (action: FollowAction, target: string) =>
      void system.follow().then((loaded) => loaded.request(action, target)),
    [system],
  )
  const restore = useCallback(
    (version: ContactListEvent) => void system.follow().then((loaded) => loaded.restore(version)),
    [system],
  )
  const answer = useCallback(
    (reply: 'confirmed' | 'declined' | 'cancelled') =>
      void system.follow().then((loaded) => loaded.answer(reply)),
    [system],
  )
  const dismiss = useCallback(
    () => void system.follow().then((loaded) => loaded.dismiss()),
    [system],
  )
  return { ...view, request, restore, answer, dismiss }
}
