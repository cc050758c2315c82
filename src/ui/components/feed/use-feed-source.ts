/**
 * Where the feed's notes come from (core/feed/feed-source-state.ts), read from the preferences,
 * the login, the user's contact list and the URL's one hashtag (`?tag=`).
 */
import { useQuery } from '@tanstack/react-query'
import { useEffect, useMemo } from 'react'
import { loadFollowOnly } from '../../../actors/feed/feed-queries.ts'
import { feedHashtags } from '../../../core/feed/feed-source.ts'
import {
  type FeedSourceState,
  feedSourceState,
  followOnlyApplies,
} from '../../../core/feed/feed-source-state.ts'
import { useLogin } from '../../hooks/use-login.ts'
import { usePreferences } from '../app/use-preferences.ts'
import { useProfileQueries } from '../people/use-profile.ts'

export function useFeedSource(tag: string | null): FeedSourceState {
  const { filterByFollow, customHashtags } = usePreferences()
  // One string for the set, so an equal list read anew does not make a new source.
  const tagsKey = feedHashtags(customHashtags, tag).join(' ')
  const { signedIn, pubkey } = useLogin()
  const followOnly = followOnlyApplies(filterByFollow, signedIn, pubkey)
  const queries = useProfileQueries()
  const contacts = useQuery({ ...queries.contacts(pubkey ?? ''), enabled: followOnly })
  // Follow Only's code (its paging by outbox) loads beside the contact list's request, so its
  // first page does not wait for it; a load that fails is tried again by that page.
  useEffect(() => {
    if (followOnly) loadFollowOnly().catch(() => {})
  }, [followOnly])
  const list = contacts.data
  return useMemo((): FeedSourceState => {
    const hashtags = tagsKey === '' ? [] : tagsKey.split(' ')
    return feedSourceState({ followOnly, pubkey, list, hashtags })
  }, [followOnly, pubkey, list, tagsKey])
}
