import type { NostrEvent } from 'nostr-tools/pure'

/**
 * A note signed with a throwaway key (secret key 3), checked once while the relays are asked: V8
 * compiles a WebAssembly module's functions on their first call, and nostr-wasm's first check of a
 * cold start took 3.7-10.5 ms where each next one took 0.3-0.5 ms (8 cold loads, Chromium 156).
 * Its signature holds, so the check runs to its end and compiles all it calls.
 */
export const WARM_UP_EVENT: NostrEvent = {
  kind: 1,
  created_at: 1700000000,
  tags: [],
  content: 'warm',
  pubkey: 'f9308a019258c31049344f85f89d5229b531c845836f99b08601f113bce036f9',
  id: 'ad3b51f9160fa4fa6d4e3d402eb78cf52ec6ee6256af2e67544082d0eb273361',
  sig: 'a3fcac3cd2d356c9d5ae3a0ac66ee3bc65d50acfcf94d7fec41280b3a05b949cb7f15505abeab2082650c520adf329334dc873d37325e70492b910d8901e8457',
}
