import { useQuery } from '@tanstack/react-query'
import type { ProfileTarget } from '../../../core/app/route-ids.ts'
import { followingCountText } from '../../../core/people/contacts.ts'
import { followersCountText } from '../../../core/people/followers.ts'
import { profileLightning } from '../../../core/people/lightning-address.ts'
import { displayName, type ProfileMetadata, shortNpub } from '../../../core/people/profile.ts'
import { websiteLink } from '../../../core/people/website.ts'
import { httpUrl } from '../../../core/platform/http-url.ts'
import { npubOf } from '../../../core/platform/npub.ts'
import { FAILED_TO_LOAD_PROFILE } from '../../../core/relays/relay-messages.ts'
import { CopyButton } from '../kit/CopyButton.tsx'
import { RemoteImage } from '../kit/RemoteImage.tsx'
import { Avatar } from './Avatar.tsx'
import { MutedProfileLine } from './MutedProfileLine.tsx'
import { Nip05Badge } from './Nip05Badge.tsx'
import { ProfileActions } from './ProfileActions.tsx'
import { useContactsModal, useProfileQueries } from './use-profile.ts'
import './profile.css'

/** Banner, picture, names, NIP-05, about, website, lightning, npub and the people counts. */
export function ProfileHeader({ target }: { target: ProfileTarget }) {
  const { pubkey } = target
  const queries = useProfileQueries()
  const { data: metadata, isPending, isError } = useQuery(queries.metadata(pubkey))
  const name = displayName(metadata, pubkey)
  const banner = httpUrl(metadata?.banner ?? '')
  return (
    <header className="profile-header" aria-busy={isPending}>
      <div className="profile-banner">{banner && <RemoteImage src={banner} alt="" />}</div>
      <div className="profile-top">
        <div className="profile-avatar">
          <Avatar
            pubkey={pubkey}
            name={name}
            picture={httpUrl(metadata?.picture ?? '') ?? undefined}
          />
        </div>
        <ProfileActions pubkey={pubkey} />
      </div>
      {isPending ? (
        <h1 className="profile-name profile-name-pending">{name}</h1>
      ) : metadata ? (
        <ProfileText metadata={metadata} pubkey={pubkey} name={name} />
      ) : isError ? (
        <p className="profile-failed" role="alert">
          {FAILED_TO_LOAD_PROFILE}
        </p>
      ) : (
        // The relays answered and hold no profile by them (a new account): the name from the npub.
        <h1 className="profile-name">{name}</h1>
      )}
      <NpubRow pubkey={pubkey} />
      <ContactCounts pubkey={pubkey} />
      <MutedProfileLine pubkey={pubkey} />
    </header>
  )
}

function ProfileText({
  metadata,
  pubkey,
  name,
}: {
  metadata: ProfileMetadata
  pubkey: string
  name: string
}) {
  const handle = metadata.name.trim()
  const website = websiteLink(metadata.website)
  const lightning = profileLightning(metadata)
  const about = metadata.about.trim()
  return (
    <>
      <h1 className="profile-name">{name}</h1>
      {handle && handle !== name && <p className="profile-handle">@{handle}</p>}
      {metadata.nip05 && <Nip05Badge identifier={metadata.nip05} pubkey={pubkey} />}
      {about && <p className="profile-about">{about}</p>}
      {(website || lightning) && (
        <ul className="profile-facts">
          {website && (
            <li>
              <span className="profile-fact-label">Website</span>
              <a href={website.href} target="_blank" rel="noopener noreferrer nofollow">
                {website.label}
              </a>
            </li>
          )}
          {lightning && (
            <li>
              <span className="profile-fact-label">Lightning</span>
              {lightning.kind === 'lud16' ? (
                <span className="profile-lightning">{lightning.address}</span>
              ) : (
                <span className="profile-lightning mono" title={lightning.lnurl}>
                  {lightning.short}
                </span>
              )}
            </li>
          )}
        </ul>
      )}
    </>
  )
}

function NpubRow({ pubkey }: { pubkey: string }) {
  const npub = npubOf(pubkey)
  return (
    <p className="profile-npub">
      <span className="mono" title={npub}>
        {shortNpub(pubkey)}
      </span>
      <CopyButton text={npub} label="Copy npub" />
    </p>
  )
}

/** "12 following · 30 followers": each opens its list as a modal (contacts=…). */
function ContactCounts({ pubkey }: { pubkey: string }) {
  const queries = useProfileQueries()
  const contacts = useQuery(queries.contacts(pubkey))
  const followers = useQuery(queries.followers(pubkey))
  const modal = useContactsModal()
  return (
    <p className="profile-counts">
      <button type="button" className="count-button" onClick={() => modal.show('following')}>
        {contacts.isPending
          ? '… following'
          : followingCountText(contacts.data?.contacts.length ?? 0)}
      </button>
      <button type="button" className="count-button" onClick={() => modal.show('followers')}>
        {followers.data ? followersCountText(followers.data) : '… followers'}
      </button>
    </p>
  )
}
