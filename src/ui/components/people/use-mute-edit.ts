/**
 * The mute-edit actor for the profile's Mute button, a note's More menu and Settings: what it is
 * doing and a way to ask it. The actor (and the publishing code behind it) is the system's, loaded
 * on first use; until then nothing is under way.
 */
import { useSelector } from '@xstate/react'
import { useCallback } from 'react'
import type { MuteChange } from '../../../core/people/mute-edit.ts'
import type { MuteEditSnapshot } from '../../../machines/mute-edit.machine.ts'
import { useLoaded } from '../../hooks/use-loaded.ts'
import { useSystem } from '../../system-context.tsx'

export interface MuteEditView {
  /** The change under way, or null. */
  changing: MuteChange | null
  /** The last change. */
  last: MuteChange | null
  /** The last change was published (or needed nothing). */
  done: boolean
  error: string | null
  detail: string | null
}

const IDLE: MuteEditView = { changing: null, last: null, done: false, error: null, detail: null }

const viewOf = (snapshot: MuteEditSnapshot | undefined): MuteEditView => {
  if (!snapshot) return IDLE
  const { change, error, detail } = snapshot.context
  return {
    changing: snapshot.matches('busy') ? change : null,
    last: change,
    done: snapshot.matches({ ready: 'done' }),
    error,
    detail,
  }
}

const sameView = (a: MuteEditView, b: MuteEditView) =>
  a.changing === b.changing &&
  a.last === b.last &&
  a.done === b.done &&
  a.error === b.error &&
  a.detail === b.detail

/** Two changes name the same mute. */
export const sameMute = (a: MuteChange | null, b: MuteChange | null): boolean =>
  a !== null &&
  b !== null &&
  a.target.kind === b.target.kind &&
  a.target.value.trim().toLowerCase() === b.target.value.trim().toLowerCase()

export function useMuteEdit() {
  const system = useSystem()
  const editor = useLoaded(system.mute)
  const view = useSelector(editor?.actor, viewOf, sameView)
  const request = useCallback(
    (change: MuteChange) => void system.mute().then((loaded) => loaded.request(change)),
    [system],
  )
  const dismiss = useCallback(() => void system.mute().then((loaded) => loaded.dismiss()), [system])
  return { ...view, request, dismiss }
}
