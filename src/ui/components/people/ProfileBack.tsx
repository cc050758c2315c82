import { useCanGoBack, useNavigate, useRouter, useRouterState } from '@tanstack/react-router'
import { BackButton } from '../kit/PageBar.tsx'
import './profile-navigation.ts'
import './profile.css'

/**
 * Back from a profile (spec §2): to `backToPath` when the link that opened it said where it came
 * from, else one step back in history, else the feed.
 */
export function ProfileBack() {
  const router = useRouter()
  const navigate = useNavigate()
  const canGoBack = useCanGoBack()
  const backToPath = useRouterState({ select: (state) => state.location.state.backToPath })
  const back = () => {
    // Only a path inside the app: state could have been written by anything on this origin.
    if (backToPath?.startsWith('/') && !backToPath.startsWith('//')) {
      router.history.push(backToPath)
    } else if (canGoBack) router.history.back()
    else void navigate({ to: '/' })
  }
  return <BackButton className="profile-back" onClick={back} />
}
