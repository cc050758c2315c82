import { useId, useState } from 'react'
import type { SocketActorRef } from '../../../machines/socket.machine.ts'
import {
  type RelayLightState,
  useRejectedCounts,
  useRelayLight,
  useRelaySockets,
} from './use-relays.ts'
import './relay-lights.css'

/** At most 9 read relays, in 3 rows (spec §2). */
const MAX_LIGHTS = 9

const STATE_TEXT: Record<RelayLightState, string> = {
  connected: 'connected',
  connecting: 'connecting',
  disconnected: 'disconnected',
}

function Light({ socket }: { socket: SocketActorRef }) {
  const { url, state } = useRelayLight(socket)
  return <span className="relay-light" data-state={state} data-relay={url} />
}

function RelayRow({ socket, rejected }: { socket: SocketActorRef; rejected: number }) {
  const { url, state, lastError } = useRelayLight(socket)
  return (
    <li className="relay-row" data-relay={url} data-state={state}>
      <span className="relay-light" data-state={state} aria-hidden="true" />
      <span className="relay-url">{url}</span>
      <span className="relay-state">{STATE_TEXT[state]}</span>
      {rejected > 0 && (
        <span className="relay-rejected" data-testid="rejected-count">
          {rejected === 1
            ? '1 event dropped: invalid signature'
            : `${rejected} events dropped: invalid signature`}
        </span>
      )}
      {state !== 'connected' && lastError && <span className="relay-error">{lastError}</span>}
    </li>
  )
}

export function RelayLights() {
  const sockets = useRelaySockets()
  const rejected = useRejectedCounts()
  const [open, setOpen] = useState(false)
  const panelId = useId()
  if (sockets.length === 0) return null
  return (
    <div className="relay-status">
      <button
        type="button"
        className="relay-lights"
        title="Relay Status"
        aria-label="Relay Status"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
      >
        {sockets.slice(0, MAX_LIGHTS).map((socket) => (
          <Light key={socket.id} socket={socket} />
        ))}
      </button>
      {open && (
        <section id={panelId} className="relay-panel" aria-label="Relays">
          <h2>Relays</h2>
          <ul>
            {sockets.map((socket) => (
              <RelayRow
                key={socket.id}
                socket={socket}
                rejected={rejected[socket.getSnapshot().context.url] ?? 0}
              />
            ))}
          </ul>
        </section>
      )}
    </div>
  )
}
