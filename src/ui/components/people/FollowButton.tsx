import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useGated } from '../../hooks/use-gated.ts'
import { useLogin } from '../../hooks/use-login.ts'
import { ActionError } from './ActionError.tsx'
import { FollowQuestion } from './FollowQuestion.tsx'
import { useFollow } from './use-follow.ts'
import { useProfileQueries } from './use-profile.ts'

/**
 * Follow or Unfollow this person. The user's contact list decides which; a change shows at once
 * and is put back if it fails or the user cancels (the follow machine). A visitor gets the login
 * options and the follow happens once they are in; a locked key is unlocked first. When another
 * client shrank the list, the machine's question (restore the earlier list first?) shows here.
 */
export function FollowButton({ pubkey }: { pubkey: string }) {
  const { signedIn, pubkey: user } = useLogin()
  const queries = useProfileQueries()
  const contacts = useQuery({ ...queries.contacts(user ?? ''), enabled: signedIn && !!user })
  const follow = useFollow()
  const following = !!contacts.data?.contacts.some((contact) => contact.pubkey === pubkey)
  const action = following ? 'unfollow' : 'follow'
  // 'Log in to follow', 'Unlock & unfollow'.
  const gate = useGated(action)
  // Messages belong to the button that asked, not to every profile visited afterwards.
  const [asked, setAsked] = useState(false)
  const changing = follow.changing !== null
  const loading = signedIn && contacts.isPending

  const click = () => {
    setAsked(true)
    follow.dismiss()
    gate.run(() => follow.request(action, pubkey))
  }

  const error = asked ? (gate.problem ?? follow.error) : null
  return (
    <>
      <button
        type="button"
        className={following ? 'button profile-follow' : 'button button-primary profile-follow'}
        aria-busy={follow.changing === pubkey || loading}
        disabled={changing || loading}
        onClick={click}
      >
        {following ? 'Unfollow' : 'Follow'}
      </button>
      {asked && follow.question && follow.target === pubkey && (
        <FollowQuestion question={follow.question} onAnswer={follow.answer} />
      )}
      {error && (
        <ActionError
          message={error}
          detail={gate.problem ? null : follow.detail}
          onDismiss={() => {
            setAsked(false)
            follow.dismiss()
          }}
        />
      )}
    </>
  )
}
