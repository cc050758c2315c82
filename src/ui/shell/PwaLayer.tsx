import { lazy, Suspense } from 'react'
import { OptionalLayer } from '../components/kit/OptionalLayer.tsx'
import { useAfterFirstScreen } from '../hooks/use-after-first-screen.ts'
// The prompts' styles come with the entry's, inlined in index.html: a stylesheet the lazy chunk
// added as it loaded made the browser rebuild its style rules for the whole page, in that task
// (some 30 ms on a desktop CPU, four times that on Lighthouse's phone).
import '../components/app/pwa.css'

// The service worker, update and install prompts and the offline notice: their own chunk, loaded
// only once the first screen is drawn (the feed's first rows and their pictures, or at once on
// another screen), the page has loaded and the main thread is idle.
const PwaPrompts = lazy(() => import('./PwaPrompts.tsx'))

export function PwaLayer() {
  return useAfterFirstScreen() ? (
    <OptionalLayer name="prompts">
      <Suspense fallback={null}>
        <PwaPrompts />
      </Suspense>
    </OptionalLayer>
  ) : null
}
