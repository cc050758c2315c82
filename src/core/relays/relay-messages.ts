/**
 * Relay pool and relay data texts of the error catalogue (spec §8). The per-relay connection
 * texts live with the socket machine and the publish failure with publish-result.
 */

/** Open sockets the pool allows at once (spec §9, relay pool). */
export const MAX_CONNECTIONS = 20

/** Thrown by every pool operation once the pool is destroyed (§4). */
export const POOL_DESTROYED = 'RelayConnectionPool has been destroyed'

/** 'Maximum connections (20) reached'. */
export const maxConnectionsReached = (max: number = MAX_CONNECTIONS): string =>
  `Maximum connections (${max}) reached`

/** A relay's part of a publish: no OK within the wait, or no socket to send on. */
export const NO_ANSWER = 'no answer in time'
export const NOT_CONNECTED = 'not connected'

/** A feed or a profile's notes that could not be loaded (spec §8, data errors). */
export const FAILED_TO_LOAD_NOTES = 'Failed to load notes'
/** A note that no relay answered for: it may well exist (spec §8, data errors). */
export const FAILED_TO_LOAD_NOTE = 'Failed to load note'
/** A thread's replies that no relay answered for: not the same as none. */
export const FAILED_TO_LOAD_REPLIES = 'Failed to load replies'
/** A thread asked again with its replies on screen, and no relay answered: they stay. */
export const REPLIES_NOT_CHECKED = 'Could not check for new replies'
/** The user's notifications when no relay answered: not the same as none. */
export const FAILED_TO_LOAD_NOTIFICATIONS = 'Failed to load notifications'
/** A profile's metadata that no relay answered for (spec §8, data errors). */
export const FAILED_TO_LOAD_PROFILE = 'Failed to load profile'
/** A profile's notes tab when the relays answered and hold none by them. */
export const NO_NOTES_YET = 'No notes yet'
export const NO_RELAYS_FOR_NOTES =
  'No relays configured. Add a relay or restore defaults to fetch notes.'

/** Follow or unfollow with no relay to publish to. */
export const NO_RELAYS_CONFIGURED = 'No relays configured'

/** The relay health modal's empty tabs. */
export const NO_HEALTHY_RELAYS = 'No healthy relays found'
export const NO_UNHEALTHY_RELAYS = 'No unhealthy relays found'

/**
 * Follow and mute lists and the profile are built from their newest copy on the relays, so they
 * are never changed offline (nor queued: a list built from an old copy would undo newer changes).
 */
export const REPLACEABLE_OFFLINE =
  'You are offline: follows, mutes and your profile are changed from their newest copy on your relays, so this can only be done online.'
