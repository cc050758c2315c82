import { type FormEvent, useState } from 'react'
import { nextPermission, PERMISSION_BADGE } from '../../../core/relay-permission.ts'
import { validateNewRelay } from '../../../core/relay-url.ts'
import type { SocketActorRef } from '../../../machines/socket.machine.ts'
import { useModal, useRemoveRelayModal } from '../../hooks/use-modal.ts'
import { useAllSockets, usePool, useRelayEntries, useRelayLight } from '../../hooks/use-relays.ts'
import { Field, FormError } from '../Form.tsx'

/** Settings, "Relay Management" (spec §2): add with Enter, cycle permissions, remove with confirm. */
export function RelaySection() {
  const pool = usePool()
  const entries = useRelayEntries()
  const sockets = useAllSockets()
  const removeRelay = useRemoveRelayModal()
  const health = useModal('relayHealth')
  const [input, setInput] = useState('')
  const [error, setError] = useState<string | null>(null)
  const socketOf = (url: string) =>
    sockets.find((socket) => socket.getSnapshot().context.url === url)

  const add = (event: FormEvent) => {
    event.preventDefault()
    const result = validateNewRelay(
      input,
      entries.map((entry) => entry.url),
    )
    if ('error' in result) return setError(result.error)
    pool?.send({ type: 'pool.add', url: result.url, permission: 'readwrite' })
    setInput('')
    setError(null)
  }

  return (
    <section className="settings-section" aria-labelledby="relays-heading">
      <h3 id="relays-heading">Relay Management</h3>
      <ul className="relay-settings">
        {entries.map(({ url, permission }) => {
          const socket = socketOf(url)
          return (
            <li key={url} className="relay-setting" data-relay={url}>
              {socket ? (
                <RelayStatusDot socket={socket} />
              ) : (
                <span className="relay-light" data-state="idle" />
              )}
              <span className="relay-url">{url}</span>
              <button
                type="button"
                className="badge-button"
                aria-label={`Permission ${permission} for ${url}: change`}
                title="Read, Write, Read and write, Indexer"
                onClick={() =>
                  pool?.send({
                    type: 'pool.setPermission',
                    url,
                    permission: nextPermission(permission),
                  })
                }
              >
                {PERMISSION_BADGE[permission]}
              </button>
              <button
                type="button"
                className="button-quiet"
                aria-label={`Remove ${url}`}
                onClick={() => removeRelay.ask(url)}
              >
                Remove
              </button>
            </li>
          )
        })}
      </ul>
      <form className="form" onSubmit={add}>
        <Field
          id="add-relay"
          label="Add a relay"
          placeholder="wss://relay.example.com"
          value={input}
          onChange={setInput}
        />
        <FormError message={error} />
      </form>
      <div className="form-row">
        <button type="button" className="button" onClick={() => health.show()}>
          Relay health
        </button>
      </div>
    </section>
  )
}

function RelayStatusDot({ socket }: { socket: SocketActorRef }) {
  const { state } = useRelayLight(socket)
  return <span className="relay-light" data-state={state} title={state} />
}
