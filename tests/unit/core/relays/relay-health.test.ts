import { describe, expect, it } from 'vitest'
import {
  newHealth,
  recordFailure,
  recordSuccess,
  successRate,
  timeAgo,
} from '../../../../src/core/relays/relay-health.ts'

const URL = 'wss://relay.example.com'

describe('relay health', () => {
  it('becomes healthy after two successes and averages response times', () => {
    const one = recordSuccess(newHealth(URL), 100, 1)
    expect(one.isHealthy).toBe(false)
    const two = recordSuccess(one, 300, 2)
    expect(two).toMatchObject({
      isHealthy: true,
      successCount: 2,
      totalRequests: 2,
      averageResponseTime: 200,
      lastSuccess: 2,
    })
  })

  it('becomes unhealthy after three consecutive failures, not after two', () => {
    let health = recordSuccess(recordSuccess(newHealth(URL), 50, 1), 50, 2)
    health = recordFailure(recordFailure(health, 3), 4)
    expect(health.isHealthy).toBe(true)
    health = recordFailure(health, 5)
    expect(health).toMatchObject({
      isHealthy: false,
      consecutiveFailures: 3,
      failureCount: 3,
      lastFailure: 5,
      failingSince: 3,
    })
  })

  it('resets the failure streak on a success and computes the success rate', () => {
    let health = recordFailure(recordFailure(newHealth(URL), 1), 2)
    expect(health.failingSince).toBe(1)
    health = recordSuccess(health, 10, 3)
    expect(health.consecutiveFailures).toBe(0)
    expect(health.failingSince).toBeNull()
    expect(recordFailure(health, 4).failingSince).toBe(4)
    expect(successRate(health)).toBeCloseTo(1 / 3)
    expect(successRate(newHealth(URL))).toBe(0)
  })

  it('labels times as the health modal does', () => {
    const now = 10 * 86_400_000
    expect(timeAgo(now - 10_000, now)).toBe('Just now')
    expect(timeAgo(now - 5 * 60_000, now)).toBe('5m ago')
    expect(timeAgo(now - 3 * 3_600_000, now)).toBe('3h ago')
    expect(timeAgo(now - 2 * 86_400_000, now)).toBe('2d ago')
    expect(timeAgo(null, now)).toBe('Never')
  })
})
