import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import {
  asideFolder,
  keepWalletSecrets,
  moveSingleRelayWorldAside,
  readWalletSecrets,
  WALLET_SECRETS_FILE,
} from './demo-data.ts'

const dirs: string[] = []
const dataDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'plume-demo-data-'))
  dirs.push(dir)
  return dir
}

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

describe("the single-relay demo's data", () => {
  const at = new Date('2025-10-09T08:53:20.123Z')

  it('is moved aside into old-<timestamp>/, the mint kept in place', () => {
    const dir = dataDir()
    writeFileSync(join(dir, 'relay.jsonl'), '{"id":"mine"}\n')
    writeFileSync(join(dir, 'demo-world.json'), '{"origin":"x","now":1}\n')
    writeFileSync(join(dir, 'mint.json'), '{}\n')
    const aside = moveSingleRelayWorldAside(dir, at)
    expect(aside).toBe(join(dir, 'old-2025-10-09T08-53-20'))
    expect(readFileSync(join(dir, 'old-2025-10-09T08-53-20', 'relay.jsonl'), 'utf8')).toBe(
      '{"id":"mine"}\n',
    )
    expect(existsSync(join(dir, 'old-2025-10-09T08-53-20', 'demo-world.json'))).toBe(true)
    expect(existsSync(join(dir, 'relay.jsonl'))).toBe(false)
    expect(existsSync(join(dir, 'demo-world.json'))).toBe(false)
    expect(existsSync(join(dir, 'mint.json'))).toBe(true)
  })

  it('leaves a folder without relay.jsonl alone', () => {
    const dir = dataDir()
    writeFileSync(join(dir, 'demo-world.json'), '{}\n')
    expect(moveSingleRelayWorldAside(dir, at)).toBeNull()
    expect(moveSingleRelayWorldAside(join(dir, 'missing'), at)).toBeNull()
    expect(existsSync(join(dir, 'demo-world.json'))).toBe(true)
  })

  it('names the folder by the time, file-safe', () => {
    expect(asideFolder(at)).toBe('old-2025-10-09T08-53-20')
  })
})

describe("the demo wallet's secrets", () => {
  const secrets = { wallet: 'a1'.repeat(32), client: 'b2'.repeat(32) }

  it('are read back as kept, from a file only the user can read', () => {
    const dir = dataDir()
    expect(readWalletSecrets(dir)).toBeNull()
    keepWalletSecrets(dir, secrets)
    expect(readWalletSecrets(dir)).toEqual(secrets)
    expect(statSync(join(dir, WALLET_SECRETS_FILE)).mode & 0o777).toBe(0o600)
  })

  it('are none when the file holds anything but two hex keys', () => {
    const dir = dataDir()
    for (const text of [
      'not json',
      'null',
      JSON.stringify({ wallet: secrets.wallet }),
      JSON.stringify({ ...secrets, client: 'B2'.repeat(32) }),
      JSON.stringify({ ...secrets, wallet: 'a1'.repeat(31) }),
    ]) {
      writeFileSync(join(dir, WALLET_SECRETS_FILE), text)
      expect(readWalletSecrets(dir)).toBeNull()
    }
  })
})
