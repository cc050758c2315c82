import { type FormEvent, useState } from 'react'
import {
  type ProfileField,
  type ProfileForm,
  type ProfileFormErrors,
  profileFormErrors,
  profileFormOf,
} from '../../../core/people/profile-edit.ts'
import { httpUrl } from '../../../core/platform/http-url.ts'
import { useModal } from '../../hooks/use-modal.ts'
import { FormError } from '../kit/Form.tsx'
import { Modal } from '../kit/Modal.tsx'
import { RemoteImage } from '../kit/RemoteImage.tsx'
import { Nip05Check } from './Nip05Check.tsx'
import { RelayAnswers } from './RelayAnswers.tsx'
import { type SaveState, useProfileEdit } from './use-profile-edit.ts'
import './profile-edit.css'

/** edit=true on one's own profile: every metadata field, previews, NIP-05 check, publish. */
export function EditProfileModal({ user }: { user: string }) {
  const modal = useModal('edit')
  const { base, retry, save, publish } = useProfileEdit(user)
  return (
    <Modal title="Edit profile" onClose={modal.close}>
      {base.status === 'loading' && (
        <p className="form-hint" role="status">
          Reading your profile from the relays…
        </p>
      )}
      {base.status === 'failed' && (
        <div className="form">
          <FormError message={base.message} />
          <div className="form-row">
            <button type="button" className="button" onClick={retry}>
              Retry
            </button>
          </div>
        </div>
      )}
      {base.status === 'loaded' && (
        <ProfileEditForm
          user={user}
          initial={profileFormOf(base.event?.content ?? null)}
          save={save}
          onSubmit={publish}
          onClose={modal.close}
        />
      )}
    </Modal>
  )
}

export default EditProfileModal

interface FieldSpec {
  field: ProfileField
  label: string
  placeholder?: string
  multiline?: boolean
}

const FIELDS: readonly FieldSpec[] = [
  { field: 'display_name', label: 'Display name' },
  { field: 'name', label: 'Username' },
  { field: 'picture', label: 'Picture URL', placeholder: 'https://…' },
  { field: 'banner', label: 'Banner URL', placeholder: 'https://…' },
  { field: 'about', label: 'About', multiline: true },
  { field: 'website', label: 'Website', placeholder: 'example.com' },
  { field: 'nip05', label: 'NIP-05 address', placeholder: 'name@example.com' },
  { field: 'lud16', label: 'Lightning address (LUD-16)', placeholder: 'name@wallet.example' },
  { field: 'lud06', label: 'LNURL (LUD-06)', placeholder: 'lnurl1…' },
]

function ProfileEditForm({
  user,
  initial,
  save,
  onSubmit,
  onClose,
}: {
  user: string
  initial: ProfileForm
  save: SaveState
  onSubmit(form: ProfileForm): void
  onClose(): void
}) {
  const [form, setForm] = useState(initial)
  const [errors, setErrors] = useState<ProfileFormErrors>({})
  const saving = save.status === 'saving'

  const change = (field: ProfileField, value: string) => {
    setForm((current) => ({ ...current, [field]: value }))
    // A fixed field loses its message at once; new ones wait for the next Save.
    if (errors[field] && !profileFormErrors({ ...form, [field]: value })[field]) {
      setErrors((current) => ({ ...current, [field]: undefined }))
    }
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const found = profileFormErrors(form)
    setErrors(found)
    const first = FIELDS.find(({ field }) => found[field])
    if (first) {
      document.getElementById(`edit-${first.field}`)?.focus()
      return
    }
    onSubmit(form)
  }

  return (
    <form className="form profile-edit" onSubmit={submit} noValidate>
      {FIELDS.map((spec) => (
        <EditField
          key={spec.field}
          spec={spec}
          value={form[spec.field]}
          error={errors[spec.field] ?? null}
          onChange={(value) => change(spec.field, value)}
        >
          {spec.field === 'picture' && <Preview url={form.picture} kind="picture" />}
          {spec.field === 'banner' && <Preview url={form.banner} kind="banner" />}
          {spec.field === 'nip05' && !errors.nip05 && (
            <Nip05Check identifier={form.nip05} pubkey={user} />
          )}
        </EditField>
      ))}
      {save.status === 'failed' && <FormError message={save.message} />}
      {save.status === 'saved' && (
        <p className="form-hint profile-edit-saved" role="status">
          Profile saved.
        </p>
      )}
      {save.status !== 'idle' && <RelayAnswers results={save.results} />}
      <div className="form-row">
        <button type="submit" className="button button-primary" disabled={saving}>
          {saving ? 'Saving…' : 'Save'}
        </button>
        <button type="button" className="button" onClick={onClose}>
          {save.status === 'saved' ? 'Done' : 'Cancel'}
        </button>
      </div>
    </form>
  )
}

function EditField({
  spec,
  value,
  error,
  onChange,
  children,
}: {
  spec: FieldSpec
  value: string
  error: string | null
  onChange(value: string): void
  children?: React.ReactNode
}) {
  const id = `edit-${spec.field}`
  const errorId = `${id}-error`
  const common = {
    id,
    value,
    placeholder: spec.placeholder,
    'aria-invalid': error !== null,
    'aria-describedby': error ? errorId : undefined,
  }
  return (
    <div className="field">
      <label htmlFor={id}>{spec.label}</label>
      {spec.multiline ? (
        <textarea {...common} rows={4} onChange={(event) => onChange(event.target.value)} />
      ) : (
        <input
          {...common}
          type="text"
          autoComplete="off"
          spellCheck={false}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
      {error && (
        <p id={errorId} className="form-error">
          {error}
        </p>
      )}
      {children}
    </div>
  )
}

/** The picture or banner as it will look; only http(s) URLs are loaded. */
function Preview({ url, kind }: { url: string; kind: 'picture' | 'banner' }) {
  const src = httpUrl(url)
  const [broken, setBroken] = useState<string | null>(null)
  if (!src) return null
  if (broken === src) return <p className="form-hint">The image at this address did not load.</p>
  return (
    <RemoteImage
      className={`profile-edit-${kind}`}
      src={src}
      alt={kind === 'picture' ? 'Picture preview' : 'Banner preview'}
      onError={() => setBroken(src)}
    />
  )
}
