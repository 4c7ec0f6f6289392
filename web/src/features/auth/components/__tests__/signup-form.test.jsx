import { describe, it, expect, beforeEach } from 'vitest'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { SignupForm } from '../signup-form'
import { expectTexts, mockApi, renderRoute } from '../../../../test-utils'
import { resetToasts } from '../../../../lib/toast'

const NICHES = { data: { niche: [{ _id: 'n3', name: 'Travel' }, { _id: 'n1', name: 'Beauty' }, { _id: 'n2', name: 'Fitness' }] } }

async function fillCommon({ email = 'jo@example.com', password = 'Demo#2026', confirm = password } = {}) {
  await userEvent.type(screen.getByLabelText('Email'), email)
  await userEvent.type(screen.getByLabelText('Password'), password)
  await userEvent.type(screen.getByLabelText('Confirm Password'), confirm)
}

// submitBrand fills the brand tab (already open), agrees to the terms and submits.
async function submitBrand(company, name, email) {
  await userEvent.type(screen.getByLabelText('Company Name'), company)
  await userEvent.type(screen.getByLabelText('Full Name'), name)
  await fillCommon({ email })
  await userEvent.click(screen.getByRole('checkbox'))
  await userEvent.click(screen.getByRole('button', { name: 'Create Account' }))
}

