import { describe, expect, it } from 'vitest'
import { deleteTargets } from '../../../../src/core/publish/note-delete.ts'

describe('deleteTargets', () => {
  it('the write relays, then the relays the note was seen on, each once however spelled', () => {
    expect(
      deleteTargets(
        ['ws://127.0.0.1:7777/', 'wss://relay.example'],
        ['ws://127.0.0.1:7777', 'wss://RELAY.example/', 'wss://elsewhere.example'],
      ),
    ).toEqual(['ws://127.0.0.1:7777/', 'wss://relay.example', 'wss://elsewhere.example'])
  })

  it('a note seen nowhere goes to the write relays', () => {
    expect(deleteTargets(['wss://relay.example'], [])).toEqual(['wss://relay.example'])
  })
})
