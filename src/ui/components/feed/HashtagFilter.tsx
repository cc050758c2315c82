import { type FormEvent, useState } from 'react'
import { addHashtag } from '../../../core/feed/hashtags.ts'
import { useHashtagError, usePreferences, useSendPreferences } from '../app/use-preferences.ts'
import { FormError } from '../kit/Form.tsx'
import { InputRow } from '../kit/InputRow.tsx'
import './hashtag-filter.css'

/**
 * The custom hashtags (spec §2, §5): the feed shows notes tagged with any of them, every note when
 * there are none, and offers each as a tab of its own. Tags are added with the rules of
 * core/feed/hashtags.ts; a rejected one leaves the input as typed, with the reason.
 */
export function HashtagFilter() {
  const { customHashtags } = usePreferences()
  const error = useHashtagError()
  const send = useSendPreferences()
  const [value, setValue] = useState('')

  const submit = (event: FormEvent) => {
    event.preventDefault()
    send({ type: 'preferences.hashtag.add', input: value })
    // A rejected tag stays in the input to be corrected; one that went in (or blank) clears it.
    if (addHashtag(customHashtags, value).kind !== 'rejected') setValue('')
  }

  return (
    <div className="hashtag-filter">
      <h4 id="hashtags-heading">Custom Hashtags</h4>
      <p className="form-hint">
        The feed shows notes tagged with any of these, each also as a tab of its own.
      </p>
      {customHashtags.length > 0 ? (
        <ul className="hashtag-chips" aria-labelledby="hashtags-heading">
          {customHashtags.map((tag) => (
            <li key={tag} className="hashtag-chip">
              #{tag}
              <button
                type="button"
                className="chip-remove"
                aria-label={`Remove #${tag}`}
                onClick={() => send({ type: 'preferences.hashtag.remove', tag })}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="form-hint">No hashtags: the feed shows every note.</p>
      )}
      <InputRow className="hashtag-add" action="Add" onSubmit={submit}>
        <input
          type="text"
          aria-label="Add a hashtag"
          placeholder="#hashtag"
          autoComplete="off"
          spellCheck={false}
          value={value}
          aria-invalid={error !== null}
          onChange={(event) => {
            setValue(event.target.value)
            if (error) send({ type: 'preferences.hashtag.edited' })
          }}
        />
      </InputRow>
      <FormError message={error} />
    </div>
  )
}
