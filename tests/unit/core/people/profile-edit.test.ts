import { bech32 } from '@scure/base'
import { describe, expect, it } from 'vitest'
import { parseProfileMetadata } from '../../../../src/core/people/profile.ts'
import {
  emptyProfileForm,
  metadataTemplate,
  PROFILE_EDIT_MESSAGES,
  PROFILE_FIELDS,
  type ProfileForm,
  profileContent,
  profileFormErrors,
  profileFormOf,
} from '../../../../src/core/people/profile-edit.ts'

const form = (fields: Partial<ProfileForm>): ProfileForm => ({ ...emptyProfileForm(), ...fields })
const lnurl = (url: string) =>
  bech32.encode('lnurl', bech32.toWords(new TextEncoder().encode(url)), 2048)

describe('the profile form (spec §3)', () => {
  it('has every field of the profile metadata', () => {
    expect([...PROFILE_FIELDS].sort()).toEqual(
      [
        'about',
        'banner',
        'display_name',
        'lud06',
        'lud16',
        'name',
        'nip05',
        'picture',
        'website',
      ].sort(),
    )
  })

  it('starts from the current metadata: displayName read as display_name, missing fields empty', () => {
    expect(profileFormOf('{"name":"ann","displayName":"Ann B","lud16":"ann@pay.example"}')).toEqual(
      form({ name: 'ann', display_name: 'Ann B', lud16: 'ann@pay.example' }),
    )
    expect(profileFormOf(null)).toEqual(emptyProfileForm())
    expect(profileFormOf('not json')).toEqual(emptyProfileForm())
  })
})

describe('profileFormErrors', () => {
  it('an empty form and a full valid one have no errors', () => {
    expect(profileFormErrors(emptyProfileForm())).toEqual({})
    expect(
      profileFormErrors(
        form({
          name: 'ann',
          display_name: 'Ann',
          picture: 'https://img.example/a.png',
          banner: 'http://127.0.0.1:8080/media/b.jpg',
          about: 'Hello',
          website: 'ann.example/blog',
          nip05: 'ann@ann.example',
          lud16: 'ann@pay.example',
          lud06: lnurl('https://pay.example/lnurlp/ann'),
        }),
      ),
    ).toEqual({})
  })

  it('names each bad field with its message', () => {
    expect(
      profileFormErrors(
        form({
          picture: 'javascript:alert(1)',
          banner: 'ftp://x.example/b.jpg',
          website: 'not a site',
          nip05: 'ann at example',
          lud16: 'ann',
          lud06: 'lnurl1garbage',
        }),
      ),
    ).toEqual({
      picture: 'Picture must be an http or https URL',
      banner: 'Banner must be an http or https URL',
      website: 'Website must be an http or https address',
      nip05: 'NIP-05 address must look like name@example.com',
      lud16: 'Invalid LUD16 format',
      lud06: 'Invalid LUD06 format',
    })
    expect(profileFormErrors(form({ lud06: lnurl('http://pay.example/x') }))).toEqual({
      lud06: 'LNURL must be https',
    })
  })

  it('says why a profile that cannot be read is not edited', () => {
    expect(PROFILE_EDIT_MESSAGES.unreadable).toMatch(/could not be read from any relay/)
  })
})

describe('profileContent', () => {
  it('sets the form’s fields, keeps fields other clients wrote, leaves empty ones out', () => {
    const current = JSON.stringify({
      name: 'old',
      displayName: 'Old Name',
      about: 'old about',
      bot: false,
      pronouns: 'she/her',
      website: 'https://old.example',
    })
    const content = profileContent(
      current,
      form({ name: ' ann ', display_name: 'Ann', about: 'Line 1\nLine 2', website: '' }),
    )
    expect(JSON.parse(content)).toEqual({
      name: 'ann',
      display_name: 'Ann',
      about: 'Line 1\nLine 2',
      bot: false,
      pronouns: 'she/her',
    })
    expect(parseProfileMetadata(content)?.display_name).toBe('Ann')
  })

  it('starts from nothing when there is no profile or its content is not an object', () => {
    expect(JSON.parse(profileContent(null, form({ name: 'ann' })))).toEqual({ name: 'ann' })
    expect(JSON.parse(profileContent('[1,2]', form({ name: 'ann' })))).toEqual({ name: 'ann' })
  })

  it('the kind 0 keeps its tags and comes after the one it replaces', () => {
    const base = { tags: [['alt', 'profile']], content: '{}', created_at: 900 }
    expect(metadataTemplate(base, '{"name":"a"}', 800)).toEqual({
      kind: 0,
      created_at: 901,
      tags: [['alt', 'profile']],
      content: '{"name":"a"}',
    })
    expect(metadataTemplate(null, '{}', 800)).toMatchObject({ created_at: 800, tags: [] })
  })
})
