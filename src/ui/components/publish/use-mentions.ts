/**
 * Mention suggestions for a text box (WAI-ARIA's list autocomplete: the text box keeps focus and
 * points at the highlighted option with aria-activedescendant). `@` and a letter open the list;
 * Up and Down move, Enter or Tab choose, Escape closes it until the typed name changes; a click
 * chooses too. Choosing writes the person's NIP-27 reference in place of what was typed.
 */
import {
  type ChangeEvent,
  type KeyboardEvent,
  type RefObject,
  type SyntheticEvent,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react'
import { type MentionCandidate, searchMentions } from '../../../core/publish/mention-search.ts'
import { insertMention, mentionAt } from '../../../core/publish/mention-text.ts'
import { useMentionCandidates } from './use-mention-candidates.ts'

export interface Mentions {
  /** Spread on the text box. */
  inputProps: {
    'aria-autocomplete': 'list'
    'aria-controls': string | undefined
    'aria-activedescendant': string | undefined
    onChange(event: ChangeEvent<HTMLTextAreaElement>): void
    onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>): void
    onSelect(event: SyntheticEvent<HTMLTextAreaElement>): void
  }
  /** The list to show, or null when closed. */
  list: {
    id: string
    optionId(index: number): string
    people: readonly MentionCandidate[]
    active: number
    choose(person: MentionCandidate): void
  } | null
}

export function useMentions(
  box: RefObject<HTMLTextAreaElement | null>,
  text: string,
  setText: (text: string) => void,
): Mentions {
  const id = useId()
  const [caret, setCaret] = useState<number | null>(null)
  // The mention Escape closed, by where it starts and what was typed: typing on opens it again.
  const [dismissed, setDismissed] = useState<string | null>(null)
  const [highlight, setHighlight] = useState({ key: '', index: 0 })
  const placeCaret = useRef<number | null>(null)

  const mention = caret === null ? null : mentionAt(text, Math.min(caret, text.length))
  const key = mention ? `${mention.start}:${mention.query}` : ''
  const open = mention !== null && dismissed !== key
  const candidates = useMentionCandidates(mention !== null)
  const people = open ? searchMentions(candidates, mention.query) : []
  const active = highlight.key === key ? Math.min(highlight.index, people.length - 1) : 0
  const shown = people.length > 0

  useLayoutEffect(() => {
    const at = placeCaret.current
    if (at === null || !box.current || box.current.value !== text) return
    placeCaret.current = null
    box.current.setSelectionRange(at, at)
    setCaret(at)
  }, [box, text])

  const choose = (person: MentionCandidate) => {
    if (!mention) return
    const next = insertMention(text, mention, person.pubkey)
    placeCaret.current = next.caret
    setText(next.text)
    box.current?.focus()
  }
  const optionId = (index: number) => `${id}-option-${index}`

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!shown) return
    const move = (by: number) => {
      event.preventDefault()
      setHighlight({ key, index: (active + by + people.length) % people.length })
    }
    if (event.key === 'ArrowDown') move(1)
    else if (event.key === 'ArrowUp') move(-1)
    else if ((event.key === 'Enter' || event.key === 'Tab') && !event.shiftKey) {
      const person = people[active]
      if (!person) return
      event.preventDefault()
      choose(person)
    } else if (event.key === 'Escape') {
      // Not the dialog's Escape as well: the list closes, the composer stays.
      event.preventDefault()
      setDismissed(key)
    }
  }

  return {
    inputProps: {
      'aria-autocomplete': 'list',
      'aria-controls': shown ? id : undefined,
      'aria-activedescendant': shown ? optionId(active) : undefined,
      onChange: (event) => {
        setText(event.target.value)
        setCaret(event.target.selectionEnd)
      },
      onKeyDown,
      onSelect: (event) => setCaret(event.currentTarget.selectionEnd),
    },
    list: shown ? { id, optionId, people, active, choose } : null,
  }
}
