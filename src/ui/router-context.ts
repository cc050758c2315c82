/** What every route receives from the router (createRootRouteWithContext in __root.tsx). */
import type { RoutePrefetch } from '../actors/system/route-prefetch.ts'

export interface RouterContext {
  /** Fetches a linked screen's data ahead of a click; false: no prefetch for it (root beforeLoad). */
  prefetch: RoutePrefetch
}
