import { describe, it, expect, beforeEach, vi } from 'vitest'
import { screen, within } from '@testing-library/react'
import { SharedResults } from '../shared-results'
import { expectNoAxeViolations, expectPublicPage, mockApi, renderRoute } from '../../../../test-utils'
import { RESULTS, SHARED, ok } from './results-fixtures'

vi.mock('../../../../components/trend-chart', () => ({ default: () => <p>chart</p> }))

const render = () => renderRoute(<SharedResults token="abc" />, { path: '/share/:token', entry: '/share/abc' })

describe('SharedResults (the public /share/{token} page)', () => {
  beforeEach(() => localStorage.setItem('access_token', 'tok'))

  it('renders the results read-only, without fees when the brand hid them, and without the session token', async () => {
    const fetch = mockApi({ 'GET share/abc': ok(SHARED) })
    const { container } = render()
    expect(await screen.findByRole('heading', { level: 1, name: 'Autumn Lookbook' })).toBeInTheDocument()
    expect(screen.getByText('Read-only results shared by Acme Studio; fees are not shown.')).toBeInTheDocument()
    const spend = screen.getByRole('region', { name: 'Spend' })
    expect(spend).toHaveTextContent('n/a')
    expect(spend).toHaveTextContent('Hidden by the brand')
    expect(spend).not.toHaveTextContent('$')
    expect(screen.getByRole('region', { name: 'Views' })).toHaveTextContent('12,000')
    const table = screen.getByRole('region', { name: 'Creators' }).querySelector('table')
    expect(within(table).queryByRole('columnheader', { name: 'Fee' })).toBeNull()
    expect(within(table).queryByRole('columnheader', { name: 'Usage' })).toBeNull() // terms go with the fees
    expect(table).not.toHaveTextContent('$')
    expect(screen.queryByRole('button')).toBeNull() // no export, share or edit controls
    await expectPublicPage(fetch, container)
  })

  it('says the link has expired or was revoked on a 404', async () => {
    mockApi({ 'GET share/abc': () => [404, { message: 'This share link has expired or was revoked' }] })
    const { container } = render()
    expect(await screen.findByRole('heading', { level: 1, name: 'This share link has expired or was revoked' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Log in to Creator Coach' })).toHaveAttribute('href', '/login')
    await expectNoAxeViolations(container)
  })

  it('shows the fees and each post\'s usage when the brand shares them', async () => {
    mockApi({ 'GET share/abc': ok(RESULTS) })
    const { container } = render()
    await screen.findByRole('heading', { level: 1, name: 'Autumn Lookbook' })
    const table = screen.getByRole('region', { name: 'Creators' }).querySelector('table')
    expect(within(table).getByRole('columnheader', { name: 'Usage' })).toBeInTheDocument()
    expect(table).toHaveTextContent('Paid until 2026-11-05')
    expect(screen.getByRole('region', { name: 'Spend' })).toHaveTextContent('$1,800.00')
    await expectNoAxeViolations(container)
  })
})
