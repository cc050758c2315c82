import { Component, type ErrorInfo, type ReactNode } from 'react'
import './note.css'

/** What shows in place of a note card that failed to render (spec §2). */
export const NOTE_UNAVAILABLE = 'Note temporarily unavailable'

interface NoteBoundaryProps {
  children: ReactNode
  /** The note inside, so the placeholder keeps its place in lists and tests. */
  noteId?: string
  /** The placeholder is an item of a list (the card it replaces was an `<li>`). */
  listItem?: boolean
}

/**
 * Wraps one note card: a card that throws while rendering (content from a stranger's relay can be
 * anything) is replaced by a short notice, and its neighbours go on showing.
 */
export class NoteBoundary extends Component<NoteBoundaryProps, { failed: boolean }> {
  override state = { failed: false }

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true }
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.warn('Note card failed', this.props.noteId, error, info.componentStack)
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children
    const Placeholder = this.props.listItem ? 'li' : 'div'
    return (
      <Placeholder className="note-unavailable" role="note" data-note-id={this.props.noteId}>
        {NOTE_UNAVAILABLE}
      </Placeholder>
    )
  }
}
