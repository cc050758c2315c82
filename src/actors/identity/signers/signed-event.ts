/**
 * Checks an event that came back from a signer we do not hold the key of (extension, remote):
 * it must be the event we asked for, signed by the key the user logged in with, with an id and
 * signature that hold. Anything else is an error, never a success.
 */
import { type EventTemplate, type NostrEvent, validateEvent, verifyEvent } from 'nostr-tools/pure'

/** `source` names the signer in messages: 'The extension', 'The remote signer'. */
export function checkSignedEvent(
  returned: unknown,
  template: EventTemplate,
  pubkey: string,
  source: string,
): NostrEvent {
  if (!validateEvent(returned)) throw new Error(`${source} returned something that is not an event`)
  const { id, sig } = returned as { id?: unknown; sig?: unknown }
  if (typeof id !== 'string' || typeof sig !== 'string') {
    throw new Error(`${source} returned an event without an id or signature`)
  }
  // A fresh object: drops extra fields and any "already verified" mark the returned object carries.
  const event: NostrEvent = {
    id,
    pubkey: returned.pubkey,
    created_at: returned.created_at,
    kind: returned.kind,
    tags: returned.tags,
    content: returned.content,
    sig,
  }
  if (event.pubkey !== pubkey) {
    throw new Error(`${source} signed with a different key than the one you are logged in with`)
  }
  if (!sameContent(event, template)) {
    throw new Error(`${source} signed a different event than the one requested`)
  }
  if (!verifyEvent(event))
    throw new Error(`${source} returned an event whose signature does not verify`)
  return event
}

// created_at and tags matter too: changing either would throw away proof of work.
function sameContent(event: NostrEvent, template: EventTemplate): boolean {
  return (
    event.kind === template.kind &&
    event.content === template.content &&
    event.created_at === template.created_at &&
    JSON.stringify(event.tags) === JSON.stringify(template.tags)
  )
}
