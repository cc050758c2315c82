/**
 * Where the feed's notes come from, as the preferences, the login and the URL say: everyone or
 * the people the user follows (Follow Only, with their kind-3 list), either narrowed to the custom
 * hashtags, or to the one hashtag the URL names (`?tag=`).
 */
import { useQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import { type FeedSource, feedHashtags } from '../../../core/feed/feed-source.ts'
import { usePreferences } from '../app/use-preferences.ts'
import { useLogin } from '../identity/use-login.ts'
import { useProfileQueries } from '../people/use-profile.ts'

export type FeedSourceState =
  | { status: 'ready'; source: FeedSource; follows: readonly string[] | null }
  /** Follow Only while the user's follow list loads. */
  | { status: 'loadingFollows' }
  /** Follow Only, and the user follows nobody (or published no list). */
  | { status: 'noFollows' }

export function useFeedSource(tag: string | null): FeedSourceState {
  const { filterByFollow, customHashtags } = usePreferences()
  // One string for the set, so an equal list read anew does not make a new source.
  const tagsKey = feedHashtags(customHashtags, tag).join(' ')
  const { signedIn, pubkey } = useLogin()
  // Follow Only needs a logged-in user (spec §6): without one the feed is everyone's.
  const followOnly = filterByFollow && signedIn && pubkey !== null
  const queries = useProfileQueries()
  const contacts = useQuery({ ...queries.contacts(pubkey ?? ''), enabled: followOnly })
  const list = contacts.data
  return useMemo((): FeedSourceState => {
    const hashtags = tagsKey === '' ? [] : tagsKey.split(' ')
    if (!followOnly || !pubkey)
      return { status: 'ready', source: { follows: null, hashtags }, follows: null }
    if (list === undefined) return { status: 'loadingFollows' }
    const authors = list?.contacts.map((contact) => contact.pubkey) ?? []
    if (authors.length === 0) return { status: 'noFollows' }
    return {
      status: 'ready',
      source: { follows: { pubkey, version: list?.createdAt ?? 0, authors }, hashtags },
      follows: authors,
    }
  }, [followOnly, pubkey, list, tagsKey])
}
