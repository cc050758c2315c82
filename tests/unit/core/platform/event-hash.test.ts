import { finalizeEvent, generateSecretKey, getEventHash } from 'nostr-tools/pure'
import { describe, expect, it } from 'vitest'
import { eventHash } from '../../../../src/core/platform/event-hash.ts'

describe('eventHash', () => {
  it('is the NIP-01 id nostr-tools computes, escapes and unicode included', () => {
    const key = generateSecretKey()
    const contents = ['gm', 'line\nbreak "quoted" \\ tab\t', 'ünïcødé 🌱 \u2028', '']
    for (const content of contents) {
      const event = finalizeEvent(
        {
          kind: 1,
          created_at: 1_700_000_000,
          tags: [
            ['t', 'nostr'],
            ['p', 'a'.repeat(64)],
          ],
          content,
        },
        key,
      )
      expect(eventHash(event)).toBe(getEventHash(event))
      expect(eventHash(event)).toBe(event.id)
    }
  })

  it('changes with any signed field', () => {
    const event = finalizeEvent(
      { kind: 1, created_at: 1, tags: [], content: 'x' },
      generateSecretKey(),
    )
    expect(eventHash({ ...event, content: 'y' })).not.toBe(event.id)
    expect(eventHash({ ...event, kind: 2 })).not.toBe(event.id)
    expect(eventHash({ ...event, tags: [['t', 'x']] })).not.toBe(event.id)
  })
})
