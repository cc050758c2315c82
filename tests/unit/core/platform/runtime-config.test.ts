import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import {
  localRuntimeConfig,
  parseRuntimeConfig,
  readRelays,
} from '../../../../src/core/platform/runtime-config.ts'

describe('parseRuntimeConfig', () => {
  it('accepts the shipped public configuration: five relays, three readwrite, one write, one indexer', () => {
    const config = parseRuntimeConfig(JSON.parse(readFileSync('public/config.json', 'utf8')))
    const counts: Record<string, number> = {}
    for (const { permission } of config.relays) counts[permission] = (counts[permission] ?? 0) + 1
    expect(counts).toEqual({ readwrite: 3, write: 1, indexer: 1 })
    expect(config.profileRelays).toHaveLength(1)
    expect(config.recommendedRelays).toHaveLength(8)
    expect(config.fallbackRelays).toHaveLength(5)
    expect(config.blacklistedRelays).toHaveLength(9)
    expect(readRelays(config)).toHaveLength(3)
  })

  it('names the field that is wrong', () => {
    expect(() => parseRuntimeConfig(null)).toThrow(
      'Invalid runtime configuration: expected a JSON object',
    )
    expect(() => parseRuntimeConfig({})).toThrow(
      'Invalid runtime configuration: relays must be a list',
    )
    expect(() =>
      parseRuntimeConfig({ relays: [{ url: 'https://x', permission: 'read' }] }),
    ).toThrow('Invalid runtime configuration: relays[0] needs a url and a permission')
    expect(() => parseRuntimeConfig({ relays: [{ url: 'wss://x', permission: 'all' }] })).toThrow(
      'relays[0]',
    )
    expect(() => parseRuntimeConfig({ relays: [], fallbackRelays: ['x'] })).toThrow(
      'Invalid runtime configuration: fallbackRelays must be a list of ws:// or wss:// URLs',
    )
  })

  it('describes local relays as readwrite with no extras', () => {
    const config = localRuntimeConfig(['ws://127.0.0.1:7777'])
    expect(parseRuntimeConfig(JSON.parse(JSON.stringify(config)))).toEqual(config)
    expect(readRelays(config)).toEqual(['ws://127.0.0.1:7777'])
  })
})
