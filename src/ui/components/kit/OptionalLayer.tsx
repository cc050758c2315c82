import { Component, type ErrorInfo, type ReactNode } from 'react'

/**
 * Around a lazy layer the page can do without (the prompts, the overlays): if its code cannot be
 * fetched (offline with no service worker yet; the page reloads once back online, ui/pwa/start.ts),
 * it shows nothing, rather than the failure reaching the root and replacing the whole page.
 */
export class OptionalLayer extends Component<
  { name: string; children: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false }

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true }
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.warn(`The ${this.props.name} could not load`, error, info.componentStack)
  }

  override render(): ReactNode {
    return this.state.failed ? null : this.props.children
  }
}
