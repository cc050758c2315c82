import { bech32 } from '@scure/base'
import { describe, expect, it } from 'vitest'
import {
  CORS_PROXY_ERROR,
  corsProxyProblem,
  encodeLnurl,
  LNURL_PAY_ERRORS,
  type LnurlPayParams,
  lnurlPayTarget,
  lud16Url,
  parseLnurlPayParams,
  viaCorsProxy,
  zapAmountProblem,
} from '../../../../src/core/lightning/lnurl-pay.ts'

const KEY = 'ab'.repeat(32)
const params = (over: Partial<LnurlPayParams> = {}): LnurlPayParams => ({
  callback: 'https://pay.example.com/cb',
  minSendable: 1000,
  maxSendable: 1_000_000,
  commentAllowed: 0,
  allowsNostr: true,
  nostrPubkey: KEY,
  ...over,
})

describe('lnurlPayTarget (LUD-16, LUD-06; lightning-and-ecash §5, §7)', () => {
  it('resolves a lightning address to its well-known URL, https outside loopback', () => {
    expect(lud16Url('ann@pay.example.com')).toBe('https://pay.example.com/.well-known/lnurlp/ann')
    expect(lud16Url('ann@127.0.0.1:9000')).toBe('http://127.0.0.1:9000/.well-known/lnurlp/ann')
    const target = lnurlPayTarget({ lud16: 'ann@pay.example.com', lud06: '' })
    expect(target.url).toBe('https://pay.example.com/.well-known/lnurlp/ann')
    const decoded = bech32.decode(target.lnurl as `${string}1${string}`, 2048)
    expect(decoded.prefix).toBe('lnurl')
    expect(new TextDecoder().decode(bech32.fromWords(decoded.words))).toBe(target.url)
  })

  it('takes the lightning address before the LNURL', () => {
    const lnurl = encodeLnurl('https://other.example/lnurlp/x')
    expect(lnurlPayTarget({ lud16: 'ann@pay.example.com', lud06: lnurl }).url).toBe(
      'https://pay.example.com/.well-known/lnurlp/ann',
    )
    expect(lnurlPayTarget({ lud06: `lightning:${lnurl.toUpperCase()}` })).toEqual({
      url: 'https://other.example/lnurlp/x',
      lnurl,
    })
  })

  it('gives every message of §5 and §8 for missing or malformed fields', () => {
    expect(() => lnurlPayTarget({})).toThrow('Recipient does not have a Lightning address')
    expect(() => lnurlPayTarget({ lud16: '  ', lud06: '' })).toThrow(LNURL_PAY_ERRORS.noAddress)
    expect(() => lnurlPayTarget({ lud16: 'ann' })).toThrow('Invalid LUD16 format')
    expect(() => lnurlPayTarget({ lud16: '@pay.example.com' })).toThrow('Invalid LUD16 format')
    expect(() => lnurlPayTarget({ lud06: 'lnurl1notbech32' })).toThrow('Invalid LUD06 format')
    expect(() => lnurlPayTarget({ lud06: encodeLnurl('http://pay.example.com/x') })).toThrow(
      'LNURL must be https',
    )
  })
})

