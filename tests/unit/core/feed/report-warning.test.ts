import { describe, expect, it } from 'vitest'
import {
  REPORT_WORDS,
  type ReportBy,
  reportsByFollowed,
  reportWarning,
} from '../../../../src/core/feed/report-warning.ts'
import { REPORT_TYPES } from '../../../../src/core/people/report-types.ts'

const hex = (c: string) => c.repeat(64)
const NAMES: Record<string, string> = { [hex('a')]: 'Alice', [hex('b')]: 'Bob' }
const nameOf = (pubkey: string) => NAMES[pubkey] ?? 'someone'
const by = (who: string, type: ReportBy['type']): ReportBy => ({ reporter: hex(who), type })

describe('reportsByFollowed', () => {
  it('keeps the people followed, each once (their first report)', () => {
    const follows = new Set([hex('a'), hex('b')])
    expect(
      reportsByFollowed(
        [by('a', 'spam'), by('x', 'nudity'), by('a', 'nudity'), by('b', 'illegal')],
        follows,
      ),
    ).toEqual([by('a', 'spam'), by('b', 'illegal')])
    expect(reportsByFollowed([by('x', 'spam')], follows)).toEqual([])
  })
})

describe('reportWarning', () => {
  it('no reports: no line', () => {
    expect(reportWarning([], nameOf)).toBeNull()
  })

  it('one report names its reporter', () => {
    expect(reportWarning([by('a', 'spam')], nameOf)).toBe('Reported for spam by Alice')
  })

  it('more: the first named, the rest counted; the types most reported first', () => {
    expect(reportWarning([by('a', 'spam'), by('b', 'spam')], nameOf)).toBe(
      'Reported for spam by Alice and 1 other',
    )
    expect(reportWarning([by('a', 'nudity'), by('b', 'spam'), by('c', 'spam')], nameOf)).toBe(
      'Reported for spam and nudity by Alice and 2 others',
    )
    expect(reportWarning([by('a', 'other'), by('b', 'illegal'), by('c', 'malware')], nameOf)).toBe(
      'Reported for malware, illegal content and another reason by Alice and 2 others',
    )
  })
})

describe('report words', () => {
  it('name each NIP-56 type in a warning', () => {
    expect(REPORT_TYPES.map((type) => REPORT_WORDS[type])).toEqual([
      'nudity',
      'malware',
      'profanity',
      'illegal content',
      'spam',
      'impersonation',
      'another reason',
    ])
  })
})
