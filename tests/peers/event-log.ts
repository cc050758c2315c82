/**
 * Append-only persistence for the local relay: one JSON event per line. Appends are synchronous so
 * a crash loses at most the line being written; loading drops a torn last line and trims it from
 * the file, so the next append starts on a clean line.
 */
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  truncateSync,
  writeSync,
} from 'node:fs'
import { dirname } from 'node:path'
import type { NostrEvent } from 'nostr-tools/pure'
import { isEventShaped } from '../../src/core/relays/nip01.ts'

export interface LoadedLog {
  events: NostrEvent[]
  /** Lines that could not be read (a torn last line, or garbage). */
  dropped: number
}

export interface EventLog {
  readonly path: string
  /** Reads every event in file order; a missing file is an empty log. */
  load(): LoadedLog
  append(events: readonly NostrEvent[]): void
  close(): void
}

const parseLine = (line: string): NostrEvent | null => {
  try {
    const value: unknown = JSON.parse(line)
    return isEventShaped(value) ? value : null
  } catch {
    return null
  }
}

export function openEventLog(path: string): EventLog {
  let fd: number | null = null

  const load = (): LoadedLog => {
    if (!existsSync(path)) return { events: [], dropped: 0 }
    const bytes = readFileSync(path)
    const end = bytes.lastIndexOf(0x0a) + 1
    const events: NostrEvent[] = []
    let dropped = 0
    for (const line of bytes.subarray(0, end).toString('utf8').split('\n')) {
      if (line.trim() === '') continue
      const event = parseLine(line)
      if (event) events.push(event)
      else dropped++
    }
    if (end < bytes.length) {
      // A torn tail: a write that stopped before its newline. Keep it only if it is whole.
      const tail = parseLine(bytes.subarray(end).toString('utf8'))
      if (tail) {
        events.push(tail)
        writeLine('')
      } else {
        dropped++
        truncateSync(path, end)
      }
    }
    return { events, dropped }
  }

  const writeLine = (text: string): void => {
    if (fd === null) {
      mkdirSync(dirname(path), { recursive: true })
      fd = openSync(path, 'a')
    }
    writeSync(fd, `${text}\n`)
  }

  return {
    path,
    load,
    append(events) {
      if (events.length === 0) return
      writeLine(events.map((event) => JSON.stringify(event)).join('\n'))
    },
    close() {
      if (fd !== null) closeSync(fd)
      fd = null
    },
  }
}