describe('parseLnurlPayParams (§5)', () => {
  const body = {
    tag: 'payRequest',
    callback: 'https://pay.example.com/cb',
    minSendable: 1000,
    maxSendable: 5_000_000,
    commentAllowed: 140,
    allowsNostr: true,
    nostrPubkey: KEY.toUpperCase(),
    metadata: '[["text/plain","ann"]]',
  }

  it('reads callback, bounds, commentAllowed, allowsNostr and nostrPubkey', () => {
    expect(parseLnurlPayParams(body)).toEqual({
      callback: 'https://pay.example.com/cb',
      minSendable: 1000,
      maxSendable: 5_000_000,
      commentAllowed: 140,
      allowsNostr: true,
      nostrPubkey: KEY,
    })
    expect(
      parseLnurlPayParams({ ...body, commentAllowed: undefined, nostrPubkey: 'x' }),
    ).toMatchObject({ commentAllowed: 0, nostrPubkey: null })
  })

  it("refuses bounds that are not finite, not above zero or min above max: 'Invalid LNURL pay parameters'", () => {
    for (const bad of [
      { minSendable: 0 },
      { maxSendable: -1 },
      { minSendable: Number.POSITIVE_INFINITY },
      { maxSendable: Number.NaN },
      { minSendable: '1000' },
      { minSendable: 6_000_000 },
      { callback: 'http://pay.example.com/cb' },
      { callback: 'not a url' },
    ]) {
      expect(() => parseLnurlPayParams({ ...body, ...bad })).toThrow('Invalid LNURL pay parameters')
    }
    expect(() => parseLnurlPayParams(null)).toThrow(LNURL_PAY_ERRORS.params)
    expect(() => parseLnurlPayParams([])).toThrow(LNURL_PAY_ERRORS.params)
  })

  describe('range rules at their bounds (LUD-06: 0 < minSendable <= maxSendable)', () => {
    const bounds = (minSendable: number, maxSendable: number) => () =>
      parseLnurlPayParams({ ...body, minSendable, maxSendable })

    it('minSendable above zero: 1 msat is taken, 0 refused', () => {
      expect(bounds(1, 5_000_000)()).toMatchObject({ minSendable: 1 })
      expect(bounds(0, 5_000_000)).toThrow(LNURL_PAY_ERRORS.params)
    })

    // With min above zero and min <= max, a max of 0 breaks both rules: neither alone shows here.
    it('maxSendable above zero: 1 msat is taken (with min 1), 0 refused', () => {
      expect(bounds(1, 1)()).toMatchObject({ minSendable: 1, maxSendable: 1 })
      expect(bounds(1, 0)).toThrow(LNURL_PAY_ERRORS.params)
    })

    it('min not above max: equal bounds (one amount) and min just below max are taken, min just above max refused', () => {
      expect(bounds(21_000, 21_000)()).toMatchObject({ minSendable: 21_000, maxSendable: 21_000 })
      expect(bounds(20_999, 21_000)()).toMatchObject({ minSendable: 20_999, maxSendable: 21_000 })
      expect(bounds(21_001, 21_000)).toThrow('Invalid LNURL pay parameters')
    })

    it('commentAllowed above zero: 1 allows a one-character comment, 0 and below take none', () => {
      const comment = (commentAllowed: number) =>
        parseLnurlPayParams({ ...body, commentAllowed }).commentAllowed
      expect(comment(1)).toBe(1)
      expect(comment(0)).toBe(0)
      expect(comment(-1)).toBe(0)
      expect(comment(140.9)).toBe(140)
    })
  })

  it('accepts a loopback http callback (spec decisions) and reports a service error reason', () => {
    expect(parseLnurlPayParams({ ...body, callback: 'http://127.0.0.1:9/cb' }).callback).toBe(
      'http://127.0.0.1:9/cb',
    )
    expect(() => parseLnurlPayParams({ status: 'ERROR', reason: 'No such user' })).toThrow(
      'No such user',
    )
  })
})

