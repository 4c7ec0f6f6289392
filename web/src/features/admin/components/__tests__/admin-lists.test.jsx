import { describe, it, expect } from 'vitest'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { renderRoute, mockApi } from '../../../../test-utils'
import { AdminCreatorList } from '../admin-creator-list'
import { AdminBrandList } from '../admin-brand-list'

const creator = (i, patch) => ({
  _id: `c${i}`, name: `Creator ${i}`, email: `c${i}@example.com`, niche: 'Technology', location: 'Lisbon', tier: 'Mid', followers: 64000,
  engagementRate: 3.25, platforms: { instagram: { handle: `@c${i}`, followers: 64000 }, youtube: { handle: `c${i}`, followers: 1000 } },
  audience: null, userId: null, uploadJobId: null, createdAt: '2026-11-20T10:00:00Z', updatedAt: '2026-11-20T10:00:00Z', ...patch,
})

describe('AdminCreatorList', () => {
  it('lists creators, searches and pages', async () => {
    mockApi({
      'GET admins/get-creators?page=1&limit=10': () => [200, { data: { creators: Array.from({ length: 10 }, (_, i) => creator(i, i === 1 ? { userId: 'u1' } : {})), total: 10000, page: 1, limit: 10 } }],
      'GET admins/get-creators?page=2&limit=10': () => [200, { data: { creators: [creator(10, { name: 'Second Page' })], total: 10000, page: 2, limit: 10 } }],
      'GET admins/get-creators?page=1&limit=10&search=kenji': () => [200, { data: { creators: [creator(99, { name: 'Kenji Silva', tier: 'Macro', engagementRate: null })], total: 1, page: 1, limit: 10 } }],
      'GET admins/get-creators?page=1&limit=10&search=nobody': () => [200, { data: { creators: [], total: 0, page: 1, limit: 10 } }],
    })
    renderRoute(<AdminCreatorList payouts={(userId) => `payouts of ${userId}`} />, { path: '/admin/creators' })
    const table = await screen.findByRole('table', { name: 'Creators' })
    const rows = within(table).getAllByRole('row')
    expect(rows).toHaveLength(11)
    expect(within(rows[1]).getAllByRole('cell').map((c) => c.textContent)).toEqual([
      'Creator 0c0@example.com', 'TechnologyLisbon', 'Mid', '64,000', '3.3%', 'Instagram, YouTube', 'No account', 'Nov 20, 2026', 'Merge',
    ])
    expect(within(rows[2]).getByRole('cell', { name: 'payouts of u1' })).toBeInTheDocument()
    expect(screen.getByText('10,000+ creators')).toBeInTheDocument()
    expect(screen.getByText('Showing 1–10 of 10,000+')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Next' }))
    expect(await screen.findByText('Second Page')).toBeInTheDocument()
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search creators' }), 'kenji')
    expect(await screen.findByText('Kenji Silva')).toBeInTheDocument()
    expect(screen.getByText('1 creator')).toBeInTheDocument()
    expect(screen.getByText('Macro')).toBeInTheDocument()
    await userEvent.clear(screen.getByRole('searchbox', { name: 'Search creators' }))
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search creators' }), 'nobody')
    expect(await screen.findByText('No creators match "nobody"')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Clear search' }))
    expect(await screen.findByText('Creator 0')).toBeInTheDocument()
  })

  it('merges two entries by hand: keep one, search the other, confirm', async () => {
    let body
    let merged = false
    mockApi({
      'GET admins/get-creators?page=1&limit=10': () => [200, { data: { creators: merged ? [creator(1, { name: 'Sara Romero' })] : [creator(1, { name: 'Sara Romero' }), creator(2, { name: 'Sara R.' })], total: 2, page: 1, limit: 10 } }],
      'GET admins/get-creators?page=1&limit=10&search=sara': () => [200, { data: { creators: [creator(2, { name: 'Sara R.' })], total: 1, page: 1, limit: 10 } }],
      'POST admins/creators/c1/merge': (b) => ((body = b), (merged = true), [200, { data: { creator: creator(1, { name: 'Sara Romero' }) } }]),
    })
    renderRoute(<AdminCreatorList />, { path: '/admin/creators' })
    await userEvent.click(await screen.findByRole('button', { name: 'Merge another entry into Sara Romero' }))
    expect(screen.getByRole('status')).toHaveTextContent('Merging into Sara Romero')
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search creators' }), 'sara')
    await userEvent.click(await screen.findByRole('button', { name: 'Merge into Sara Romero: Sara R.' }))
    const dialog = await screen.findByRole('dialog', { name: 'Merge these entries?' })
    expect(dialog).toHaveTextContent('the entry Sara R. is deleted')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Merge entries' }))
    expect(await screen.findByText('Sara R. merged into Sara Romero')).toBeInTheDocument()
    expect(body).toEqual({ sourceId: 'c2' })
    expect(screen.queryByText(/Merging into/)).toBeNull()
  })

  it('shows a failed load with a retry', async () => {
    mockApi({ 'GET admins/get-creators?page=1&limit=10': () => [500, { message: 'Something went wrong. Please try again.' }] })
    renderRoute(<AdminCreatorList />, { path: '/admin/creators' })
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong. Please try again.')
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument()
  })
})

describe('AdminBrandList', () => {
  it('lists brands with owner and members, and searches', async () => {
    mockApi({
      'GET admins/get-brands?page=1&limit=10': () => [200, { data: { brands: [
        { _id: 'b1', name: 'Acme Foods', ownerName: 'Bea Brand', ownerEmail: 'brand@example.com', members: 3, createdAt: '2026-11-01T10:00:00Z' },
        { _id: 'b2', name: 'Globex', ownerName: 'Gil', ownerEmail: 'gil@example.com', members: 1, createdAt: '2026-11-02T10:00:00Z' },
      ], total: 2, page: 1, limit: 10 } }],
      'GET admins/get-brands?page=1&limit=10&search=zzz': () => [200, { data: { brands: [], total: 0, page: 1, limit: 10 } }],
    })
    renderRoute(<AdminBrandList />, { path: '/admin/brands' })
    const table = await screen.findByRole('table', { name: 'Brands' })
    const rows = within(table).getAllByRole('row')
    expect(rows).toHaveLength(3)
    expect(within(rows[1]).getAllByRole('cell').map((c) => c.textContent)).toEqual(['Acme Foods', 'Bea Brandbrand@example.com', '3', 'Nov 1, 2026'])
    expect(screen.getByText('2 brands')).toBeInTheDocument()
    expect(screen.getByText('Showing 1–2 of 2')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument()
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search brands' }), 'zzz')
    expect(await screen.findByText('No brands match "zzz"')).toBeInTheDocument()
  })

  it('says when there are no brands', async () => {
    mockApi({ 'GET admins/get-brands?page=1&limit=10': () => [200, { data: { brands: [], total: 0, page: 1, limit: 10 } }] })
    renderRoute(<AdminBrandList />, { path: '/admin/brands' })
    expect(await screen.findByText('No brands yet')).toBeInTheDocument()
  })
})
