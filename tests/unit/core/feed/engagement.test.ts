import type { NostrEvent } from 'nostr-tools/pure'
import { describe, expect, it } from 'vitest'
import { tallyEngagement } from '../../../../src/core/feed/engagement.ts'

const hex = (c: string) => c.repeat(64)
const NOTE = hex('1')
const OTHER = hex('2')
let serial = 0
const event = (kind: number, pubkey: string, tags: string[][], content = ''): NostrEvent => ({
  id: String(++serial).padStart(64, '0'),
  kind,
  pubkey,
  tags,
  content,
  created_at: serial,
  sig: '',
})
const like = (pubkey: string, content = '+', tags = [['e', NOTE]]) =>
  event(7, pubkey, tags, content)

describe('tallyEngagement', () => {
  it('counts each person once: likes of any content but "-", reposts of kind 6 and 16', () => {
    const events = [
      like(hex('a')),
      like(hex('a'), '🔥'),
      like(hex('b'), '🤙'),
      like(hex('c'), '-'),
      event(
        6,
        hex('a'),
        [
          ['e', NOTE],
          ['p', hex('f')],
        ],
        '{}',
      ),
      event(6, hex('a'), [['e', NOTE]]),
      event(16, hex('c'), [
        ['e', NOTE],
        ['k', '1'],
      ]),
    ]
    expect(tallyEngagement(events, [NOTE])).toEqual([
      { likers: [hex('a'), hex('b')], reposters: [hex('a'), hex('c')], reports: [] },
    ])
  })

  it("reads a reaction's note from its last e tag, and answers every note asked, in order", () => {
    const toReply = like(hex('a'), '+', [
      ['e', NOTE, '', 'root'],
      ['e', OTHER, '', 'reply'],
    ])
    const events = [toReply, like(hex('b')), event(1, hex('c'), [['e', NOTE]], 'a reply')]
    expect(tallyEngagement(events, [OTHER, NOTE, hex('3')])).toEqual([
      { likers: [hex('a')], reposters: [], reports: [] },
      { likers: [hex('b')], reposters: [], reports: [] },
      { likers: [], reposters: [], reports: [] },
    ])
  })
})

describe('tallyEngagement: reports (NIP-56)', () => {
  const report = (pubkey: string, tags: string[][]) => event(1984, pubkey, tags)

  it('keeps the reports of the people followed, each once, and no others', () => {
    const follows = new Set([hex('a'), hex('b')])
    const events = [
      report(hex('a'), [
        ['e', NOTE, 'spam'],
        ['p', hex('f')],
      ]),
      report(hex('a'), [['e', NOTE, 'nudity']]),
      report(hex('b'), [['e', OTHER, 'illegal']]),
      // Not followed: ignored, whatever it says.
      report(hex('c'), [['e', NOTE, 'spam']]),
      // Followed, with a tag that is no report.
      report(hex('b'), [['e', NOTE, 'rude']]),
    ]
    expect(tallyEngagement(events, [NOTE, OTHER], follows)).toEqual([
      { likers: [], reposters: [], reports: [{ reporter: hex('a'), type: 'spam' }] },
      { likers: [], reposters: [], reports: [{ reporter: hex('b'), type: 'illegal' }] },
    ])
    // Following nobody: no report counts.
    expect(tallyEngagement(events, [NOTE])[0]?.reports).toEqual([])
  })
})
