import { describe, expect, it } from 'vitest'
import { publishFailedMessage, refusalReason } from '../../../../src/core/relays/publish-result.ts'

const RELAY = 'wss://relay.example'

describe('publish results', () => {
  it('names every relay and its reason, an empty reason as rejected', () => {
    expect(
      publishFailedMessage([
        { relay: RELAY, ok: false, message: 'blocked: spam' },
        { relay: 'wss://other.example', ok: false, message: '' },
      ]),
    ).toBe(`Publish failed: ${RELAY}: blocked: spam; wss://other.example: rejected`)
    expect(publishFailedMessage([])).toBe('Publish failed: no relay to publish to')
  })

  it("reads the relay's reason back out of a one-relay refusal", () => {
    const refusal = new Error(
      publishFailedMessage([{ relay: RELAY, ok: false, message: 'pow: 20 bits needed' }]),
    )
    expect(refusalReason(refusal, RELAY)).toBe('pow: 20 bits needed')
  })

  it('keeps any other failure whole', () => {
    expect(refusalReason(new Error('Network error: relay closed'), RELAY)).toBe(
      'Network error: relay closed',
    )
    expect(refusalReason(new Error(`Publish failed: wss://other.example: no`), RELAY)).toBe(
      'Publish failed: wss://other.example: no',
    )
  })
})
