import { Field } from '../kit/Form.tsx'

/** Choosing the passphrase a key is saved under: typed twice (spec §5: at least 8 characters). */
export function NewPassphraseFields(props: {
  passphrase: string
  confirmation: string
  onPassphrase: (value: string) => void
  onConfirmation: (value: string) => void
}) {
  return (
    <>
      <Field
        id="persist-passphrase"
        label="Passphrase (at least 8 characters)"
        type="password"
        autoComplete="new-password"
        value={props.passphrase}
        onChange={props.onPassphrase}
      />
      <Field
        id="persist-confirmation"
        label="Confirm passphrase"
        type="password"
        autoComplete="new-password"
        value={props.confirmation}
        onChange={props.onConfirmation}
      />
    </>
  )
}
