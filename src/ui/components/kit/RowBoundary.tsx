import { Component, type ErrorInfo, type ReactNode } from 'react'

/** What shows in place of a row of a list that failed to render. */
export const ROW_UNAVAILABLE = 'Temporarily unavailable'

interface RowBoundaryProps {
  /**
   * The row, as a component or as a function drawing it: a row written inline in the list's map
   * must be a function, else it is drawn in the list's own render, where no boundary of its
   * catches what it throws.
   */
  children: ReactNode | (() => ReactNode)
  /** The placeholder's text. */
  fallback?: string
  /** The placeholder is an item of a list (the row it replaces was an `<li>`). */
  listItem?: boolean
  /** What the row showed, for the console and (as data-row) for tests. */
  rowId?: string
}

/**
 * Wraps one row of a list: a row that throws while rendering (what a relay, a wallet or a mint
 * sends can be anything) is replaced by a short notice, and the rest of the list goes on showing.
 */
export class RowBoundary extends Component<RowBoundaryProps, { failed: boolean }> {
  override state = { failed: false }

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true }
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.warn('A row failed', this.props.rowId, error, info.componentStack)
  }

  override render(): ReactNode {
    const { children } = this.props
    if (!this.state.failed)
      return typeof children === 'function' ? <Row draw={children} /> : children
    const Placeholder = this.props.listItem ? 'li' : 'div'
    return (
      <Placeholder className="row-unavailable" role="note" data-row={this.props.rowId}>
        {this.props.fallback ?? ROW_UNAVAILABLE}
      </Placeholder>
    )
  }
}

/** Draws a row inside the boundary, so that what its drawing throws is caught there. */
function Row({ draw }: { draw: () => ReactNode }): ReactNode {
  return draw()
}
