/**
 * Editing one's own profile: the newest kind 0 is read through own-events (the form starts from
 * it; none read means nothing to edit safely), and the edited one is signed and published with
 * every relay's answer reported as it comes. The profile page and every note card show the new
 * metadata at once: both metadata queries are set.
 */
import type { QueryClient } from '@tanstack/react-query'
import type { NostrEvent } from 'nostr-tools/pure'
import { parseProfileMetadata } from '../../core/people/profile.ts'
import {
  METADATA_KIND,
  metadataTemplate,
  PROFILE_EDIT_MESSAGES,
  type ProfileForm,
  profileContent,
} from '../../core/people/profile-edit.ts'
import type { PublishResult } from '../../core/relays/publish-result.ts'
import { METADATA_LIMIT, metadataKey } from './metadata-queries.ts'
import type { OwnEvents, Published } from './own-events.ts'
import { profileKeys } from './profile-keys.ts'

/** Profile editing for the edit profile modal: the base read, and the edited one published. */
export interface ProfileEdit {
  read(user: string): Promise<NostrEvent | null>
  publish(
    user: string,
    base: NostrEvent | null,
    form: ProfileForm,
    onResult: (result: PublishResult) => void,
  ): Promise<Published>
}

export interface ProfileEditDeps {
  own: OwnEvents
  queryClient: QueryClient
  /** Seconds clock for created_at. */
  now?: () => number
}

/** The user's newest kind 0, or null when the relays that answered have none. */
export const readOwnProfile = ({ own }: ProfileEditDeps, user: string) =>
  own.read(METADATA_KIND, user, METADATA_LIMIT, PROFILE_EDIT_MESSAGES.unreadable)

/**
 * Publishes the form over `base` (fields other clients set are kept). Resolves once a relay
 * accepts, with the event and the answers so far; `onResult` hears every answer, later ones too.
 */
export async function publishProfile(
  { own, queryClient, now }: ProfileEditDeps,
  user: string,
  base: NostrEvent | null,
  form: ProfileForm,
  onResult: (result: PublishResult) => void,
): Promise<Published> {
  const seconds = now ?? (() => Math.floor(Date.now() / 1000))
  const template = metadataTemplate(base, profileContent(base?.content ?? null, form), seconds())
  const published = await own.publish(template, user, onResult)
  const metadata = parseProfileMetadata(published.event.content)
  queryClient.setQueryData(profileKeys.metadata(user), metadata)
  queryClient.setQueryData(metadataKey(user), metadata)
  return published
}

export const profileEdit = (deps: ProfileEditDeps): ProfileEdit => ({
  read: (user) => readOwnProfile(deps, user),
  publish: (user, base, form, onResult) => publishProfile(deps, user, base, form, onResult),
})