describe('zapAmountProblem (§5)', () => {
  it('accepts amounts within the bounds, inclusive', () => {
    expect(zapAmountProblem(params(), 1, '')).toBeNull()
    expect(zapAmountProblem(params(), 1000, '')).toBeNull()
  })

  it("gives 'Amount below minimum: {n} sats' and 'Amount above maximum: {n} sats'", () => {
    const bounds = params({ minSendable: 21_000, maxSendable: 100_000_000 })
    expect(zapAmountProblem(bounds, 20, '')).toBe('Amount below minimum: 21 sats')
    expect(zapAmountProblem(bounds, 100_001, '')).toBe('Amount above maximum: 100000 sats')
    // Millisat bounds that are not whole sats round inward.
    const odd = params({ minSendable: 1500, maxSendable: 9500 })
    expect(zapAmountProblem(odd, 1, '')).toBe('Amount below minimum: 2 sats')
    expect(zapAmountProblem(odd, 10, '')).toBe('Amount above maximum: 9 sats')
  })

  describe('at the bounds: each amount just inside is taken, just outside refused', () => {
    const bounds = params({ minSendable: 21_000, maxSendable: 100_000 })

    it('minimum: 21 sats taken, 20 below', () => {
      expect(zapAmountProblem(bounds, 21, '')).toBeNull()
      expect(zapAmountProblem(bounds, 20, '')).toBe('Amount below minimum: 21 sats')
    })

    it('maximum: 100 sats taken, 101 above', () => {
      expect(zapAmountProblem(bounds, 100, '')).toBeNull()
      expect(zapAmountProblem(bounds, 101, '')).toBe('Amount above maximum: 100 sats')
    })

    it('equal bounds (LUD-06 allows min == max): that one amount only', () => {
      const one = params({ minSendable: 21_000, maxSendable: 21_000 })
      expect(zapAmountProblem(one, 21, '')).toBeNull()
      expect(zapAmountProblem(one, 20, '')).toBe('Amount below minimum: 21 sats')
      expect(zapAmountProblem(one, 22, '')).toBe('Amount above maximum: 21 sats')
    })

    it('millisat bounds between whole sats: the whole sats inside them', () => {
      // 20,001..21,999 msat: 21 sats (21,000 msat) is the one whole amount inside.
      const odd = params({ minSendable: 20_001, maxSendable: 21_999 })
      expect(zapAmountProblem(odd, 21, '')).toBeNull()
      expect(zapAmountProblem(odd, 20, '')).toBe('Amount below minimum: 21 sats')
      expect(zapAmountProblem(odd, 22, '')).toBe('Amount above maximum: 21 sats')
    })

    it('no amount (0 sats, or not a number) is below any minimum', () => {
      expect(zapAmountProblem(params({ minSendable: 1 }), 0, '')).toBe(
        'Amount below minimum: 1 sats',
      )
      expect(zapAmountProblem(params(), Number.NaN, '')).toBe('Amount below minimum: 1 sats')
    })
  })

  it("gives 'Comment too long: max {n} characters' when the endpoint takes comments", () => {
    expect(zapAmountProblem(params({ commentAllowed: 5 }), 10, 'abcdef')).toBe(
      'Comment too long: max 5 characters',
    )
    expect(zapAmountProblem(params({ commentAllowed: 5 }), 10, 'abcde')).toBeNull()
    // No comment parameter: the comment is only the zap request's content (NIP-57).
    expect(zapAmountProblem(params({ commentAllowed: 0 }), 10, 'a long comment')).toBeNull()
  })

  it("gives 'This LNURL endpoint does not allow Nostr zaps' without allowsNostr or its key", () => {
    expect(zapAmountProblem(params({ allowsNostr: false }), 10, '')).toBe(
      'This LNURL endpoint does not allow Nostr zaps',
    )
    expect(zapAmountProblem(params({ nostrPubkey: null }), 10, '')).toBe(LNURL_PAY_ERRORS.noNostr)
  })
})

describe('CORS proxy setting (spec decisions: off by default)', () => {
  it('wraps a URL with or without a {url} placeholder', () => {
    const url = 'https://pay.example.com/.well-known/lnurlp/ann?x=1'
    expect(viaCorsProxy('https://proxy.example/?url=', url)).toBe(
      `https://proxy.example/?url=${encodeURIComponent(url)}`,
    )
    expect(viaCorsProxy('https://proxy.example/get/{url}/raw', url)).toBe(
      `https://proxy.example/get/${encodeURIComponent(url)}/raw`,
    )
  })

  it('takes blank (no proxy) or an https URL', () => {
    expect(corsProxyProblem('')).toBeNull()
    expect(corsProxyProblem('https://proxy.example/?url={url}')).toBeNull()
    expect(corsProxyProblem('http://proxy.example/')).toBe(CORS_PROXY_ERROR)
    expect(corsProxyProblem('proxy')).toBe('CORS proxy must be an https URL')
  })
})
