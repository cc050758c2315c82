/**
 * The edit profile modal's work: the user's current kind 0 read from the relays when it opens
 * (again on Retry), and the edited one published with each relay's answer as it comes.
 */
import type { NostrEvent } from 'nostr-tools/pure'
import { useCallback, useEffect, useRef, useState } from 'react'
import type { ProfileForm } from '../../../core/people/profile-edit.ts'
import { messageOf } from '../../../core/platform/error-message.ts'
import type { PublishResult } from '../../../core/relays/publish-result.ts'
import { useSystem } from '../../system-context.tsx'

export type BaseState =
  | { status: 'loading' }
  /** `event` null: the relays that answered have no profile yet. */
  | { status: 'loaded'; event: NostrEvent | null }
  | { status: 'failed'; message: string }

export type SaveState =
  | { status: 'idle' }
  | { status: 'saving'; results: PublishResult[] }
  | { status: 'saved'; results: PublishResult[] }
  | { status: 'failed'; results: PublishResult[]; message: string }

export function useProfileEdit(user: string) {
  const system = useSystem()
  const [base, setBase] = useState<BaseState>({ status: 'loading' })
  const [save, setSave] = useState<SaveState>({ status: 'idle' })
  // Only the latest read may set the state (Retry, or another user, starts a new one).
  const reading = useRef(0)

  const load = useCallback(() => {
    const id = ++reading.current
    setBase({ status: 'loading' })
    system
      .profileEdit()
      .then((edit) => edit.read(user))
      .then(
        (event) => id === reading.current && setBase({ status: 'loaded', event }),
        (error: unknown) =>
          id === reading.current && setBase({ status: 'failed', message: messageOf(error) }),
      )
  }, [system, user])

  useEffect(() => {
    load()
    return () => {
      reading.current++
    }
  }, [load])

  const publish = useCallback(
    (form: ProfileForm) => {
      if (base.status !== 'loaded') return
      let results: PublishResult[] = []
      let settled: 'saved' | 'failed' | null = null
      let failure = ''
      const show = () =>
        setSave(
          settled === 'failed'
            ? { status: 'failed', results, message: failure }
            : { status: settled ?? 'saving', results },
        )
      setSave({ status: 'saving', results })
      const onResult = (result: PublishResult) => {
        results = [...results, result]
        show()
      }
      system
        .profileEdit()
        .then((edit) => edit.publish(user, base.event, form, onResult))
        .then(
          ({ event }) => {
            settled = 'saved'
            show()
            // The next save builds on what was just published.
            setBase({ status: 'loaded', event })
          },
          (error: unknown) => {
            settled = 'failed'
            failure = messageOf(error)
            show()
          },
        )
    },
    [base, system, user],
  )

  return { base, retry: load, save, publish }
}
