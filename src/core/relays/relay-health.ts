/**
 * A relay's health record (spec §3) and its arithmetic: healthy after 2 successes, unhealthy
 * after 3 consecutive failures (§4), with a running average response time.
 */
export const HEALTHY_AFTER_SUCCESSES = 2
export const UNHEALTHY_AFTER_FAILURES = 3

export interface RelayHealth {
  url: string
  successCount: number
  failureCount: number
  totalRequests: number
  consecutiveFailures: number
  isHealthy: boolean
  /** Milliseconds, averaged over the successes. */
  averageResponseTime: number
  lastSuccess: number | null
  lastFailure: number | null
  /** The first failure of the current run of consecutive failures; null after a success. */
  failingSince: number | null
  lastHealthCheck: number | null
}

export const newHealth = (url: string): RelayHealth => ({
  url,
  successCount: 0,
  failureCount: 0,
  totalRequests: 0,
  consecutiveFailures: 0,
  isHealthy: false,
  averageResponseTime: 0,
  lastSuccess: null,
  lastFailure: null,
  failingSince: null,
  lastHealthCheck: null,
})

/** A request answered in `responseMs` at time `at` (ms since the epoch). */
export function recordSuccess(health: RelayHealth, responseMs: number, at: number): RelayHealth {
  const successCount = health.successCount + 1
  return {
    ...health,
    successCount,
    totalRequests: health.totalRequests + 1,
    consecutiveFailures: 0,
    isHealthy: health.isHealthy || successCount >= HEALTHY_AFTER_SUCCESSES,
    averageResponseTime:
      health.averageResponseTime + (responseMs - health.averageResponseTime) / successCount,
    lastSuccess: at,
    failingSince: null,
    lastHealthCheck: at,
  }
}

/** A request that failed (error, timeout, refused connection) at time `at`. */
export function recordFailure(health: RelayHealth, at: number): RelayHealth {
  const consecutiveFailures = health.consecutiveFailures + 1
  return {
    ...health,
    failureCount: health.failureCount + 1,
    totalRequests: health.totalRequests + 1,
    consecutiveFailures,
    isHealthy: health.isHealthy && consecutiveFailures < UNHEALTHY_AFTER_FAILURES,
    lastFailure: at,
    failingSince: health.consecutiveFailures === 0 ? at : health.failingSince,
    lastHealthCheck: at,
  }
}

/** Share of requests that succeeded, 0 to 1 (0 before any request). */
export const successRate = (health: RelayHealth): number =>
  health.totalRequests === 0 ? 0 : health.successCount / health.totalRequests

/** Time labels of the relay health modal (§2): 'Just now', '5m ago', '3h ago', '2d ago'. */
export function timeAgo(at: number | null, now: number): string {
  if (at === null) return 'Never'
  const minutes = Math.floor((now - at) / 60_000)
  if (minutes < 1) return 'Just now'
  if (minutes < 60) return `${minutes}m ago`
  const hours = Math.floor(minutes / 60)
  if (hours < 24) return `${hours}h ago`
  return `${Math.floor(hours / 24)}d ago`
}
