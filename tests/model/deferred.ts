/**
 * Fake effects for the model tests: every started promise actor becomes a pending request the
 * walk settles by hand, recorded with its invoke id, input and abort signal.
 */
import { fromPromise } from 'xstate'

export interface Request {
  /** The invoke id (extension, unlock, persist, ...). */
  id: string
  input: unknown
  settled: boolean
  signal: AbortSignal
  resolve: (value?: unknown) => void
  reject: (error: unknown) => void
}

export function recordRequests() {
  const requests: Request[] = []
  const live = () => requests.filter((r) => !r.settled && !r.signal.aborted)
  return {
    requests,
    /** Started and neither settled nor aborted. */
    live,
    /** The one live request (of this invoke id, when given); throws unless there is exactly one. */
    pending: (id?: string): Request => {
      const found = live().filter((r) => id === undefined || r.id === id)
      const [request, ...more] = found
      if (!request || more.length) {
        throw new Error(`expected one pending ${id ?? 'request'}, got ${found.length}`)
      }
      return request
    },
    /** A promise actor that records each start as a request. */
    deferred: <TOutput, TInput>() =>
      fromPromise<TOutput, TInput>(
        ({ input, self, signal }) =>
          new Promise<TOutput>((resolve, reject) => {
            const request: Request = {
              id: self.id,
              input,
              settled: false,
              signal,
              resolve: (value) => {
                request.settled = true
                resolve(value as TOutput)
              },
              reject: (error) => {
                request.settled = true
                reject(error)
              },
            }
            requests.push(request)
          }),
      ),
  }
}

/**
 * The walk's deliveries for the done and error events among `eventTypes`: each settles the one
 * pending request of the invoke id the event names (`xstate.done.actor.{id}`), then `tick`s so
 * the machine reacts.
 */
export function settleByInvokeId<TFakes extends { recorder: ReturnType<typeof recordRequests> }>(
  eventTypes: readonly string[],
  tick: () => Promise<unknown>,
) {
  const settle = async (
    event: { type: string; output?: unknown; error?: unknown },
    { fakes }: { fakes: TFakes },
  ) => {
    const request = fakes.recorder.pending(event.type.split('.').pop())
    if (event.type.startsWith('xstate.done')) request.resolve(event.output)
    else request.reject(event.error)
    await tick()
  }
  return Object.fromEntries(
    eventTypes.filter((type) => type.startsWith('xstate.')).map((type) => [type, settle]),
  )
}
