import { describe, expect, it } from 'vitest'
import {
  MENTION_LIMIT,
  type MentionCandidate,
  searchMentions,
} from '../../../../src/core/publish/mention-search.ts'

const person = (
  n: number,
  displayName: string,
  name: string,
  nip05 = '',
  followed = false,
): MentionCandidate => ({
  pubkey: n.toString(16).padStart(64, '0'),
  displayName,
  name,
  nip05,
  followed,
})

const hannah = person(1, 'Hannah Reyes', 'hannah', 'hannah@example.org', true)
const hana = person(2, 'Hana Novak', 'hana', '', true)
const nathan = person(3, 'Nathan Hanley', 'nate')
const renee = person(4, 'Renée', 'renee')
const domain = person(5, 'Example', 'ex', '_@hanover.example')
const byAddress = person(6, 'Quiet', 'q', 'hanq@example.org')
const names = (found: readonly MentionCandidate[]) => found.map((p) => p.displayName)

describe('searchMentions', () => {
  it('matches the start of the display name, the name, a word of the display name or the NIP-05 address', () => {
    const all = [hannah, hana, nathan, renee, domain, byAddress]
    expect(names(searchMentions(all, 'han'))).toEqual([
      'Hana Novak',
      'Hannah Reyes',
      'Nathan Hanley',
      'Example',
      'Quiet',
    ])
    expect(names(searchMentions(all, 'nate'))).toEqual(['Nathan Hanley'])
    expect(names(searchMentions(all, 'xyz'))).toEqual([])
  })

  it('puts followed people first, then the better match, then by name', () => {
    const stranger = person(7, 'Han Solo', 'han')
    expect(names(searchMentions([stranger, nathan, hannah], 'han'))).toEqual([
      'Hannah Reyes',
      'Han Solo',
      'Nathan Hanley',
    ])
  })

  it('ignores case and accents', () => {
    expect(names(searchMentions([renee], 'RENE'))).toEqual(['Renée'])
    expect(names(searchMentions([renee], 'renée'))).toEqual(['Renée'])
  })

  it('lists each person once, followed if any entry says so', () => {
    const seen = { ...hannah, followed: false, displayName: 'Old name' }
    const found = searchMentions([seen, hannah], 'han')
    expect(found).toHaveLength(1)
    expect(found[0]).toMatchObject({ displayName: 'Old name', followed: true })
  })

  it('gives at most MENTION_LIMIT, and nothing for an empty query', () => {
    const many = Array.from({ length: 20 }, (_, n) => person(100 + n, `Hank ${n}`, 'hank'))
    expect(searchMentions(many, 'hank')).toHaveLength(MENTION_LIMIT)
    expect(MENTION_LIMIT).toBe(8)
    expect(searchMentions(many, '  ')).toEqual([])
  })
})