describe('SignupForm', () => {
  beforeEach(() => resetToasts())

  it('creator tab: required messages', async () => {
    mockApi({ 'GET niche': () => [200, NICHES] })
    renderRoute(<SignupForm />, { path: '/signup' })
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }))
    expect(await screen.findByText('Full name is required')).toBeInTheDocument()
    expectTexts(['Email is required', 'Password is required', 'Confirm password is required', 'Creator niche is required', 'You must agree to the Terms & Privacy Policy'])
  })

  it('creator tab: format messages', async () => {
    mockApi({ 'GET niche': () => [200, NICHES] })
    renderRoute(<SignupForm />, { path: '/signup' })
    await userEvent.type(screen.getByLabelText('Full Name'), 'Jo$')
    await fillCommon({ email: 'bad', password: 'abcdefgh', confirm: 'other' })
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }))
    expect(await screen.findByText('Special characters are not allowed')).toBeInTheDocument()
    expect(screen.getByText('Invalid email')).toBeInTheDocument()
    expect(
      screen.getByText(
        'Password must be at least 8 characters long and include one uppercase, one lowercase, one number, and one special character',
      ),
    ).toBeInTheDocument()
    expect(screen.getByText('Passwords must be same')).toBeInTheDocument()
  })

  it('rejects characters outside the allowed special set', async () => {
    mockApi({ 'GET niche': () => [200, NICHES] })
    renderRoute(<SignupForm />, { path: '/signup' })
    await fillCommon({ password: 'Demo$2026x' })
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }))
    expect(await screen.findByText(/^Password must be at least 8 characters long/)).toBeInTheDocument()
  })

  it('lists niches sorted by name with the id as value, then registers a creator', async () => {
    const fetch = mockApi({
      'GET niche': () => [200, NICHES],
      'POST users/register': () => [201, { data: { user: { _id: 'u' } } }],
    })
    renderRoute(<SignupForm />, { path: '/signup' })
    const select = screen.getByLabelText('Creator Niche')
    await within(select).findByRole('option', { name: 'Beauty' })
    const options = within(select).getAllByRole('option').slice(1)
    expect(options.map((o) => o.textContent)).toEqual(['Beauty', 'Fitness', 'Travel'])
    expect(options.map((o) => o.value)).toEqual(['n1', 'n2', 'n3'])

    await userEvent.type(screen.getByLabelText('Full Name'), 'Jo Creator')
    await fillCommon()
    await userEvent.selectOptions(select, 'n2')
    await userEvent.click(screen.getByRole('checkbox'))
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }))
    expect(await screen.findByText('Please check your email for OTP!')).toBeInTheDocument()
    const location = await screen.findByTestId('location')
    expect(location).toHaveTextContent('/verify-email')
    expect(JSON.parse(location.dataset.state)).toEqual({ email: 'jo@example.com' })
    const call = fetch.mock.calls.find(([u]) => u === '/api/users/register')
    expect(JSON.parse(call[1].body)).toEqual({ name: 'Jo Creator', email: 'jo@example.com', password: 'Demo#2026', niche: 'n2' })
  })

  it('links the terms checkbox to the terms and privacy pages', async () => {
    mockApi({ 'GET niche': () => [200, NICHES] })
    renderRoute(<SignupForm />, { path: '/signup' })
    await screen.findByRole('option', { name: 'Beauty' })
    const label = screen.getByText(/I agree to the/).closest('label')
    expect(within(label).getByRole('link', { name: 'Terms & Conditions' })).toHaveAttribute('href', '/terms-and-conditions')
    expect(within(label).getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy-policy')
  })

  it('brand tab: messages and payload', async () => {
    const fetch = mockApi({
      'GET niche': () => [200, NICHES],
      'POST users/register': () => [201, { data: { user: {} } }],
    })
    renderRoute(<SignupForm />, { path: '/signup' })
    await userEvent.click(screen.getByRole('tab', { name: 'Brand' }))
    expect(screen.queryByLabelText('Creator Niche')).not.toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }))
    expect(await screen.findAllByText('company name is required')).toHaveLength(2)

    await submitBrand('Acme Studio', 'Bea Brand', 'bea@example.com')
    expect(await screen.findByText('Please check your email for OTP!')).toBeInTheDocument()
    const call = fetch.mock.calls.find(([u]) => u === '/api/users/register')
    expect(JSON.parse(call[1].body)).toEqual({ brandName: 'Acme Studio', name: 'Bea Brand', email: 'bea@example.com', password: 'Demo#2026' })
  })

  it('brand tab: a blank company name says Brand name is required', async () => {
    mockApi({ 'GET niche': () => [200, NICHES] })
    renderRoute(<SignupForm />, { path: '/signup' })
    await userEvent.click(screen.getByRole('tab', { name: 'Brand' }))
    await submitBrand('   ', 'Bea')
    expect(await screen.findByText('Brand name is required')).toBeInTheDocument()
  })

  it('switching tabs resets both forms', async () => {
    mockApi({ 'GET niche': () => [200, NICHES] })
    renderRoute(<SignupForm />, { path: '/signup' })
    await userEvent.type(screen.getByLabelText('Full Name'), 'Creator Name')
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }))
    expect(await screen.findByText('Email is required')).toBeInTheDocument()

    await userEvent.click(screen.getByRole('tab', { name: 'Brand' }))
    expect(screen.getByRole('tab', { name: 'Brand' })).toHaveAttribute('aria-selected', 'true')
    expect(screen.getByLabelText('Full Name')).toHaveValue('')
    expect(screen.queryByText('Email is required')).not.toBeInTheDocument()
    await userEvent.type(screen.getByLabelText('Company Name'), 'Acme')

    await userEvent.click(screen.getByRole('tab', { name: 'Creator' }))
    expect(screen.getByLabelText('Full Name')).toHaveValue('')
    await userEvent.click(screen.getByRole('tab', { name: 'Brand' }))
    expect(screen.getByLabelText('Company Name')).toHaveValue('')
  })

  it('puts server field errors into the form and toasts the message', async () => {
    mockApi({
      'GET niche': () => [200, NICHES],
      'POST users/register': () => [422, { message: 'Please correct the highlighted fields', error_code: 'invalid', fields: { email: 'Invalid email' } }],
    })
    renderRoute(<SignupForm />, { path: '/signup' })
    await userEvent.click(screen.getByRole('tab', { name: 'Brand' }))
    await submitBrand('Acme', 'Bea')
    expect(await screen.findByText('Please correct the highlighted fields')).toBeInTheDocument()
    expect(screen.getByText('Invalid email')).toBeInTheDocument()
  })
})
