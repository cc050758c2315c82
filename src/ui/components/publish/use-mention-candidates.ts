/**
 * The people a composer's `@name` may mean: whom the user follows (their kind-3 list and each
 * one's profile, loaded once a mention is typed), then every profile the app has already seen (the
 * query cache) and the names kept on the device (the display-name cache). Nothing is fetched for
 * the others: a mention list answers as the user types.
 */
import { useQueries, useQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import { storedDisplayNames } from '../../../actors/people/display-names.ts'
import { metadataKey } from '../../../actors/people/metadata-queries.ts'
import type { ProfileMetadata } from '../../../core/people/profile.ts'
import type { MentionCandidate } from '../../../core/publish/mention-search.ts'
import { useLogin } from '../../hooks/use-login.ts'
import { useSystem } from '../../system-context.tsx'
import { useProfileQueries } from '../people/use-profile.ts'

const fromMetadata = (
  pubkey: string,
  metadata: ProfileMetadata,
  followed: boolean,
): MentionCandidate => ({
  pubkey,
  displayName: metadata.display_name,
  name: metadata.name,
  nip05: metadata.nip05,
  followed,
})

/** `active`: a mention is being typed; until then nothing is loaded. */
export function useMentionCandidates(active: boolean): readonly MentionCandidate[] {
  const system = useSystem()
  const { pubkey } = useLogin()
  const queries = useProfileQueries()
  const contacts = useQuery({
    ...queries.contacts(pubkey ?? ''),
    enabled: active && pubkey !== null,
  })
  const follows = useMemo(
    () => contacts.data?.contacts.map((contact) => contact.pubkey) ?? [],
    [contacts.data],
  )
  const followed = useQueries({
    queries: follows.map((follow) => ({ ...system.metadataQuery(follow), enabled: active })),
    combine: (results) => results.map((result) => result.data),
  })

  return useMemo(() => {
    if (!active) return []
    const candidates: MentionCandidate[] = []
    follows.forEach((follow, index) => {
      const metadata = followed[index]
      if (metadata) candidates.push(fromMetadata(follow, metadata, true))
    })
    const seen = system.queryClient.getQueriesData<ProfileMetadata | null>({
      queryKey: metadataKey('').slice(0, 1),
    })
    for (const [key, metadata] of seen) {
      const other = key[1]
      if (typeof other === 'string' && metadata) {
        candidates.push(fromMetadata(other, metadata, false))
      }
    }
    for (const entry of storedDisplayNames()) {
      candidates.push({ ...entry, nip05: '', followed: false })
    }
    // Nobody mentions themselves to tag themselves.
    return candidates.filter((candidate) => candidate.pubkey !== pubkey)
  }, [active, follows, followed, system, pubkey])
}
