import { bech32 } from '@scure/base'
import { describe, expect, it } from 'vitest'
import { decodeLnurl, LNURL_ERRORS, lud16Problem } from '../../../../src/core/people/lnurl.ts'

const encode = (url: string, prefix = 'lnurl') =>
  bech32.encode(prefix, bech32.toWords(new TextEncoder().encode(url)), 2048)

describe('decodeLnurl (LUD-01; lightning-and-ecash §5)', () => {
  it('decodes the LUD-01 example, upper case and with a lightning: prefix', () => {
    const lnurl =
      'LNURL1DP68GURN8GHJ7UM9WFMXJCM99E3K7MF0V9CXJ0M385EKVCENXC6R2C35XVUKXEFCV5MKVV34X5EKZD3EV56NYD3HXQURZEPEXEJXXEPNXSCRVWFNV9NXZCN9XQ6XYEFHVGCXXCMYXYMNSERXFQ5FNS'
    const url =
      'https://service.com/api?q=3fc3645b439ce8e7f2553a69e5267081d96dcd340693afabe04be7b0ccd178df'
    expect(decodeLnurl(lnurl)).toBe(url)
    expect(decodeLnurl(`lightning:${lnurl.toLowerCase()}`)).toBe(url)
  })

  it('takes long LNURLs up to the 2048 limit', () => {
    const url = `https://pay.example.com/${'a'.repeat(600)}`
    expect(decodeLnurl(encode(url))).toBe(url)
  })

  it("refuses what is not an LNURL: 'Invalid LUD06 format'", () => {
    for (const bad of [
      'lnurl1',
      'hello',
      encode('https://a.example', 'lnbc'),
      `${encode('https://a.example')}x`,
    ]) {
      expect(() => decodeLnurl(bad)).toThrow(LNURL_ERRORS.lud06)
    }
    expect(LNURL_ERRORS.lud06).toBe('Invalid LUD06 format')
  })

  it("refuses plain http: 'LNURL must be https', except on loopback (spec decisions)", () => {
    expect(() => decodeLnurl(encode('http://pay.example.com/x'))).toThrow('LNURL must be https')
    expect(decodeLnurl(encode('http://127.0.0.1:8080/lnurlp/ann'))).toBe(
      'http://127.0.0.1:8080/lnurlp/ann',
    )
  })
})

describe('lud16Problem (lightning address)', () => {
  it('accepts name@domain, and name@localhost:port for the local demo', () => {
    expect(lud16Problem('ann@getalby.com')).toBeNull()
    expect(lud16Problem(' ann.b+tips@pay.example.org ')).toBeNull()
    expect(lud16Problem('ann@127.0.0.1:8080')).toBeNull()
  })

  it("needs a name and a domain: 'Invalid LUD16 format'", () => {
    for (const bad of [
      'ann',
      '@example.com',
      'ann@',
      'ann@example',
      'a b@example.com',
      'https://x.y',
    ]) {
      expect(lud16Problem(bad)).toBe('Invalid LUD16 format')
    }
  })
})
