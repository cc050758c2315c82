// The relays of the demo world, by role. The many-relay world has two general relays (the app's
// default pool), an indexer, four small relays that only some people use, and one relay that is
// in nobody's relay list: a few notes live only there, found through relay hints (NIP-19 nevent,
// NIP-18 q tags). A world on one relay names that relay in every role.

export interface WorldRelays {
  /** the default pool: general A and general B */
  general: readonly [string, string]
  /** holds everyone's kinds 0, 3, 10000, 10002 and 10019 (NIP-65 discoverability) */
  indexer: string
  /** relays only some people read from or write to */
  small: readonly [string, string, string, string]
  /** in nobody's relay list; a few notes are stored only here */
  hintOnly: string
}

export type RelayRole = 'general' | 'indexer' | 'small' | 'hint-only'

export interface NamedRelay {
  /** a short, file-safe name: general-a, general-b, indexer, small-1 … small-4, hint-only */
  name: string
  role: RelayRole
  url: string
}

/** How many relays the many-relay world runs. */
export const WORLD_RELAY_COUNT = 8

/** Every role on one relay: today's single-relay world. */
export function singleRelay(url: string): WorldRelays {
  return { general: [url, url], indexer: url, small: [url, url, url, url], hintOnly: url }
}

/** Loopback relays on consecutive ports from `basePort`, in the order of `namedRelays`. */
export function localWorldRelays(basePort: number): WorldRelays {
  return worldRelaysOn(Array.from({ length: WORLD_RELAY_COUNT }, (_, i) => basePort + i))
}

/** Loopback relays on these ports (general A, general B, indexer, small 1–4, hint-only). */
export function worldRelaysOn(ports: readonly number[]): WorldRelays {
  if (ports.length !== WORLD_RELAY_COUNT) {
    throw new Error(`the many-relay world needs ${WORLD_RELAY_COUNT} ports, got ${ports.length}`)
  }
  const [a, b, indexer, s1, s2, s3, s4, hint] = ports.map((p) => `ws://127.0.0.1:${p}`) as [
    string,
    string,
    string,
    string,
    string,
    string,
    string,
    string,
  ]
  return { general: [a, b], indexer, small: [s1, s2, s3, s4], hintOnly: hint }
}

/** Each role's relay with a name, in a fixed order (one entry per role, even when URLs repeat). */
export function namedRelays(relays: WorldRelays): NamedRelay[] {
  return [
    { name: 'general-a', role: 'general', url: relays.general[0] },
    { name: 'general-b', role: 'general', url: relays.general[1] },
    { name: 'indexer', role: 'indexer', url: relays.indexer },
    ...relays.small.map((url, i) => ({ name: `small-${i + 1}`, role: 'small' as const, url })),
    { name: 'hint-only', role: 'hint-only', url: relays.hintOnly },
  ]
}

/** The distinct relay URLs of the world, in the order of `namedRelays`. */
export function relayUrls(relays: WorldRelays): string[] {
  return [...new Set(namedRelays(relays).map((r) => r.url))]
}
