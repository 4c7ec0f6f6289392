import { describe, it, expect } from 'vitest'
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { renderRoute, mockApi } from '../../../test-utils'
import AdminBrandsRoute from '../admin-brands'

describe('Create brand', () => {
  it('the brands page creates a brand and invites its admin', async () => {
    let body
    mockApi({
      'GET admins/get-brands?page=1&limit=10': () => [200, { data: { brands: [], total: 0, page: 1, limit: 10 } }],
      'POST admins/brands': (b) => ((body = b), [201, { data: { brand: { _id: 'b1', name: 'Nova' }, message: 'Brand created. An invitation was sent to nia@nova.io' } }]),
    })
    renderRoute(<AdminBrandsRoute />)
    await userEvent.click(screen.getByRole('button', { name: 'Create brand' }))
    await userEvent.click(screen.getByRole('button', { name: 'Create brand and invite' }))
    expect(await screen.findByText('Brand name is required')).toBeInTheDocument()
    await userEvent.type(screen.getByLabelText(/^Brand name/), 'Nova')
    await userEvent.type(screen.getByLabelText(/^Brand admin's full name/), 'Nia Nova')
    await userEvent.type(screen.getByLabelText(/^Brand admin's email/), 'nia@nova.io')
    await userEvent.click(screen.getByRole('button', { name: 'Create brand and invite' }))
    expect(await screen.findByText('Brand created. An invitation was sent to nia@nova.io')).toBeInTheDocument()
    expect(body).toEqual({ brandName: 'Nova', name: 'Nia Nova', email: 'nia@nova.io' })
  })
})
