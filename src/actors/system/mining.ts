/**
 * Proof-of-work sessions (NIP-13): the mining machine with the worker pool as its miner
 * (actors/publish/mining.effects.ts), one actor per note mined. Loaded with the first note mined.
 */
import { createActor } from 'xstate'
import { POW_ERRORS } from '../../core/publish/nip13.ts'
import type { MinedEvent, PowTemplate } from '../../core/publish/pow-miner.ts'
import { miningMachine } from '../../machines/mining.machine.ts'
import {
  type MineOptions,
  type MiningSession,
  minerLogic,
  type PowWorker,
  powTargetFor,
  powWorkerCount,
} from '../publish/mining.effects.ts'
import type { Miner } from '../publish/pow-prepare.ts'

/** The session machine with the worker pool as its miner. */
export const miningLogic = (spawn?: () => PowWorker) =>
  miningMachine.provide({ actors: { miner: minerLogic(spawn) } })

/** Starts mining `template` (its pubkey set to `pubkey`) at `targetBits`. */
export function mineNote(
  template: Omit<PowTemplate, 'pubkey'> & { pubkey?: string },
  targetBits: number,
  pubkey: string,
  options: MineOptions = {},
): MiningSession {
  const actor = createActor(miningLogic(options.spawn)).start()
  const result = new Promise<MinedEvent>((resolve, reject) => {
    const watch = actor.subscribe((snapshot) => {
      const { minedEvent, error } = snapshot.context
      if (snapshot.matches('complete') && minedEvent) resolve(minedEvent)
      else if (snapshot.matches('aborted')) reject(new Error(POW_ERRORS.aborted))
      else if (snapshot.matches('error')) reject(new Error(error ?? 'Mining failed'))
      else return
      watch.unsubscribe()
    })
  })
  actor.send({
    type: 'mining.start',
    template: { ...template, pubkey },
    targetBits,
    pubkey,
    sessionId: crypto.randomUUID(),
    at: Date.now(),
    workers: options.workers ?? powWorkerCount(),
  })
  return { actor, result, abort: () => actor.send({ type: 'mining.abort' }) }
}

/** The app's miner: the difficulty from the settings and the relays, one worker per core. */
export const miner: Miner = {
  targetFor: (relayUrls) => powTargetFor(relayUrls),
  mine: (template, targetBits, pubkey) => mineNote(template, targetBits, pubkey),
}
