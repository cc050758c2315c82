import { hexToBytes } from '@noble/hashes/utils.js'
import { expose, wrap } from 'comlink'
import { generateSecretKey } from 'nostr-tools/pure'
import { afterAll, describe, expect, it } from 'vitest'
import { createNip49Client } from '../../../src/actors/identity/nip49-client.ts'
import { Nip49Error } from '../../../src/core/identity/nip49-error.ts'
import { Secret } from '../../../src/core/platform/secret.ts'
import { createNip49Api, type Nip49Api } from '../../../src/workers/nip49-api.ts'
import vector from '../../fixtures/nip49.json' with { type: 'json' }

const { decryption } = vector

// The worker's API exposed over a real MessageChannel, as Comlink does between threads.
const channel = new MessageChannel()
expose(createNip49Api(), channel.port1)
const remote = wrap<Nip49Api>(channel.port2)
const client = createNip49Client(wrap<Nip49Api>(channel.port2))
afterAll(() => {
  client.close()
  channel.port1.close()
  channel.port2.close()
})

describe('NIP-49 worker', () => {
  it('answers plain values across the channel: bytes, or the problem', async () => {
    const opened = await remote.decrypt(decryption.ncryptsec, decryption.password)
    expect(opened).toEqual({ ok: true, value: hexToBytes(decryption.secretKeyHex) })
    expect(await remote.decrypt('ncryptsec1nothing', 'nostr')).toEqual({
      ok: false,
      problem: 'malformed',
    })
    expect(await remote.encrypt(new Uint8Array(31), 'nostr')).toEqual({
      ok: false,
      problem: 'export-failed',
    })
  })

  it('gives the client Secrets back, and Nip49Errors for failures', async () => {
    const key = generateSecretKey()
    const passphrase = new Secret('a long passphrase')
    const ncryptsec = await client.encrypt(new Secret(key), passphrase, { logN: 8 })
    expect(ncryptsec.startsWith('ncryptsec1')).toBe(true)
    const secret = await client.decrypt(ncryptsec, passphrase)
    expect(secret).toBeInstanceOf(Secret)
    expect(secret.reveal()).toEqual(key)
    expect(JSON.stringify({ secret })).toBe('{"secret":"[redacted]"}')

    const wrong = await client
      .decrypt(ncryptsec, new Secret('another passphrase'))
      .catch((e: unknown) => e)
    expect(wrong).toBeInstanceOf(Nip49Error)
    expect((wrong as Nip49Error).problem).toBe('wrong-passphrase')
    expect((wrong as Error).message).toBe('Incorrect passphrase for this ncryptsec')

    const malformed = await client.decrypt('nsec1abc', passphrase).catch((e: unknown) => e)
    expect((malformed as Error).message).toBe('Invalid ncryptsec')
  })
})
