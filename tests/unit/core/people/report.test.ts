import type { NostrEvent } from 'nostr-tools/pure'
import { describe, expect, it } from 'vitest'
import {
  NOTE_REPORT_TYPES,
  noteReportsOf,
  REPORT_LABELS,
  REPORT_TYPES,
  type ReportRequest,
  reportProblem,
  reportTemplate,
  reportTypesFor,
} from '../../../../src/core/people/report.ts'

const hex = (c: string) => c.repeat(64)
const NOTE = hex('1')
const AUTHOR = hex('a')
const REPORTER = hex('b')

const received = (tags: unknown[], kind = 1984): NostrEvent =>
  ({
    id: hex('9'),
    kind,
    pubkey: REPORTER,
    tags,
    content: '',
    created_at: 1,
    sig: '',
  }) as NostrEvent

describe('report types (NIP-56)', () => {
  it("are the NIP's seven, each with a plain label", () => {
    expect(REPORT_TYPES).toEqual([
      'nudity',
      'malware',
      'profanity',
      'illegal',
      'spam',
      'impersonation',
      'other',
    ])
    expect(REPORT_TYPES.map((type) => REPORT_LABELS[type])).toEqual([
      'Nudity or sexual content',
      'Malware or a harmful link',
      'Profanity or hateful speech',
      'Something that may be illegal',
      'Spam',
      'Impersonation',
      'Something else',
    ])
  })

  it('impersonation is offered for a person only', () => {
    expect(reportTypesFor({ pubkey: AUTHOR })).toContain('impersonation')
    expect(reportTypesFor({ pubkey: AUTHOR, noteId: NOTE })).toEqual(NOTE_REPORT_TYPES)
    expect(NOTE_REPORT_TYPES).not.toContain('impersonation')
  })
})

describe('reportTemplate', () => {
  it("a note: e tag with the type third, the author's p tag, the comment trimmed", () => {
    expect(reportTemplate({ pubkey: AUTHOR, noteId: NOTE }, 'spam', '  ads  ', 100)).toEqual({
      kind: 1984,
      created_at: 100,
      content: 'ads',
      tags: [
        ['e', NOTE, 'spam'],
        ['p', AUTHOR],
        ['client', 'Plume'],
      ],
    })
  })

  it('a person: the p tag carries the type; no comment is empty content', () => {
    expect(reportTemplate({ pubkey: AUTHOR }, 'impersonation', '', 5)).toEqual({
      kind: 1984,
      created_at: 5,
      content: '',
      tags: [
        ['p', AUTHOR, 'impersonation'],
        ['client', 'Plume'],
      ],
    })
  })
})

describe('reportProblem', () => {
  const request = (overrides: Partial<ReportRequest> = {}): ReportRequest => ({
    target: { pubkey: AUTHOR, noteId: NOTE },
    user: REPORTER,
    ready: true,
    relays: ['ws://127.0.0.1:7777'],
    ...overrides,
  })

  it.each([
    [request(), null],
    [request({ ready: false }), 'Nostr client not ready'],
    [request({ relays: [] }), 'No relays configured'],
    [request({ user: null }), 'Log in to report'],
    [request({ user: AUTHOR.toUpperCase() }), 'You cannot report yourself'],
  ])('%o: %s', (r, problem) => {
    expect(reportProblem(r)).toBe(problem)
  })
})

describe('noteReportsOf (received, untrusted)', () => {
  it('reads each e tag with a 64-hex id and a known type, each note once', () => {
    const other = hex('2')
    expect(
      noteReportsOf(
        received([
          ['e', NOTE, 'spam'],
          ['e', NOTE, 'nudity'],
          ['e', other, 'malware'],
          ['p', AUTHOR],
        ]),
      ),
    ).toEqual([
      { noteId: NOTE, reporter: REPORTER, type: 'spam' },
      { noteId: other, reporter: REPORTER, type: 'malware' },
    ])
  })

  it('ignores hostile and malformed tags, and other kinds', () => {
    const hostile = [
      ['e', NOTE],
      ['e', NOTE, 'SPAM'],
      ['e', NOTE, 'hate'],
      ['e', hex('c').toUpperCase(), 'spam'],
      ['e', `${NOTE}0`, 'spam'],
      ['e', 42, 'spam'],
      ['e', NOTE, { type: 'spam' }],
      ['e', NOTE, '__proto__'],
      ['E', NOTE, 'spam'],
      ['p', AUTHOR, 'spam'],
      'e',
      null,
      [],
    ]
    expect(noteReportsOf(received(hostile))).toEqual([])
    expect(noteReportsOf(received([['e', NOTE, 'spam']], 1))).toEqual([])
    expect(noteReportsOf({ ...received([]), tags: 'e' as unknown as string[][] })).toEqual([])
  })
})
