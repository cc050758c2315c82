import { createFileRoute } from '@tanstack/react-router'
import { Suspense } from 'react'
import { Composer } from '../components/publish/Composer.tsx'
import { usePublisher } from '../components/publish/use-publisher.ts'
import '../components/publish/compose.css'

/** /create (spec §2): a new note. */
export const Route = createFileRoute('/create')({ component: CreatePage })

// The page shows once the publishing code is loaded, as it shows once its own code is.
function CreatePage() {
  return (
    <Suspense fallback={null}>
      <CreateForm />
    </Suspense>
  )
}

function CreateForm() {
  const publisher = usePublisher()
  return (
    <section className="create-page" aria-labelledby="create-title">
      <h1 id="create-title" className="create-title">
        New note
      </h1>
      <Composer
        publisher={publisher}
        draft={{ kind: 'note' }}
        label="What's on your mind?"
        submitLabel="Publish"
        action="publish"
        placeholder="Write a note. #hashtags and nostr:npub… mentions become tags."
        toRequest={(content) => ({ kind: 'note', content })}
      />
    </section>
  )
}
