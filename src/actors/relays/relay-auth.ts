/**
 * NIP-42: the ephemeral kind 22242 event that answers a relay's AUTH challenge, signed by whoever
 * is logged in. A signer that cannot sign (signed out, public key only, locked key) is never
 * asked twice and never surfaces an error: the relay's part simply stays closed.
 */
import type { EventTemplate, NostrEvent } from 'nostr-tools/pure'
import type { Signer } from '../platform/signer.ts'

export const AUTH_EVENT_KIND = 22242
/** Machine-readable prefix of CLOSED and OK messages (NIP-42). */
export const AUTH_REQUIRED_PREFIX = 'auth-required:'

export const isAuthRequired = (reason: string): boolean => reason.startsWith(AUTH_REQUIRED_PREFIX)

/** The unsigned AUTH event for this relay and challenge, dated `nowMs`. */
export function authEventTemplate(relay: string, challenge: string, nowMs: number): EventTemplate {
  return {
    kind: AUTH_EVENT_KIND,
    created_at: Math.floor(nowMs / 1000),
    tags: [
      ['relay', relay],
      ['challenge', challenge],
    ],
    content: '',
  }
}

export const authMessage = (event: NostrEvent): string => JSON.stringify(['AUTH', event])

/**
 * Signs the AUTH event with the current signer; null when no signer can sign or signing fails
 * (refused, timed out, key locked). Never throws.
 */
export async function signAuthEvent(
  signer: () => Signer,
  relay: string,
  challenge: string,
  nowMs: number = Date.now(),
): Promise<NostrEvent | null> {
  const current = signer()
  if (current.kind === 'none') return null
  try {
    const event = await current.signEvent(authEventTemplate(relay, challenge, nowMs))
    const signedChallenge = event.tags.find((tag) => tag[0] === 'challenge')?.[1]
    return event.kind === AUTH_EVENT_KIND && signedChallenge === challenge ? event : null
  } catch {
    return null
  }
}

/** How long to wait for a relay's challenge when it asks for AUTH before sending one. */
export const AUTH_CHALLENGE_WAIT_MS = 1000

/** The relay's answer to a frame that expects an OK: accepted or not, and its message. */
export interface OkAnswer {
  ok: boolean
  message: string
}

export interface RelayAuthOptions {
  url: string
  signer: () => Signer
  send(data: string): void
  /** Resolves with the relay's OK for this event id, or a refusal when it never comes. */
  expectOk(eventId: string): Promise<OkAnswer>
  now?: () => number
}

/** One relay connection's NIP-42 state: its latest challenge and whether we authenticated. */
export interface RelayAuthSession {
  /** The relay sent ['AUTH', challenge]; it replaces any earlier one. */
  challenged(challenge: string): void
  /** The connection ended: the challenge and the authentication end with it. */
  reset(): void
  /**
   * Authenticates once per connection: true when the relay accepted our AUTH (now or before);
   * false without a challenge, without a signer that can sign, or when the relay refused.
   * A failed attempt is retried only after a new challenge.
   */
  authenticate(): Promise<boolean>
}

interface Attempt {
  signer: Signer
  /** The challenge it answered (null: none came). */
  challenge: string | null
  outcome: boolean | null
  result: Promise<boolean>
}

export function relayAuthSession(options: RelayAuthOptions): RelayAuthSession {
  const now = options.now ?? Date.now
  let challenge: string | null = null
  let waiters: ((challenge: string | null) => void)[] = []
  /** The latest attempt; a success lasts for the rest of the connection. */
  let attempt: Attempt | null = null

  const nextChallenge = (): Promise<string | null> =>
    challenge !== null
      ? Promise.resolve(challenge)
      : new Promise((resolve) => {
          const settle = (value: string | null) => {
            clearTimeout(timer)
            resolve(value)
          }
          const timer = setTimeout(() => {
            waiters = waiters.filter((waiter) => waiter !== settle)
            resolve(null)
          }, AUTH_CHALLENGE_WAIT_MS)
          waiters.push(settle)
        })

  const run = async (current: Attempt): Promise<boolean> => {
    const answered = await nextChallenge()
    current.challenge = answered
    if (answered === null) return false
    const event = await signAuthEvent(() => current.signer, options.url, answered, now())
    if (!event) return false
    const answer = options.expectOk(event.id)
    options.send(authMessage(event))
    return (await answer).ok
  }

  const start = (signer: Signer): Attempt => {
    const next: Attempt = { signer, challenge: null, outcome: null, result: Promise.resolve(false) }
    next.result = run(next).then((ok) => {
      next.outcome = ok
      return ok
    })
    return next
  }

  return {
    challenged(next) {
      challenge = next
      for (const waiter of waiters.splice(0)) waiter(next)
    },
    reset() {
      challenge = null
      attempt = null
      for (const waiter of waiters.splice(0)) waiter(null)
    },
    authenticate() {
      const signer = options.signer()
      // Nobody can sign: no attempt, nothing remembered, so a later login can authenticate.
      if (signer.kind === 'none') return Promise.resolve(false)
      // A refusal is not asked again of the same signer for the same challenge (no repeated
      // extension prompts); a new challenge or another signer tries again.
      const reuse =
        attempt !== null &&
        attempt.signer === signer &&
        !(attempt.outcome === false && attempt.challenge !== challenge)
      if (!reuse) attempt = start(signer)
      return attempt!.result
    },
  }
}
