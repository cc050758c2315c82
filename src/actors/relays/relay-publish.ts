/**
 * Publishing and OK answers: a signed event goes to each chosen relay and waits for that relay's
 * OK (or gives up after PUBLISH_TIMEOUT_MS). A relay that refuses it `auth-required:` is answered
 * with NIP-42 AUTH (whose own OK waits here too), then sent the event once more. The publish
 * succeeds as soon as one relay accepts and fails, naming every relay and its reason, when none does.
 * Every answer, or its absence, is reported per relay.
 */
import type { NostrEvent } from 'nostr-tools/pure'
import { eventMessage } from '../../core/relays/nip01.ts'
import { type PublishResult, publishFailedMessage } from '../../core/relays/publish-result.ts'
import { NO_ANSWER, NOT_CONNECTED } from '../../core/relays/relay-messages.ts'
import { isAuthRequired, type OkAnswer } from './relay-auth.ts'
import { type HubRelay, type RequestResult, wantConnection } from './relay-link.ts'

/** How long a relay has to answer a published event (or an AUTH) with OK. */
export const PUBLISH_TIMEOUT_MS = 10_000

export interface PublisherOptions {
  now(): number
  report(url: string, result: RequestResult): void
  /** Wait for OK after EVENT or AUTH. */
  timeoutMs: number
}

export interface Publisher {
  /** The relay's OK for this event id, or a refusal when none comes in time. */
  expectOk(url: string, eventId: string): Promise<OkAnswer>
  /** The relay sent OK (accepting or not) for this event id. */
  okReceived(url: string, eventId: string, answer: OkAnswer): void
  /**
   * The relay's connection ended: what waits for its OK is answered 'not connected' at once. An OK
   * is sent on the connection that got the EVENT (NIP-01), so none can come now.
   */
  disconnected(url: string): void
  /**
   * Sends the event to every target (a url alone: a relay the hub does not have). Resolves as soon
   * as one relay accepts (with the answers so far); rejects with 'Publish failed: …' naming every
   * relay when none does.
   */
  publish(event: NostrEvent, targets: readonly (HubRelay | string)[]): Promise<PublishResult[]>
}

/**
 * Whether the relay is connected, opening it first when it is kept idle until needed (a write-only
 * relay) and waiting for a connection under way, up to `timeoutMs`.
 */
function connected({ link }: HubRelay, timeoutMs: number): Promise<boolean> {
  if (link.isConnected()) return Promise.resolve(true)
  if (!wantConnection(link)) return Promise.resolve(false)
  return new Promise((resolve) => {
    const done = (ok: boolean) => {
      clearTimeout(timer)
      off()
      resolve(ok)
    }
    const off = link.onConnected(() => done(true))
    const timer = setTimeout(() => done(false), timeoutMs)
  })
}

export function createPublisher({ now, report, timeoutMs }: PublisherOptions): Publisher {
  const awaitingOk = new Map<string, Map<string, (answer: OkAnswer) => void>>() // id -> relay

  function expectOk(url: string, eventId: string): Promise<OkAnswer> {
    return new Promise((resolve) => {
      const byRelay = awaitingOk.get(eventId) ?? new Map<string, (answer: OkAnswer) => void>()
      awaitingOk.set(eventId, byRelay)
      const answer = (result: OkAnswer) => {
        clearTimeout(timer)
        if (byRelay.get(url) === answer) byRelay.delete(url)
        if (byRelay.size === 0 && awaitingOk.get(eventId) === byRelay) awaitingOk.delete(eventId)
        resolve(result)
      }
      const timer = setTimeout(() => answer({ ok: false, message: NO_ANSWER }), timeoutMs)
      byRelay.get(url)?.({ ok: false, message: 'sent again' })
      byRelay.set(url, answer)
    })
  }

  /** One relay's answer to a published event, with one AUTH and retry on `auth-required:`. */
  async function publishTo(relay: HubRelay, event: NostrEvent): Promise<PublishResult> {
    const url = relay.link.url
    let authTried = false
    if (!(await connected(relay, timeoutMs)))
      return { relay: url, ok: false, message: NOT_CONNECTED }
    for (;;) {
      if (!relay.link.isConnected()) return { relay: url, ok: false, message: NOT_CONNECTED }
      const sentAt = now()
      const answer = expectOk(url, event.id)
      relay.link.send(eventMessage(event))
      const { ok, message } = await answer
      if (
        !ok &&
        isAuthRequired(message) &&
        !authTried &&
        relay.auth &&
        relay.link.mayAuthenticate?.() !== false
      ) {
        authTried = true
        if (await relay.auth.authenticate()) continue
      }
      report(url, {
        ok: message !== NO_ANSWER && message !== NOT_CONNECTED,
        responseMs: now() - sentAt,
      })
      return { relay: url, ok, message }
    }
  }

  return {
    expectOk,

    okReceived(url, eventId, answer) {
      awaitingOk.get(eventId)?.get(url)?.(answer)
    },

    disconnected(url) {
      for (const byRelay of awaitingOk.values())
        byRelay.get(url)?.({ ok: false, message: NOT_CONNECTED })
    },

    publish(event, targets) {
      return new Promise((resolve, reject) => {
        const answers: PublishResult[] = []
        let outstanding = targets.length
        let settled = false
        const collect = (result: PublishResult) => {
          answers.push(result)
          outstanding--
          if (settled) return
          if (result.ok) {
            settled = true
            resolve([...answers])
          } else if (outstanding === 0) {
            settled = true
            reject(new Error(publishFailedMessage(answers)))
          }
        }
        if (targets.length === 0) reject(new Error(publishFailedMessage([])))
        for (const target of targets) {
          if (typeof target === 'string')
            collect({ relay: target, ok: false, message: NOT_CONNECTED })
          else void publishTo(target, event).then(collect)
        }
      })
    },
  }
}
