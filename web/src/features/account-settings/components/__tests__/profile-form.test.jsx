import { describe, it, expect, beforeEach } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { ProfileForm } from '../profile-form'
import { mockApi, renderRoute, freshStart } from '../../../../test-utils'
import { getAuthState } from '../../../../lib/auth-store'

const NICHES = { data: { niche: [{ _id: 'n2', name: 'Technology' }, { _id: 'n1', name: 'Beauty' }] } }
const creator = { _id: 'u1', name: 'Cara Creator', email: 'cara@example.com', role: 'USER', niche: { _id: 'n2', name: 'Technology' }, profileImage: '' }
const brand = { _id: 'u2', name: 'Bea Brand', email: 'bea@acme.io', role: 'BRAND_ADMIN', niche: null, brand: { name: 'Acme' }, profileImage: '' }

function api(user, extra = {}) {
  return mockApi({ 'GET users/profile': () => [200, { data: { user } }], 'GET niche': () => [200, NICHES], ...extra })
}

const nameBox = () => screen.findByLabelText('Full Name')
const save = () => userEvent.click(screen.getByRole('button', { name: 'Save Changes' }))
const putBody = (fetch) => JSON.parse(fetch.mock.calls.find(([u, i]) => u === '/api/users/profile' && i?.method === 'PUT')[1].body)

describe('ProfileForm', () => {
  beforeEach(freshStart)

  it('shows name rule messages', async () => {
    api(creator)
    renderRoute(<ProfileForm />)
    await userEvent.clear(await nameBox())
    await save()
    expect(await screen.findByText('Full name is required')).toBeInTheDocument()
    await userEvent.type(screen.getByLabelText('Full Name'), 'Cara!')
    expect(await screen.findByText('Special characters are not allowed')).toBeInTheDocument()
  })

  it('creators edit name and niche (sorted by name); the header state follows', async () => {
    const saved = { ...creator, name: 'Cara Nova', niche: { _id: 'n1', name: 'Beauty' } }
    const fetch = api(creator, { 'PUT users/profile': () => [200, { data: { user: saved } }] })
    renderRoute(<ProfileForm />)
    const niche = await screen.findByLabelText('Creator Niche')
    await waitFor(() => expect([...niche.options].map((o) => o.text)).toEqual(['Select your niche', 'Beauty', 'Technology']))
    expect(niche).toHaveValue('n2')
    expect(await screen.findByText('cara@example.com')).toBeInTheDocument()
    expect(screen.getByText('Creator')).toBeInTheDocument()
    await userEvent.clear(screen.getByLabelText('Full Name'))
    await userEvent.type(screen.getByLabelText('Full Name'), '  Cara Nova ')
    await userEvent.selectOptions(niche, 'n1')
    await save()
    expect(await screen.findByText('Profile updated successfully')).toBeInTheDocument()
    expect(putBody(fetch)).toEqual({ name: 'Cara Nova', niche: 'n1' })
    expect(getAuthState().userName).toBe('Cara Nova')
    expect(getAuthState().niche).toBe('Beauty')
  })

  it('a creator must keep a niche', async () => {
    api(creator)
    renderRoute(<ProfileForm />)
    const niche = await screen.findByLabelText('Creator Niche')
    await waitFor(() => expect(niche.options.length).toBe(3))
    await userEvent.selectOptions(niche, '')
    await save()
    expect(await screen.findByText('Creator niche is required')).toBeInTheDocument()
  })

  it('brand staff have no niche; e-mail, account type and brand are read-only', async () => {
    const fetch = api(brand, { 'PUT users/profile': (body) => [200, { data: { user: { ...brand, name: body.name } } }] })
    renderRoute(<ProfileForm />)
    await nameBox()
    expect(screen.queryByLabelText('Creator Niche')).not.toBeInTheDocument()
    expect(screen.getByText('bea@acme.io')).toBeInTheDocument()
    expect(screen.getByText('Brand admin')).toBeInTheDocument()
    expect(screen.getByText('Acme')).toBeInTheDocument()
    expect(screen.queryByRole('textbox', { name: /email/i })).not.toBeInTheDocument()
    await userEvent.type(screen.getByLabelText('Full Name'), ' Jr')
    await save()
    await screen.findByText('Profile updated successfully')
    expect(putBody(fetch)).toEqual({ name: 'Bea Brand Jr' })
  })

  it('shows the server field errors on their fields', async () => {
    api(creator, { 'PUT users/profile': () => [422, { message: 'Please check the form', fields: { niche: 'Please select a valid creator niche' } }] })
    renderRoute(<ProfileForm />)
    await nameBox()
    await save()
    expect(await screen.findByText('Please select a valid creator niche')).toBeInTheDocument()
    expect(screen.getByText('Please check the form')).toBeInTheDocument()
  })

  it('refuses a file that is not an image, or over 5 MB, before any upload', async () => {
    const fetch = api(creator)
    renderRoute(<ProfileForm />)
    await nameBox()
    const input = screen.getByLabelText('Profile picture file')
    await userEvent.upload(input, new File(['%PDF'], 'cv.pdf', { type: 'application/pdf' }), { applyAccept: false })
    expect(await screen.findByText('Please select an image (jpg, jpeg, png, gif, webp).')).toBeInTheDocument()
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' })
    await userEvent.upload(input, big)
    expect(await screen.findByText('File size must be less than 5MB.')).toBeInTheDocument()
    expect(fetch.mock.calls.filter(([u]) => u === '/api/files/upload')).toEqual([])
  })

  it('removes the picture with profileImage ""', async () => {
    const withImage = { ...creator, profileImage: '/api/files/abc.jpg?expires=1&sig=x', profileImageKey: 'abc.jpg' }
    const fetch = api(withImage, { 'PUT users/profile': () => [200, { data: { user: creator } }] })
    renderRoute(<ProfileForm />)
    expect(await screen.findByRole('img', { name: 'Profile picture preview' })).toHaveAttribute('src', withImage.profileImage)
    await userEvent.click(screen.getByRole('button', { name: 'Remove Picture' }))
    expect(screen.queryByRole('img', { name: 'Profile picture preview' })).not.toBeInTheDocument()
    await save()
    await screen.findByText('Profile updated successfully')
    expect(putBody(fetch)).toEqual({ name: 'Cara Creator', niche: 'n2', profileImage: '' })
    expect(getAuthState().profileImage).toBeNull()
  })
})
