import { useRelayListStatus } from './use-relay-list.ts'

/** A quiet line under Relay Management: loading, saving, published, held or the publish error. */
export function RelayListStatus() {
  const text = useRelayListStatus()
  // Always rendered: a live region announces changes only once it exists.
  return (
    <p className="form-hint relay-list-status" role="status" data-testid="relay-list-status">
      {text}
    </p>
  )
}
