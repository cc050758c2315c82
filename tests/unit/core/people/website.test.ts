import { describe, expect, it } from 'vitest'
import { websiteLink } from '../../../../src/core/people/website.ts'

describe('websiteLink (http and https only)', () => {
  it('links http and https URLs, labelled without the scheme', () => {
    expect(websiteLink('https://example.com/')).toEqual({
      href: 'https://example.com/',
      label: 'example.com',
    })
    expect(websiteLink('http://example.org/portfolio/')).toEqual({
      href: 'http://example.org/portfolio/',
      label: 'example.org/portfolio',
    })
  })

  it('reads a bare domain as https', () => {
    expect(websiteLink('example.com/blog')).toEqual({
      href: 'https://example.com/blog',
      label: 'example.com/blog',
    })
  })

  it('never links other schemes, credentials or non-addresses', () => {
    for (const bad of [
      'javascript:alert(1)',
      'data:text/html,hi',
      'ftp://example.com',
      'https://bank.example@evil.test',
      'my site',
      'hello',
      '',
    ])
      expect(websiteLink(bad)).toBeNull()
  })
})
