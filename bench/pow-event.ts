/**
 * The note the proof-of-work rows mine: a reply of the usual shape (root and reply `e` tags with
 * relay hints and markers, a `p` tag, a hashtag) whose NIP-01 serialisation, before the nonce
 * tag, is 547 bytes. Both miners add their nonce tag last, as NIP-13 miners do.
 */
export const POW_EVENT_BYTES = 547

export const POW_EVENT = {
  pubkey: '3e68286d11784e16a26d061210fca5defece77e30502991e35ed2569449c0294',
  created_at: 1_750_000_000,
  kind: 1,
  tags: [
    [
      'e',
      '6e677a711a28923bc2481d92e8742f5ae0978a5e8d39f0f824c6ab54329716b2',
      'wss://relay.damus.io',
      'root',
    ],
    [
      'e',
      'd572723ec4e72c3c7f1c1149b539fed5bdc306c2eb8345ea9b1f28923a70bac5',
      'wss://nos.lol',
      'reply',
    ],
    ['p', '84566baa14a68d6740446b2b4dc4971c4dd2a4f5e1383fa6b8ff71453b491026'],
    ['t', 'nostr'],
  ],
  content:
    "Proof of work is a fair price for a note: a few seconds of my phone's time, and relays that ask for it see less spam. Mined in the browser, one worker per core. #nostr #pow",
}

/** The NIP-01 serialisation of an event's signed fields, as bytes. */
export const serialised = (event: typeof POW_EVENT): Uint8Array =>
  new TextEncoder().encode(
    JSON.stringify([0, event.pubkey, event.created_at, event.kind, event.tags, event.content]),
  )
