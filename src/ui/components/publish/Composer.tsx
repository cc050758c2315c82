import { type FormEvent, useEffect, useId, useRef } from 'react'
import { COMPOSE_ERRORS, containsSecretKey } from '../../../core/publish/compose-note.ts'
import type { DraftContext } from '../../../core/publish/draft.ts'
import type { PublishRequest } from '../../../core/publish/publish-request.ts'
import { isPublishing } from '../../../machines/publish.machine.ts'
import { useGated } from '../../hooks/use-gated.ts'
import { useLoaded } from '../../hooks/use-loaded.ts'
import { useSystem } from '../../system-context.tsx'
import { MentionList } from './MentionList.tsx'
import { MiningProgress } from './MiningProgress.tsx'
import { PublishStatus } from './PublishStatus.tsx'
import { TagPreview } from './TagPreview.tsx'
import { useDraft } from './use-draft.ts'
import { useMentions } from './use-mentions.ts'
import type { Publisher } from './use-publisher.ts'

interface ComposerProps {
  publisher: Publisher
  draft: DraftContext
  /** The text box's label. */
  label: string
  submitLabel: string
  /** The name the login gate shows ('Log in to {action}'). */
  action: string
  /** The request for the text as written. */
  toRequest(content: string): PublishRequest
  /** Blank text may be submitted, to be refused with the spec's message (a quote). */
  submitBlank?: boolean
  placeholder?: string
}

/**
 * A text box for a note, a reply or a quote: the text is a draft until a relay accepts it (or,
 * offline, the outbox holds it), so a reload, a failed publish or a login in between loses nothing. Shows the character count, the
 * tags the text will carry, and each relay's answer. `@` and a name suggest people to mention.
 */
export function Composer({
  publisher,
  draft,
  label,
  submitLabel,
  action,
  toRequest,
  submitBlank = false,
  placeholder,
}: ComposerProps) {
  const id = useId()
  const { actor, snapshot } = publisher
  const { text, setText, clear, latest } = useDraft(draft)
  const gate = useGated(action)
  const busy = isPublishing(snapshot)
  const secret = containsSecretKey(text)
  const box = useRef<HTMLTextAreaElement>(null)
  const mentions = useMentions(box, text, setText)
  const queue = useLoaded(useSystem().publishQueue)

  // Only this composer's request clears its text (a modal may publish other things too); a
  // draft's kind is the kind of request its text becomes.
  const kind = draft.kind
  useEffect(() => {
    const cleared = ({ request }: { request: PublishRequest }) => {
      if (request.kind === kind) clear()
    }
    // Queued offline counts too: the event is stored in the outbox, so the text is safe there.
    // Dropped from it later (a relay refused it for good), the text comes back to be changed,
    // unless something new was written meanwhile. The refusal shows here (PublishStatus), so the
    // queue's notice of it goes: the same sentence twice on one screen.
    const restored = ({ request, event }: { request: PublishRequest; event: { id: string } }) => {
      if (request.kind !== kind) return
      if ('content' in request && latest().trim() === '') setText(request.content)
      queue?.actor.send({ type: 'publishQueue.dismissed', id: event.id })
    }
    const subscriptions = [
      actor.on('publish.accepted', cleared),
      actor.on('publish.queued', cleared),
      actor.on('publish.dropped', restored),
    ]
    return () => {
      for (const subscription of subscriptions) subscription.unsubscribe()
    }
  }, [actor, kind, clear, latest, setText, queue])

  const submit = (event: FormEvent) => {
    event.preventDefault()
    gate.run(() => actor.send({ type: 'publish.submitted', request: toRequest(latest()) }))
  }

  const blank = text.trim() === ''
  return (
    <form className="form composer" onSubmit={submit}>
      <div className="field composer-field">
        <label htmlFor={id}>{label}</label>
        <textarea
          ref={box}
          id={id}
          className="composer-text"
          value={text}
          placeholder={placeholder}
          rows={5}
          {...mentions.inputProps}
        />
        {mentions.list && <MentionList list={mentions.list} />}
      </div>
      <div className="composer-meta">
        <span className="form-hint" data-testid="char-count">
          {[...text].length} characters
        </span>
        <TagPreview text={text} />
      </div>
      {secret && (
        <p className="form-error" role="alert">
          {COMPOSE_ERRORS.secretKey}
        </p>
      )}
      {gate.problem && (
        <p className="form-error" role="alert">
          {gate.problem}: this login can only read. Log in with a key or an extension in Settings to
          publish.
        </p>
      )}
      <div className="form-row">
        <button
          type="submit"
          className="button button-primary"
          disabled={busy || secret || (blank && !submitBlank)}
        >
          {submitLabel}
        </button>
        {busy && !snapshot.matches('sending') && (
          <button
            type="button"
            className="button-quiet"
            onClick={() => actor.send({ type: 'publish.cancelled' })}
          >
            Cancel
          </button>
        )}
      </div>
      {publisher.mining && <MiningProgress session={publisher.mining} />}
      <PublishStatus snapshot={snapshot} />
    </form>
  )
}
