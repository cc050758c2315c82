/**
 * The verify API over a MessageChannel, as the app runs it in its worker: one per test file, and
 * one proxy of it, held for the file. Comlink closes the exposed port once every proxy made on it
 * has been collected (its RELEASE message): with a proxy per hub, a garbage collection between
 * tests left later checks unanswered.
 */
import { expose, wrap } from 'comlink'
import { initNostrWasm } from 'nostr-wasm'
import { createVerifyApi, type VerifyApi } from '../../../src/workers/verify-api.ts'

const channel = new MessageChannel()
expose(createVerifyApi(initNostrWasm), channel.port1)

export const verifyApi: Pick<VerifyApi, 'verify'> = wrap<VerifyApi>(channel.port2)

/** Closes the channel after the file's tests: an open port keeps Node's event loop alive. */
export const closeVerifyApi = (): void => channel.port1.close()
