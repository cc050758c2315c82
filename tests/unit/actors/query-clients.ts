/** Query clients for a test file, each cleared after its test (its timers with it). */
import { QueryClient } from '@tanstack/react-query'
import { afterEach } from 'vitest'

export function queryClients(): () => QueryClient {
  const made: QueryClient[] = []
  afterEach(() => {
    for (const queryClient of made.splice(0)) queryClient.clear()
  })
  return () => {
    const queryClient = new QueryClient()
    made.push(queryClient)
    return queryClient
  }
}
