import type { PublishResult } from '../../../core/relays/publish-result.ts'
import './relay-answers.css'

/** Each relay's answer to a publish, as they come in. */
export function RelayAnswers({ results }: { results: readonly PublishResult[] }) {
  if (results.length === 0) return null
  return (
    <ul className="relay-answers" aria-label="Relay answers">
      {results.map((result) => (
        <li key={result.relay} data-ok={result.ok}>
          <span className="mono">{result.relay}</span>{' '}
          {result.ok ? 'saved' : `refused: ${result.message || 'no reason given'}`}
        </li>
      ))}
    </ul>
  )
}
