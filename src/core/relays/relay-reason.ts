/**
 * Why the app asks a relay that is not in the user's pool: each short-lived connection carries
 * the reasons it was opened for, shown in the Auxiliary Relays modal.
 */
export type RelayReason =
  /** These authors write there (their NIP-65 write relays): reading their notes. */
  | { kind: 'outbox'; pubkeys: readonly string[] }
  /** These people read there (their NIP-65 read relays): replies, mentions, reactions, zaps. */
  | { kind: 'inbox'; pubkeys: readonly string[] }
  /** A relay hint for this event: a NIP-19 nevent, or an `e`/`q` tag (NIP-10, NIP-18). */
  | { kind: 'hint'; id: string }
  /** The recipient's kind 10019 relays (NIP-61). */
  | { kind: 'nutzap'; pubkey: string }
  /** The remote signer listens there (NIP-46). */
  | { kind: 'signer' }
  /** The user's own relay list names it, but the pool holds no socket for it. */
  | { kind: 'own' }
