import { noteEncode } from 'nostr-tools/nip19'
import { describe, expect, it } from 'vitest'
import {
  mergedReasons,
  REASON_INBOX_NOBODY,
  REASON_OUTBOX_NOBODY,
  reasonPeople,
  reasonText,
  shortNoteId,
} from '../../../../src/core/relays/aux-reason-text.ts'

const key = (n: number) => n.toString(16).padStart(64, '0')
const [alice, bob, carol, dave, erin] = [1, 2, 3, 4, 5].map(key)
const names: Record<string, string> = { [alice!]: 'alice', [bob!]: 'bob', [carol!]: 'carol' }
const nameOf = (pubkey: string) => names[pubkey] ?? `npub-of-${pubkey.slice(-1)}`

describe('reasonText', () => {
  it('says whose notes an outbox relay is asked for, naming up to three and counting the rest', () => {
    expect(reasonText({ kind: 'outbox', pubkeys: [alice!] }, nameOf)).toBe('Notes by alice')
    expect(reasonText({ kind: 'outbox', pubkeys: [alice!, bob!] }, nameOf)).toBe(
      'Notes by alice and bob',
    )
    expect(reasonText({ kind: 'outbox', pubkeys: [alice!, bob!, carol!] }, nameOf)).toBe(
      'Notes by alice, bob and carol',
    )
    expect(reasonText({ kind: 'outbox', pubkeys: [alice!, bob!, carol!, dave!] }, nameOf)).toBe(
      'Notes by alice, bob, carol and 1 other',
    )
    expect(
      reasonText({ kind: 'outbox', pubkeys: [alice!, bob!, carol!, dave!, erin!] }, nameOf),
    ).toBe('Notes by alice, bob, carol and 2 others')
  })

  it('says whom an inbox relay reaches, by the names given (a short npub when unnamed)', () => {
    expect(reasonText({ kind: 'inbox', pubkeys: [bob!] }, nameOf)).toBe('Reaching bob')
    expect(reasonText({ kind: 'inbox', pubkeys: [dave!, alice!] }, nameOf)).toBe(
      'Reaching npub-of-4 and alice',
    )
  })

  it('says plainly when an outbox or inbox reason names nobody', () => {
    expect(reasonText({ kind: 'outbox', pubkeys: [] }, nameOf)).toBe(REASON_OUTBOX_NOBODY)
    expect(reasonText({ kind: 'inbox', pubkeys: [] }, nameOf)).toBe(REASON_INBOX_NOBODY)
    expect(REASON_OUTBOX_NOBODY).toBe('Notes by their authors')
    expect(REASON_INBOX_NOBODY).toBe('Reaching the people tagged')
  })

  it('names the note of a hint by a short note1, the nutzap recipient, the signer and the list', () => {
    const id = 'ab'.repeat(32)
    const note = noteEncode(id)
    expect(reasonText({ kind: 'hint', id }, nameOf)).toBe(
      `Hint for note ${note.slice(0, 13)}…${note.slice(-13)}`,
    )
    expect(reasonText({ kind: 'nutzap', pubkey: carol! }, nameOf)).toBe('Nutzap to carol')
    expect(reasonText({ kind: 'signer' }, nameOf)).toBe('Your remote signer')
    expect(reasonText({ kind: 'own' }, nameOf)).toBe('Your relay list')
  })
})

describe('shortNoteId', () => {
  it('shortens a note1 to 13 characters at each end; anything not an id is kept short as is', () => {
    const short = shortNoteId(key(7))
    expect(short).toMatch(/^note1.{8}….{13}$/)
    expect(shortNoteId('not-an-id')).toBe('not-an-id')
    expect(shortNoteId('x'.repeat(40))).toBe(`${'x'.repeat(13)}…${'x'.repeat(13)}`)
  })
})

describe('mergedReasons', () => {
  it('gives one outbox and one inbox line of all their people, newest first; others stay apart', () => {
    const hint = { kind: 'hint', id: key(9) } as const
    expect(
      mergedReasons([
        { kind: 'outbox', pubkeys: [alice!, bob!] },
        hint,
        { kind: 'inbox', pubkeys: [dave!] },
        { kind: 'outbox', pubkeys: [carol!, alice!] },
        { kind: 'nutzap', pubkey: erin! },
      ]),
    ).toEqual([
      { kind: 'nutzap', pubkey: erin },
      { kind: 'outbox', pubkeys: [carol, alice, bob] },
      { kind: 'inbox', pubkeys: [dave] },
      hint,
    ])
  })
})

describe('reasonPeople', () => {
  it('lists the people the lines name, the shown ones only, without repeats', () => {
    const lines = mergedReasons([
      { kind: 'outbox', pubkeys: [alice!, bob!, carol!, dave!] },
      { kind: 'inbox', pubkeys: [alice!] },
      { kind: 'nutzap', pubkey: erin! },
      { kind: 'signer' },
    ])
    expect(reasonPeople(lines)).toEqual([erin, alice, bob, carol])
  })
})
