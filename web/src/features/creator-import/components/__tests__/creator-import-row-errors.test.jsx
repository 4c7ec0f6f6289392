import { describe, it, expect, beforeEach } from 'vitest'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { renderRoute, mockApi } from '../../../../test-utils'
import { CreatorImportRowErrors } from '../creator-import-row-errors'

const pageOf = (page, n, total) => ({
  data: {
    errors: Array.from({ length: n }, (_, i) => ({ row: (page - 1) * 50 + i + 2, column: 'Email', message: `Invalid email ${(page - 1) * 50 + i}` })),
    total,
    page,
    limit: 50,
  },
})

describe('CreatorImportRowErrors', () => {
  beforeEach(() => localStorage.setItem('access_token', 'tok'))

  it('reads the JSON pages of row errors and pages through them', async () => {
    const fetch = mockApi({
      'GET jobs/j9/errors?format=json&page=1&limit=50': () => [200, pageOf(1, 50, 120)],
      'GET jobs/j9/errors?format=json&page=2&limit=50': () => [200, pageOf(2, 50, 120)],
    })
    renderRoute(<CreatorImportRowErrors jobId="j9" failed={120} />)
    const table = await screen.findByRole('table')
    expect(within(table).getAllByRole('row')).toHaveLength(51)
    expect(within(table).getByText('Invalid email 0')).toBeInTheDocument()
    expect(screen.getByText('Showing 1–50 of 120')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Next' }))
    expect(await screen.findByText('Invalid email 50')).toBeInTheDocument()
    expect(screen.getByText('Showing 51–100 of 120')).toBeInTheDocument()
    expect(fetch.mock.calls.map(([u]) => u)).toEqual([
      '/api/jobs/j9/errors?format=json&page=1&limit=50',
      '/api/jobs/j9/errors?format=json&page=2&limit=50',
    ])
  })

  it('shows a load failure with Try again', async () => {
    let calls = 0
    mockApi({
      'GET jobs/j9/errors?format=json&page=1&limit=50': () => (++calls === 1 ? [500, { message: 'Database unavailable' }] : [200, pageOf(1, 1, 1)]),
    })
    renderRoute(<CreatorImportRowErrors jobId="j9" failed={1} />)
    expect(await screen.findByText('Database unavailable')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByText('1 error.')).toBeInTheDocument()
  })
})
