import { useState } from 'react'
import { avatarBackground } from '../../../core/people/profile.ts'
import { RemoteImage } from '../kit/RemoteImage.tsx'
import './avatar.css'

/** A profile picture, or the first letter of the name on a colour of the pubkey when there is none. */
export function Avatar({
  pubkey,
  name,
  picture,
}: {
  pubkey: string
  name: string
  picture?: string
}) {
  const [failed, setFailed] = useState(false)
  if (picture && !failed) {
    return (
      <RemoteImage
        className="avatar"
        src={picture}
        alt=""
        width={44}
        height={44}
        loading="lazy"
        onError={() => setFailed(true)}
      />
    )
  }
  return (
    <span
      className="avatar avatar-fallback"
      style={{ background: avatarBackground(pubkey) }}
      aria-hidden="true"
    >
      {name.slice(0, 1).toUpperCase()}
    </span>
  )
}
