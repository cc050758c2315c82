import { describe, expect, it } from 'vitest'
import { linkText } from '../../../../src/core/feed/link-text.ts'

describe('linkText', () => {
  it('drops the http(s):// and a trailing slash', () => {
    expect(linkText('https://example.com/', 48)).toBe('example.com')
    expect(linkText('http://example.com/a/b/', 48)).toBe('example.com/a/b')
    expect(linkText('https://example.com/a?b=c', 48)).toBe('example.com/a?b=c')
  })

  it('keeps text of the longest length whole, and cuts a longer one with an ellipsis', () => {
    const url = `https://example.com/${'a'.repeat(28)}`
    expect(linkText(url, 48)).toBe(`example.com/${'a'.repeat(28)}`)
    expect(linkText(url, 32)).toBe(`example.com/${'a'.repeat(19)}…`)
    expect([...linkText(url, 32)]).toHaveLength(32)
  })
})
