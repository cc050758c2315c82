import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import {
  type ContactVersion,
  FOLLOW_LIST_FAILED,
  FOLLOW_LIST_LOGGED_OUT,
  FOLLOW_LIST_NONE,
  restoredText,
  versionPlace,
} from '../../../core/people/contact-versions.ts'
import { peopleCount } from '../../../core/people/follow-guard.ts'
import { absoluteTime } from '../../../core/platform/relative-time.ts'
import { useGated } from '../../hooks/use-gated.ts'
import { useLogin } from '../../hooks/use-login.ts'
import { LoadFailed } from '../kit/LoadFailed.tsx'
import { ActionError } from './ActionError.tsx'
import { FollowQuestion } from './FollowQuestion.tsx'
import { RelayAnswers } from './RelayAnswers.tsx'
import { useFollow } from './use-follow.ts'
import { useProfileQueries } from './use-profile.ts'
import './follow-list.css'

/**
 * Settings, "Follow list": the versions of the user's contact list (kind 3) Plume has seen, the
 * relays' newest marked current, and Restore on an earlier one, which publishes its tags and
 * content again, dated now, through the follow machine (asked first when it is much shorter).
 */
export function FollowListSection() {
  const { signedIn, pubkey } = useLogin()
  return (
    <section className="settings-section" aria-labelledby="follow-list-heading">
      <h3 id="follow-list-heading">Follow list</h3>
      {signedIn && pubkey ? (
        <FollowListVersions user={pubkey} />
      ) : (
        <p className="key-status">{FOLLOW_LIST_LOGGED_OUT}</p>
      )}
    </section>
  )
}

function FollowListVersions({ user }: { user: string }) {
  const queries = useProfileQueries()
  const versions = useQuery(queries.contactVersions(user))
  const follow = useFollow()
  const gate = useGated('restore your follow list')
  // The follow machine's question and answers belong here only when Settings asked.
  const [asked, setAsked] = useState<ContactVersion | null>(null)
  const list = versions.data?.versions ?? []
  const mine = asked !== null && follow.action === 'restore'

  const restore = (version: ContactVersion) => {
    setAsked(version)
    follow.dismiss()
    gate.run(() => follow.restore(version.event))
  }

  const error = asked ? (gate.problem ?? (mine ? follow.error : null)) : null
  return (
    <>
      <p className="key-status">
        Relays keep only your newest follow list. The versions Plume has seen are kept on this
        device, so a list shortened by another app can be put back.
      </p>
      {list.length === 0 ? (
        versions.isFetching ? (
          <p className="key-status">Looking for your follow list…</p>
        ) : (
          !versions.isError && <p className="key-status">{FOLLOW_LIST_NONE}</p>
        )
      ) : (
        <ul className="follow-versions" aria-label="Follow list versions">
          {list.map((version, index) => (
            <li key={version.event.id} className="follow-version">
              <div className="follow-version-text">
                <span className="follow-version-count">
                  {peopleCount(version.count)}
                  {index === 0 && <span className="follow-version-current">current</span>}
                </span>
                <time dateTime={new Date(version.event.created_at * 1000).toISOString()}>
                  {absoluteTime(version.event.created_at)}
                </time>
                <span className="follow-version-place">{versionPlace(version)}</span>
              </div>
              {index > 0 && (
                <button
                  type="button"
                  className="button"
                  disabled={follow.changing !== null}
                  aria-busy={mine && follow.changing !== null && asked === version}
                  onClick={() => restore(version)}
                >
                  Restore
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {versions.isError && !versions.isFetching && (
        <LoadFailed message={FOLLOW_LIST_FAILED} retry={() => void versions.refetch()} />
      )}
      {mine && follow.question && (
        <FollowQuestion question={follow.question} onAnswer={follow.answer} />
      )}
      {mine && follow.done && asked && (
        <p className="follow-restored" role="status">
          {restoredText(asked.count)}
        </p>
      )}
      {mine && <RelayAnswers results={follow.results} />}
      {error && (
        <ActionError
          message={error}
          detail={gate.problem ? null : follow.detail}
          onDismiss={() => {
            setAsked(null)
            follow.dismiss()
          }}
        />
      )}
    </>
  )
}
