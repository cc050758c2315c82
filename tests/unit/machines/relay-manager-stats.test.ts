import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { parseRuntimeConfig } from '../../../src/core/platform/runtime-config.ts'
import {
  newHealth,
  type RelayHealth,
  recordFailure,
  recordSuccess,
} from '../../../src/core/relays/relay-health.ts'
import type { RelayManagerContext } from '../../../src/machines/relay-manager.machine.ts'
import {
  DEMOTE_REASON_TEXT,
  managerStats,
  relayFigures,
} from '../../../src/machines/relay-manager-stats.ts'

const config = parseRuntimeConfig(JSON.parse(readFileSync('public/config.json', 'utf8')))

/** A record after answers of these response times, then `failures` failures. */
function health(url: string, answers: number[], failures = 0): RelayHealth {
  let record = newHealth(url)
  answers.forEach((ms, i) => {
    record = recordSuccess(record, ms, 1000 + i)
  })
  for (let i = 0; i < failures; i++) record = recordFailure(record, 2000 + i)
  return record
}

function context(overrides: Partial<RelayManagerContext> = {}): RelayManagerContext {
  return {
    recommended: config.recommendedRelays,
    fallback: config.fallbackRelays,
    blacklist: config.blacklistedRelays,
    active: config.relays.map((relay) => relay.url),
    health: {},
    rejected: {},
    demoted: [],
    demotedFor: {},
    added: [],
    trial: [],
    autoRemove: true,
    autoAdd: true,
    ...overrides,
  }
}

describe('relayFigures', () => {
  it('has no average and no rate before the relay was asked anything', () => {
    expect(relayFigures('wss://a', undefined)).toEqual({
      url: 'wss://a',
      verdict: 'unproven',
      averageMs: null,
      successPercent: null,
      requests: 0,
      rejected: 0,
    })
  })

  it('rounds the average response and the success rate', () => {
    expect(relayFigures('wss://a', health('wss://a', [100, 201], 1))).toMatchObject({
      verdict: 'reliable',
      averageMs: 151,
      successPercent: 67,
      requests: 3,
    })
    expect(relayFigures('wss://a', health('wss://a', [], 2))).toMatchObject({
      averageMs: null,
      successPercent: 0,
    })
  })

  it('reads forged before anything else', () => {
    expect(relayFigures('wss://a', health('wss://a', [100, 100]), 2)).toMatchObject({
      verdict: 'forged',
      rejected: 2,
    })
  })
})

describe('managerStats', () => {
  it('counts the active relays per verdict against 15 and the 5 reliable the manager wants', () => {
    const damus = 'wss://relay.damus.io'
    const nos = 'wss://nos.lol'
    const primal = 'wss://relay.primal.net'
    const band = 'wss://relay.nostr.band'
    const purple = 'wss://purplepag.es'
    const stats = managerStats(
      context({
        health: {
          [damus]: health(damus, [100, 300]),
          [nos]: health(nos, [6000, 7000]),
          [primal]: health(primal, [50], 3),
          [band]: health(band, [80]),
        },
        rejected: { [purple]: 1 },
      }),
    )
    expect(stats.summary).toEqual({
      active: 5,
      maxRelays: 15,
      counts: { reliable: 1, slow: 1, unhealthy: 1, unproven: 1, forged: 1 },
      minHealthy: 5,
      // Over the four relays that answered: (200 + 6500 + 50 + 80) / 4.
      averageMs: 1708,
      evaluateEverySeconds: 30,
      autoAdd: true,
      autoRemove: true,
    })
  })

  it('has no average response while no relay answered', () => {
    expect(managerStats(context()).summary.averageMs).toBeNull()
    expect(managerStats(context({ active: [] })).summary).toMatchObject({
      active: 0,
      counts: { reliable: 0, slow: 0, unhealthy: 0, unproven: 0, forged: 0 },
    })
  })

  it('lists the candidates recommended first, then fallback, never active, blacklisted or demoted', () => {
    // The public config: damus, nos and primal are active; nostr.wine and relay.nostr.bg are
    // recommended but blacklisted; every fallback relay is also recommended.
    expect(managerStats(context()).candidates).toEqual([
      { url: 'wss://relay.snort.social', source: 'recommended' },
      { url: 'wss://offchain.pub', source: 'recommended' },
      { url: 'wss://nostr.mom', source: 'recommended' },
    ])
    const stats = managerStats(
      context({
        active: ['wss://relay.snort.social'],
        recommended: ['wss://relay.snort.social', 'wss://offchain.pub'],
        fallback: ['wss://nos.lol', 'wss://nostr.mom', 'wss://brb.io'],
        demoted: ['wss://offchain.pub'],
        demotedFor: { 'wss://offchain.pub': 'slow' },
      }),
    )
    expect(stats.candidates).toEqual([
      { url: 'wss://nos.lol', source: 'fallback' },
      { url: 'wss://nostr.mom', source: 'fallback' },
    ])
  })

  it('shows the 9 blacklisted relays, with a verdict for those the user keeps', () => {
    const stats = managerStats(
      context({
        health: { 'wss://relay.nostr.band': health('wss://relay.nostr.band', [90, 110]) },
      }),
    )
    expect(stats.blacklist).toHaveLength(9)
    expect(stats.blacklist.slice(0, 4)).toEqual([
      { url: 'wss://relay.nostr.band', verdict: 'reliable' },
      { url: 'wss://nostr.wine', verdict: null },
      { url: 'wss://filter.nostr.wine', verdict: null },
      { url: 'wss://purplepag.es', verdict: 'unproven' },
    ])
  })

  it('lists what the manager added, once each, and whether it is still in the pool', () => {
    const stats = managerStats(
      context({
        active: ['wss://relay.snort.social'],
        added: ['wss://relay.snort.social', 'wss://offchain.pub', 'wss://relay.snort.social'],
        health: { 'wss://relay.snort.social': health('wss://relay.snort.social', [120, 80]) },
      }),
    )
    expect(stats.added).toEqual([
      {
        url: 'wss://relay.snort.social',
        verdict: 'reliable',
        averageMs: 100,
        successPercent: 100,
        requests: 2,
        rejected: 0,
        active: true,
      },
      {
        url: 'wss://offchain.pub',
        verdict: 'unproven',
        averageMs: null,
        successPercent: null,
        requests: 0,
        rejected: 0,
        active: false,
      },
    ])
  })

  it('says in words why each relay was demoted', () => {
    expect(DEMOTE_REASON_TEXT).toEqual({
      forged: 'sent forged events',
      unhealthy: '3 failures in a row',
      slow: 'slower than 5 s on average',
    })
    const stats = managerStats(
      context({
        active: ['wss://nos.lol'],
        demoted: ['wss://evil.example', 'wss://nos.lol', 'wss://slow.example'],
        demotedFor: {
          'wss://evil.example': 'forged',
          'wss://nos.lol': 'unhealthy',
          'wss://slow.example': 'slow',
        },
        rejected: { 'wss://evil.example': 4 },
      }),
    )
    expect(
      stats.demoted.map(({ url, because, active, rejected }) => ({
        url,
        because,
        active,
        rejected,
      })),
    ).toEqual([
      { url: 'wss://evil.example', because: 'sent forged events', active: false, rejected: 4 },
      { url: 'wss://nos.lol', because: '3 failures in a row', active: true, rejected: 0 },
      {
        url: 'wss://slow.example',
        because: 'slower than 5 s on average',
        active: false,
        rejected: 0,
      },
    ])
  })
})
