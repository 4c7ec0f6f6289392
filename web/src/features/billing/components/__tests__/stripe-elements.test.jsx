import { beforeEach, describe, expect, it, vi } from 'vitest'
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { mockApi, renderRoute } from '../../../../test-utils'
import { AddCard } from '../add-card'

// Stripe.js itself loads from the provider, which tests cannot reach: the loader answers no instance,
// so Elements renders its card field without a live iframe.
const loadStripe = vi.fn(() => Promise.resolve(null))
vi.mock('@stripe/stripe-js', () => ({ loadStripe: (...args) => loadStripe(...args) }))

describe('AddCard', () => {
  beforeEach(() => loadStripe.mockClear())

  it('with a real publishable key loads the Stripe Elements form (its own chunk) with that key, not the test-card picker', async () => {
    mockApi({ 'GET payments/config': () => [200, { data: { publishableKey: 'pk_test_51RealKey', sandbox: false } }] })
    renderRoute(<AddCard />)
    await userEvent.click(screen.getByRole('button', { name: 'Add a card' }))
    expect(await screen.findByText('Card details')).toBeInTheDocument()
    expect(screen.queryByLabelText('Test card', { exact: true })).toBeNull()
    expect(loadStripe).toHaveBeenCalledWith('pk_test_51RealKey')
    // No Stripe instance yet: nothing can be submitted.
    expect(screen.getByRole('button', { name: 'Add card' })).toBeDisabled()
  })

  it('in the sandbox offers the test-card picker and never loads Stripe.js', async () => {
    mockApi({ 'GET payments/config': () => [200, { data: { publishableKey: 'pk_test_sandbox', sandbox: true } }] })
    renderRoute(<AddCard />)
    await userEvent.click(screen.getByRole('button', { name: 'Add a card' }))
    expect(await screen.findByLabelText('Test card', { exact: true })).toBeInTheDocument()
    expect(screen.queryByText('Card details')).toBeNull()
    expect(loadStripe).not.toHaveBeenCalled()
  })
})
