import { describe, expect, it } from 'vitest'
import { hubSpelling, outsidePool, poolReadUrls } from '../../../../src/core/relays/pool-urls.ts'

const pool = [
  { url: 'wss://Relay.Example.com/', permission: 'readwrite' as const },
  { url: 'wss://write.example.com', permission: 'write' as const },
  { url: 'wss://index.example.com', permission: 'indexer' as const },
  { url: 'wss://read.example.com', permission: 'read' as const },
]

describe('pool URLs', () => {
  it("reads the pool's readable relays in their normal form", () => {
    expect(poolReadUrls(pool)).toEqual(['wss://relay.example.com', 'wss://read.example.com'])
  })

  it('keeps the relays the pool does not hold at all, normalized, each once', () => {
    expect(
      outsidePool(
        [
          'wss://relay.example.com',
          'ws://write.example.com',
          'wss://other.example.com/',
          'https://x.example.com',
        ],
        pool,
      ),
    ).toEqual(['wss://other.example.com'])
  })

  it("names a pool relay in the pool's spelling, any other in its normal form", () => {
    expect(hubSpelling('wss://relay.example.com', pool)).toBe('wss://Relay.Example.com/')
    expect(hubSpelling('wss://Other.example.com/', pool)).toBe('wss://other.example.com')
  })
})
