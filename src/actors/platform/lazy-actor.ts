/**
 * An actor's handle, available at once while the actor's code loads with `import()`: for a
 * subsystem that the first note does not need. Events sent before it runs wait for it, in order.
 */
import type { AnyActorRef } from 'xstate'

export interface LazyActor<T extends AnyActorRef> {
  /** The running actor, once loaded. */
  actor(): T | undefined
  /** Called once the actor is loaded (for useSyncExternalStore). */
  subscribe(listener: () => void): () => void
  load(): Promise<T>
  /** Loads it, a failure only logged (tried again on the next use). */
  start(): void
  send(event: Parameters<T['send']>[0]): void
}

export function lazyActor<T extends AnyActorRef>(
  name: string,
  start: () => Promise<T>,
): LazyActor<T> {
  let running: T | undefined
  let loading: Promise<T> | undefined
  const listeners = new Set<() => void>()
  const load = () => {
    loading ??= start().then(
      (actor) => {
        running = actor
        for (const listener of listeners) listener()
        return actor
      },
      (error: unknown) => {
        loading = undefined // a chunk that failed to load (offline) is tried again next time
        throw error
      },
    )
    return loading
  }
  const reportFailure = (error: unknown) => console.warn(`The ${name} failed to load`, error)
  return {
    actor: () => running,
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    load,
    start: () => void load().catch(reportFailure),
    send(event) {
      if (running) running.send(event)
      else load().then((actor) => actor.send(event), reportFailure)
    },
  }
}
