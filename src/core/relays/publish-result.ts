import { messageOf } from '../platform/error-message.ts'

/** The outcome of sending one event to relays (NIP-01 OK messages). */
export interface PublishResult {
  relay: string
  ok: boolean
  message: string
}

/** 'Publish failed: {relay}: {reason}; ...' naming every relay (spec §8, relay pool). */
export function publishFailedMessage(results: readonly PublishResult[]): string {
  if (results.length === 0) return 'Publish failed: no relay to publish to'
  return `Publish failed: ${results.map((r) => `${r.relay}: ${r.message || 'rejected'}`).join('; ')}`
}

/** The relay's reason in a one-relay refusal written by `publishFailedMessage`. */
export function refusalReason(error: unknown, relay: string): string {
  const message = messageOf(error)
  const prefix = `Publish failed: ${relay}: `
  return message.startsWith(prefix) ? message.slice(prefix.length) : message
}
