import { describe, it, expect } from 'vitest'
import { screen } from '@testing-library/react'
import { AuthLayout } from '../auth-layout'
import { renderRoute } from '../../../../test-utils'

describe('AuthLayout', () => {
  it('shows the promo panel only on large screens', () => {
    renderRoute(<AuthLayout />, { path: '/login' })
    const promo = screen.getByText('Your Personal Creator Coach').closest('aside')
    expect(promo).toHaveClass('d-none', 'd-lg-flex')
    expect(screen.getByText('Powered by your own platform data')).toBeInTheDocument()
  })
})
