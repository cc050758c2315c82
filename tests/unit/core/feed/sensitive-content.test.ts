import { describe, expect, it } from 'vitest'
import {
  NO_REASON,
  NSFW_REASON,
  sensitiveReason,
} from '../../../../src/core/feed/sensitive-content.ts'

describe('sensitiveReason (NIP-36 and #nsfw)', () => {
  it('gives the content-warning reason', () => {
    expect(sensitiveReason([['content-warning', 'spoilers']], 'text')).toBe('spoilers')
  })

  it('gives a reason of its own when the warning has none', () => {
    expect(sensitiveReason([['content-warning']], 'text')).toBe(NO_REASON)
    expect(sensitiveReason([['content-warning', '  ']], 'text')).toBe(NO_REASON)
  })

  it('hides #nsfw, as a t tag or in the text, in any case', () => {
    expect(sensitiveReason([['t', 'NSFW']], 'text')).toBe(NSFW_REASON)
    expect(sensitiveReason([], 'late night #nsfw')).toBe(NSFW_REASON)
    expect(sensitiveReason([], '#NSFW art')).toBe(NSFW_REASON)
  })

  it('leaves other notes alone, #nsfwish and URLs included', () => {
    expect(sensitiveReason([['t', 'art']], 'a #nsfwish joke https://x.example/#nsfw')).toBeNull()
    expect(sensitiveReason([], 'plain')).toBeNull()
  })
})
