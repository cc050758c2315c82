import { useSelector } from '@xstate/react'
import { useEffect } from 'react'
import { UPDATE_TEXTS } from '../../../core/app/app-update.ts'
import { type AppUpdateActorRef, updatePromptOf } from '../../../machines/app-update.machine.ts'
import { holdSplash } from './splash.ts'

/**
 * Update Available (spec §2, standalone only): Later or Update Now; 'Updating' while the new
 * version takes over, with the splash held over the app until the reload (spec §2 splash rule).
 */
export function UpdatePrompt({ actor }: { actor: AppUpdateActorRef }) {
  const prompt = useSelector(actor, updatePromptOf)
  const updating = prompt === 'updating'
  useEffect(() => {
    if (updating) holdSplash()
  }, [updating])
  if (!prompt) return null
  return (
    <section className="pwa-prompt" role="dialog" aria-labelledby="update-title" aria-live="polite">
      <h2 id="update-title" className="pwa-prompt-title">
        {updating ? UPDATE_TEXTS.updating : UPDATE_TEXTS.available}
      </h2>
      <p className="pwa-prompt-text">
        {updating
          ? 'Plume restarts in a moment with the new version.'
          : 'A new version of Plume is ready. It starts after a quick restart.'}
      </p>
      <div className="pwa-prompt-actions">
        <button
          type="button"
          className="button-quiet"
          disabled={updating}
          onClick={() => actor.send({ type: 'update.later' })}
        >
          {UPDATE_TEXTS.later}
        </button>
        <button
          type="button"
          className="button button-primary"
          disabled={updating}
          onClick={() => actor.send({ type: 'update.accept' })}
        >
          {UPDATE_TEXTS.updateNow}
        </button>
      </div>
    </section>
  )
}
