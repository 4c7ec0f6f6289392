import { describe, it, expect } from 'vitest'
import { screen, within } from '@testing-library/react'
import { renderRoute, mockApi } from '../../../../test-utils'
import { RecentCreatorImports } from '../recent-creator-imports'

describe('RecentCreatorImports', () => {
  it('shows why a failed import failed', async () => {
    const failed = { id: 'j2', kind: 'creator_import', status: 'failed', progress: 0, total: 0, processed: 0, failed: 0, result: null,
      error: 'The file has no usable header row: it needs a Name column and an Email or platform handle column (see the sample files).', createdAt: '2026-11-20T10:00:00Z' }
    mockApi({ 'GET jobs?kind=creator_import&limit=10': () => [200, { data: { jobs: [failed], total: 1 } }] })
    renderRoute(<RecentCreatorImports />)
    const row = (await screen.findByText('Failed', { selector: '.badge' })).closest('tr')
    expect(within(row).getByText(/^The file has no usable header row/)).toBeVisible()
  })
})
